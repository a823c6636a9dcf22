// /admin/user/{userId}/edit: display name, enable/disable (never oneself) and roles.
import type { AdminUser } from '@atrium/contract';
import { DisplayNameMaxLength } from '@atrium/contract';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { useParams } from 'react-router';
import { AdminErrorAlert, AdminPageHeader, AdminSection, apiErrorMessage, apiErrorStatus, ConfirmDialog, fieldErrors } from '../../../components/admin';
import { useGetAdminUserQuery, useUpdateAdminUserMutation } from '../api/admin-users.api';
import { UserRolesEditor } from './user-roles-editor';
import { UserStatusChip } from './user-status-chip';
import { useUserPermissions } from './use-user-permissions';
import { can } from '../../../app/hooks/can';

function NameForm({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [update, { isLoading, error }] = useUpdateAdminUserMutation();
  const [name, setName] = useState(user.displayName);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const result = await update({ userId: user.userId, displayName: name.trim() });
    if ('data' in result) enqueueSnackbar(t('adminUsers.saved'), { variant: 'success' });
  };
  return (
    <Stack component="form" onSubmit={submit} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
      <TextField
        size="small"
        label={t('adminUsers.displayName')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={Boolean(fieldErrors(error).displayName)}
        helperText={fieldErrors(error).displayName}
        slotProps={{ htmlInput: { maxLength: DisplayNameMaxLength } }}
        sx={{ minWidth: { sm: 320 } }}
      />
      <Button type="submit" variant="contained" disabled={isLoading || !name.trim() || name.trim() === user.displayName}>
        {t('adminUsers.save')}
      </Button>
    </Stack>
  );
}

function StatusControl({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [update, { isLoading }] = useUpdateAdminUserMutation();
  const [confirming, setConfirming] = useState(false);
  const setDisabled = async (disabled: boolean) => {
    const result = await update({ userId: user.userId, disabled });
    setConfirming(false);
    if ('error' in result) enqueueSnackbar(apiErrorMessage(result.error, t('adminUi.loadFailed')), { variant: 'error' });
    else enqueueSnackbar(t(disabled ? 'adminUsers.disabledMessage' : 'adminUsers.enabledMessage', { name: user.displayName }), { variant: 'success' });
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <UserStatusChip user={user} />
        <Typography variant="body2" color="text.secondary">
          {isSelf ? t('adminUsers.selfDisableHint') : t(user.disabled ? 'adminUsers.inactiveText' : 'adminUsers.activeText')}
        </Typography>
      </Stack>
      {user.disabled ? (
        <Button variant="outlined" color="success" onClick={() => void setDisabled(false)} disabled={isLoading}>
          {t('adminUsers.enable')}
        </Button>
      ) : (
        <Button variant="outlined" color="error" onClick={() => setConfirming(true)} disabled={isLoading || isSelf}>
          {t('adminUsers.disable')}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('adminUsers.disableTitle', { name: user.displayName })}
        text={t('adminUsers.disableText', { name: user.displayName })}
        confirmLabel={t('adminUsers.disable')}
        busy={isLoading}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void setDisabled(true)}
      />
    </Stack>
  );
}

export function UserEditPage() {
  const { t } = useTranslation();
  const { userId = '' } = useParams();
  const { me, canAddRoles } = useUserPermissions();
  const { data: user, error, refetch } = useGetAdminUserQuery(userId);
  const canWrite = can(user, 'Edit');
  const isSelf = me?.userId === userId;
  return (
    <>
      <AdminPageHeader
        title={user ? `${user.displayName}${isSelf ? ` ${t('adminUsers.youSuffix')}` : ''}` : t('adminUsers.editTitle')}
        pageTitle={t('adminUsers.editTitle')}
        subtitle={user?.emailAddress}
        breadcrumbs={[{ label: t('adminUsers.title'), to: '/admin/user' }, { label: t('adminUsers.edit') }]}
      />
      {error ? (
        <AdminErrorAlert error={error} fallback={apiErrorStatus(error) === 404 ? t('adminUsers.notFound') : undefined} onRetry={() => void refetch()} />
      ) : !user ? (
        <Skeleton variant="rounded" height={320} />
      ) : (
        <Stack spacing={2} sx={{ maxWidth: 800 }}>
          {canWrite && (
            <AdminSection title={t('adminUsers.displayName')}>
              <NameForm key={user.updatedAt} user={user} />
            </AdminSection>
          )}
          {canWrite && (
            <AdminSection title={t('adminUsers.accountStatus')}>
              <StatusControl user={user} isSelf={isSelf} />
            </AdminSection>
          )}
          <AdminSection title={t('adminUsers.roles')}>
            <UserRolesEditor user={user} canAdd={canAddRoles} canRemove={canWrite} />
          </AdminSection>
        </Stack>
      )}
    </>
  );
}
