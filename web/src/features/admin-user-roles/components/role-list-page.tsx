// /admin/userRole: the roles, with how many actions and people each has.
import type { UserRole } from '@atrium/contract';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import ShieldOutlinedIcon from '@mui/icons-material/ShieldOutlined';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import {
  AdminNewButton,
  AdminPagedTable,
  AdminPageHeader,
  AdminSearchField,
  listQueryProps,
  useContinuationPaging,
  type AdminColumn,
} from '../../../components/admin';
import { useGetUserRolesQuery } from '../api/user-roles.api';
import { useRolePermissions } from './use-role-permissions';

export function RoleListPage() {
  const { t } = useTranslation();
  const { canCreate } = useRolePermissions();
  const [input, setInput] = useState('');
  const [name, setName] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setName(input.trim()), 300);
    return () => clearTimeout(timer);
  }, [input]);
  const paging = useContinuationPaging(name);
  const query = useGetUserRolesQuery({ name, continuationToken: paging.token });
  const next = query.data?.continuationToken ?? null;
  const columns: AdminColumn<UserRole>[] = [
    {
      key: 'name',
      header: t('adminUserRoles.name'),
      render: (r) => (
        <div>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {r.name}
          </Typography>
          {r.description && (
            <Typography variant="body2" color="text.secondary">
              {r.description}
            </Typography>
          )}
        </div>
      ),
    },
    {
      key: 'type',
      header: t('adminUserRoles.type'),
      render: (r) => <Chip size="small" variant="outlined" label={t(r.isBuiltIn ? 'adminUserRoles.builtIn' : 'adminUserRoles.custom')} />,
      hideBelow: 'sm',
    },
    { key: 'actions', header: t('adminUserRoles.actions'), render: (r) => t('adminUserRoles.actionsCount', { count: r.userActions.length }), hideBelow: 'md' },
    { key: 'users', header: t('adminUserRoles.usersCount'), render: (r) => r.userCount, align: 'right' },
  ];
  return (
    <>
      <AdminPageHeader
        title={t('adminUserRoles.title')}
        subtitle={t('adminUserRoles.listSubtitle')}
        breadcrumbs={[{ label: t('adminUserRoles.title') }]}
        actions={<AdminNewButton show={canCreate} to="/admin/userRole/new" label={t('adminUserRoles.newRole')} />}
      />
      <AdminSearchField label={t('adminUserRoles.filterName')} value={input} onChange={setInput} />
      <AdminPagedTable
        label={t('adminUserRoles.title')}
        columns={columns}
        rows={query.data?.items}
        getRowId={(r) => r.userRoleId}
        {...listQueryProps(query)}
        emptyText={t('adminUserRoles.noRoles')}
        emptyIcon={<ShieldOutlinedIcon />}
        rowHref={(r) => `/admin/userRole/${r.userRoleId}/edit`}
        paging={{
          page: paging.page,
          hasPrevious: paging.hasPrevious,
          hasNext: next !== null,
          onPrevious: paging.previous,
          onNext: () => next && paging.next(next),
        }}
      />
    </>
  );
}
