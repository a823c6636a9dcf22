// /admin/userRole/new and /admin/userRole/{id}/edit: name, description, actions; for an existing
// role also the agents its scoped actions cover and the people holding it; custom roles can be deleted.
import { UserRoleDescriptionMaxLength, UserRoleNameMaxLength, type UserAction, type UserRole } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { AdminErrorAlert, AdminPageHeader, AdminSection, apiErrorMessage, apiErrorStatus, ConfirmDialog, fieldErrors } from '../../../components/admin';
import { useCreateUserRoleMutation, useDeleteUserRoleMutation, useGetUserRoleQuery, useUpdateUserRoleMutation } from '../api/user-roles.api';
import { RoleActionsChecklist } from './role-actions-checklist';
import { RoleEntityConfiguration } from './role-entity-configuration';
import { RoleUsers } from './role-users';
import { RoleBudgetSection } from '../../../components/usage-limits/role-budget-section';
import { useRolePermissions } from './use-role-permissions';
import { can } from '../../../app/hooks/can';

function RoleForm({ role, canSave }: { role: UserRole | null; canSave: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [create, creating] = useCreateUserRoleMutation();
  const [update, updating] = useUpdateUserRoleMutation();
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [actions, setActions] = useState<UserAction[]>(role?.userActions ?? []);
  const error = role ? updating.error : creating.error;
  const fields = fieldErrors(error);
  const isAdministrator = role?.builtInKey === 'Administrator';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    if (role) {
      const result = await update({
        userRoleId: role.userRoleId,
        ...(role.isBuiltIn ? {} : { name: name.trim() }),
        description: description.trim(),
        ...(isAdministrator ? {} : { userActions: actions }),
      });
      if ('data' in result) enqueueSnackbar(t('adminUserRoles.saved'), { variant: 'success' });
    } else {
      const result = await create({ name: name.trim(), description: description.trim(), userActions: actions });
      if ('data' in result && result.data) {
        enqueueSnackbar(t('adminUserRoles.created', { name: result.data.name }), { variant: 'success' });
        navigate(`/admin/userRole/${result.data.userRoleId}/edit`, { replace: true });
      }
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2}>
      <AdminSection title={role?.name ?? t('adminUserRoles.newTitle')}>
        <Stack spacing={2.5}>
          {error && Object.keys(fields).length === 0 && <AdminErrorAlert error={error} />}
          {role?.isBuiltIn && (
            <Alert severity="info">
              {isAdministrator ? `${t('adminUserRoles.builtInNote')} ${t('adminUserRoles.adminNote')}` : t('adminUserRoles.builtInNote')}
            </Alert>
          )}
          <TextField
            label={t('adminUserRoles.name')}
            required
            value={name}
            disabled={!canSave || role?.isBuiltIn}
            onChange={(e) => setName(e.target.value)}
            error={Boolean(fields.name)}
            helperText={fields.name}
            slotProps={{ htmlInput: { maxLength: UserRoleNameMaxLength } }}
          />
          <TextField
            label={t('adminUserRoles.description')}
            value={description}
            disabled={!canSave}
            onChange={(e) => setDescription(e.target.value)}
            multiline
            minRows={2}
            error={Boolean(fields.description)}
            helperText={fields.description}
            slotProps={{ htmlInput: { maxLength: UserRoleDescriptionMaxLength } }}
          />
        </Stack>
      </AdminSection>
      <AdminSection title={t('adminUserRoles.actions')}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('adminUserRoles.actionsHelp')}
        </Typography>
        {fields.userActions && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {fields.userActions}
          </Alert>
        )}
        <RoleActionsChecklist value={actions} onChange={setActions} disabled={!canSave || isAdministrator} />
      </AdminSection>
      {canSave && (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button component={RouterLink} to="/admin/userRole">
            {t('adminUserRoles.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!name.trim() || creating.isLoading || updating.isLoading}>
            {role ? t('adminUserRoles.save') : t('adminUserRoles.create')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

export function RoleEditPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { canCreate } = useRolePermissions();
  const { data: role, error, refetch } = useGetUserRoleQuery(id ?? '', { skip: !id });
  const canWrite = can(role, 'Edit');
  const [remove, removing] = useDeleteUserRoleMutation();
  const [confirming, setConfirming] = useState(false);
  const crumbs = [
    { label: t('adminUserRoles.title'), to: '/admin/userRole' },
    { label: id ? (role?.name ?? t('adminUserRoles.editTitle')) : t('adminUserRoles.newRole') },
  ];

  const doDelete = async () => {
    if (!role) return;
    const result = await remove(role.userRoleId);
    setConfirming(false);
    if ('error' in result) enqueueSnackbar(apiErrorMessage(result.error, t('adminUi.loadFailed')), { variant: 'error' });
    else {
      enqueueSnackbar(t('adminUserRoles.deleted', { name: role.name }), { variant: 'success' });
      navigate('/admin/userRole');
    }
  };

  if (!id) {
    return (
      <>
        <AdminPageHeader title={t('adminUserRoles.newTitle')} breadcrumbs={crumbs} />
        <RoleForm role={null} canSave={canCreate} />
      </>
    );
  }
  return (
    <>
      <AdminPageHeader
        title={role?.name ?? t('adminUserRoles.editTitle')}
        pageTitle={t('adminUserRoles.editTitle')}
        subtitle={role?.description || undefined}
        breadcrumbs={crumbs}
        actions={
          can(role, 'Delete') && (
            <Button color="error" variant="outlined" startIcon={<DeleteOutlineIcon />} onClick={() => setConfirming(true)}>
              {t('adminUserRoles.delete')}
            </Button>
          )
        }
      />
      {error ? (
        <AdminErrorAlert error={error} fallback={apiErrorStatus(error) === 404 ? t('adminUserRoles.notFound') : undefined} onRetry={() => void refetch()} />
      ) : !role ? (
        <Skeleton variant="rounded" height={400} />
      ) : (
        <Stack spacing={2}>
          <RoleForm key={role.updatedAt} role={role} canSave={canWrite} />
          <AdminSection title={t('adminUserRoles.entityConfiguration')}>
            <RoleEntityConfiguration role={role} canWrite={canWrite} />
          </AdminSection>
          <RoleBudgetSection userRoleId={role.userRoleId} canWrite={canWrite} />
          <AdminSection title={t('adminUserRoles.roleUsers')}>
            <RoleUsers userRoleId={role.userRoleId} />
          </AdminSection>
        </Stack>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('adminUserRoles.deleteTitle', { name: role?.name ?? '' })}
        text={t('adminUserRoles.deleteText', { count: role?.userCount ?? 0 })}
        confirmLabel={t('adminUserRoles.delete')}
        busy={removing.isLoading}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void doDelete()}
      />
    </>
  );
}
