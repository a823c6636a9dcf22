// The list of chat access policies: what each covers and whom it grants.
import LockPersonOutlined from '@mui/icons-material/LockPersonOutlined';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ChatAccessPolicy } from '@atrium/contract';
import { useTranslation } from '../../../app/i18n/i18n';
import { AdminNewButton, AdminPagedTable, AdminPageHeader, listQueryProps, NameCell, type AdminColumn } from '../../../components/admin';
import { useMayAct } from '../../../app/hooks/use-resolved-actions';
import { DateTime } from '../../../components/date-time';
import { useListChatAccessPoliciesQuery } from '../api/chat-access-policies.api';

const MaxChips = 3;

function Chips({ labels }: { labels: string[] }) {
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {labels.slice(0, MaxChips).map((l) => (
        <Chip key={l} size="small" label={l} />
      ))}
      {labels.length > MaxChips && <Chip size="small" variant="outlined" label={`+${labels.length - MaxChips}`} />}
    </Stack>
  );
}

export function AccessPoliciesListPage() {
  const { t } = useTranslation();
  const query = useListChatAccessPoliciesQuery();
  const canCreate = useMayAct('chatAccessPolicies', 'create');
  const columns: AdminColumn<ChatAccessPolicy>[] = [
    {
      key: 'name',
      header: t('accessPolicies.columns.name'),
      render: (p) => <NameCell name={p.name} description={p.description} />,
    },
    {
      key: 'agents',
      header: t('accessPolicies.columns.agents'),
      render: (p) =>
        p.allGptSystems ? <Chip size="small" color="primary" label={t('accessPolicies.allAgents')} /> : <Chips labels={p.gptSystems.map((a) => a.name)} />,
    },
    {
      key: 'grantedTo',
      header: t('accessPolicies.columns.grantedTo'),
      hideBelow: 'sm',
      render: (p) => (
        <Stack spacing={0.5}>
          <Chips labels={[...p.users.map((u) => u.displayName), ...p.userRoles.map((r) => r.name), ...p.directoryGroups.map((g) => g.displayName)]} />
          <Typography variant="caption" color="text.secondary">
            {t('accessPolicies.counts', { users: p.userIds.length, roles: p.userRoleIds.length, groups: p.directoryGroupIds.length })}
          </Typography>
        </Stack>
      ),
    },
    { key: 'updated', header: t('accessPolicies.columns.updated'), hideBelow: 'md', render: (p) => <DateTime value={p.updatedAt} /> },
  ];
  return (
    <>
      <AdminPageHeader
        title={t('accessPolicies.title')}
        subtitle={t('accessPolicies.subtitle')}
        breadcrumbs={[{ label: t('accessPolicies.title') }]}
        actions={<AdminNewButton show={canCreate} to="/admin/chatAccessPolicy/new" label={t('accessPolicies.new')} />}
      />
      <AdminPagedTable
        label={t('accessPolicies.title')}
        columns={columns}
        rows={query.data?.items}
        getRowId={(p) => p.chatAccessPolicyId}
        {...listQueryProps(query)}
        emptyText={t('accessPolicies.empty')}
        emptyIcon={<LockPersonOutlined />}
        rowHref={(p) => `/admin/chatAccessPolicy/${p.chatAccessPolicyId}/edit`}
      />
    </>
  );
}
