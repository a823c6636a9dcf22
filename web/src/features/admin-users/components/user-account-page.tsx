// /admin/user/account: the signed-in administrator's own account: who they are, their roles, what
// those let them do (the server's resolved actions) and their directory groups.
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useTranslation } from '../../../app/i18n/i18n';
import { Link as RouterLink } from 'react-router';
import { AdminPageHeader } from '../../../components/admin';
import { UserDetailsList } from './user-details-list';
import { UserRoleChips } from './user-role-chips';
import { useUserPermissions } from './use-user-permissions';

export function UserAccountPage() {
  const { t } = useTranslation();
  const { me, canWrite } = useUserPermissions();
  return (
    <>
      <AdminPageHeader
        title={t('adminUsers.accountTitle')}
        subtitle={me?.emailAddress}
        breadcrumbs={[{ label: t('adminUsers.title'), to: '/admin/user' }, { label: t('adminUsers.accountTitle') }]}
        actions={
          canWrite &&
          me && (
            <Button component={RouterLink} to={`/admin/user/${me.userId}/edit`} variant="outlined" startIcon={<EditOutlinedIcon />}>
              {t('adminUsers.edit')}
            </Button>
          )
        }
      />
      {!me ? (
        <Skeleton variant="rounded" height={240} />
      ) : (
        <Stack spacing={2}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <UserDetailsList
              rows={[
                [t('adminUsers.displayName'), me.displayName],
                [t('adminUsers.email'), me.emailAddress],
                [t('adminUsers.identityProvider'), t(`adminUsers.providers.${me.identityProvider}`, { defaultValue: me.identityProvider })],
                [t('adminUsers.roles'), <UserRoleChips key="roles" roles={me.userRoles} />],
                [
                  t('adminUsers.directoryGroups'),
                  me.directoryGroups.length ? me.directoryGroups.map((g) => g.displayName).join(', ') : t('adminUsers.noGroups'),
                ],
              ]}
            />
          </Paper>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
              {t('adminUsers.resolvedActions')}
            </Typography>
            <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {me.resolvedActions.map((a) => (
                <Chip key={a} size="small" label={a} />
              ))}
            </Stack>
          </Paper>
        </Stack>
      )}
    </>
  );
}
