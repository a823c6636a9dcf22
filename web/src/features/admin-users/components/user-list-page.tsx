// /admin/user: everyone who can sign in, filtered by email, paged; status chips Active/Inactive.
import type { AdminUser } from '@atrium/contract';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '../../../components/tooltip';
import Typography from '@mui/material/Typography';
import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutline';
import { useTranslation } from '../../../app/i18n/i18n';
import { Link as RouterLink } from 'react-router';
import { AdminPageHeader, AdminPagedTable, type AdminColumn } from '../../../components/admin';
import { useUserList } from '../hooks/use-user-list';
import { UserFilter } from './user-filter';
import { UserRoleChips } from './user-role-chips';
import { UserStatusChip } from './user-status-chip';
import { UserViewToggle } from './user-view-toggle';
import { useUserPermissions } from './use-user-permissions';
import { DateTime } from '../../../components/date-time';
import { can } from '../../../app/hooks/can';
import { UserUsageCell } from '../../../components/usage-limits/usage-cells';

export function UserListPage() {
  const { t } = useTranslation();
  const { canCreate } = useUserPermissions();
  const { filter, setFilter, query, paging } = useUserList(25);
  const ids = query.data?.items.map((u) => u.userId) ?? [];
  const columns: AdminColumn<AdminUser>[] = [
    {
      key: 'name',
      header: t('adminUsers.displayName'),
      render: (u) => (
        <div>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {u.displayName}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {u.emailAddress}
          </Typography>
        </div>
      ),
    },
    { key: 'roles', header: t('adminUsers.roles'), render: (u) => <UserRoleChips roles={u.userRoles} />, hideBelow: 'md' },
    {
      key: 'provider',
      header: t('adminUsers.signIn'),
      render: (u) => t(`adminUsers.providers.${u.identityProvider}`, { defaultValue: u.identityProvider }),
      hideBelow: 'lg',
    },
    {
      key: 'lastSignIn',
      header: t('adminUsers.lastSignIn'),
      render: (u) => (u.lastSignInAt ? <DateTime value={u.lastSignInAt} /> : t('adminUsers.never')),
      hideBelow: 'lg',
    },
    { key: 'usage', header: t('adminUsers.usageThisMonth'), width: 200, hideBelow: 'md', render: (u) => <UserUsageCell ids={ids} userId={u.userId} /> },
    { key: 'status', header: t('adminUsers.status'), render: (u) => <UserStatusChip user={u} /> },
    {
      key: 'actions',
      header: '',
      align: 'right',
      width: 56,
      render: (u) =>
        can(u, 'Edit') ? (
          <Tooltip title={t('adminUsers.edit')}>
            <IconButton
              component={RouterLink}
              to={`/admin/user/${u.userId}/edit`}
              aria-label={`${t('adminUsers.edit')} ${u.displayName}`}
              onClick={(e) => e.stopPropagation()}
            >
              <EditOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null,
    },
  ];
  return (
    <>
      <AdminPageHeader
        title={t('adminUsers.title')}
        subtitle={t('adminUsers.listSubtitle')}
        breadcrumbs={[{ label: t('adminUsers.title') }]}
        actions={
          <>
            <Button component={RouterLink} to="/admin/user/account" startIcon={<AccountCircleOutlinedIcon />}>
              {t('adminUsers.accountTitle')}
            </Button>
            {canCreate && (
              <Button component={RouterLink} to="/admin/user/new" variant="contained" startIcon={<AddIcon />}>
                {t('adminUsers.newUser')}
              </Button>
            )}
          </>
        }
      />
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <UserFilter value={filter} onChange={setFilter} />
        <UserViewToggle view="table" />
      </Stack>
      <AdminPagedTable
        label={t('adminUsers.title')}
        columns={columns}
        rows={query.data?.items}
        getRowId={(u) => u.userId}
        isLoading={query.isLoading}
        isFetching={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        emptyText={t('adminUsers.noUsers')}
        emptyIcon={<PeopleOutlineIcon />}
        rowHref={(u) => `/admin/user/${u.userId}/profile`}
        paging={paging}
      />
    </>
  );
}
