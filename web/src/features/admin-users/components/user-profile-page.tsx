// /admin/user/{id}/profile: who a person is, how they sign in, their status and roles.
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useTranslation } from '../../../app/i18n/i18n';
import { Link as RouterLink, useParams } from 'react-router';
import { AdminErrorAlert, AdminPageHeader, apiErrorStatus } from '../../../components/admin';
import { useGetAdminUserQuery } from '../api/admin-users.api';
import { initialsOf } from './format';
import { DateTime } from '../../../components/date-time';
import { UserDetailsList } from './user-details-list';
import { UserRoleChips } from './user-role-chips';
import { UserStatusChip } from './user-status-chip';
import { useUserPermissions } from './use-user-permissions';

export function UserProfilePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { canWrite } = useUserPermissions();
  const { data: user, error, refetch } = useGetAdminUserQuery(id);
  const crumbs = [{ label: t('adminUsers.title'), to: '/admin/user' }, { label: user?.displayName ?? t('adminUsers.profileTitle') }];
  return (
    <>
      <AdminPageHeader
        title={user?.displayName ?? t('adminUsers.profileTitle')}
        pageTitle={t('adminUsers.profileTitle')}
        subtitle={user?.emailAddress}
        breadcrumbs={crumbs}
        actions={
          canWrite &&
          user && (
            <Button component={RouterLink} to={`/admin/user/${user.userId}/edit`} variant="outlined" startIcon={<EditOutlinedIcon />}>
              {t('adminUsers.edit')}
            </Button>
          )
        }
      />
      {error ? (
        <AdminErrorAlert error={error} fallback={apiErrorStatus(error) === 404 ? t('adminUsers.notFound') : undefined} onRetry={() => void refetch()} />
      ) : !user ? (
        <Skeleton variant="rounded" height={240} />
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
            <Avatar sx={{ width: 56, height: 56, bgcolor: user.disabled ? 'action.disabled' : 'primary.main' }}>
              {initialsOf(user.displayName, user.emailAddress)}
            </Avatar>
            <div>
              <Typography variant="h6" component="h2">
                {user.displayName}
              </Typography>
              <UserStatusChip user={user} />
            </div>
          </Stack>
          <UserDetailsList
            rows={[
              [t('adminUsers.email'), user.emailAddress],
              [t('adminUsers.identityProvider'), t(`adminUsers.providers.${user.identityProvider}`, { defaultValue: user.identityProvider })],
              [t('adminUsers.roles'), user.userRoles.length ? <UserRoleChips roles={user.userRoles} /> : t('adminUsers.noRoles')],
              [t('adminUsers.lastSignIn'), user.lastSignInAt ? <DateTime value={user.lastSignInAt} /> : t('adminUsers.never')],
              [t('adminUsers.created'), <DateTime value={user.createdAt} />],
            ]}
          />
        </Paper>
      )}
    </>
  );
}
