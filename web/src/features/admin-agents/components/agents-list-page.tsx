// The agents an administrator may see, with their publishing state; "New agent" for creators.
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import Stack from '@mui/material/Stack';
import type { AdminAgent } from '@atrium/contract';
import { useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { useMayAct } from '../../../app/hooks/use-resolved-actions';
import {
  AdminNewButton,
  AdminPagedTable,
  AdminPageHeader,
  AdminSearchField,
  listQueryProps,
  NameCell,
  StatusChip,
  type AdminColumn,
} from '../../../components/admin';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { AgentAvatar } from '../../../components/agent-avatar/agent-avatar';
import { DateTime } from '../../../components/date-time';
import { useListAdminAgentsQuery } from '../api/admin-agents.api';
import { editPath, listPath } from './agent-paths';
import { AgentUsageCell } from '../../../components/usage-limits/usage-cells';

export function AgentsListPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 300);
  const query = useListAdminAgentsQuery({ search: debounced.trim() || undefined });
  const canCreate = useMayAct('agents', 'create');
  const ids = query.data?.items.map((a) => a.gptSystemId) ?? [];
  const columns: AdminColumn<AdminAgent>[] = [
    {
      key: 'name',
      header: t('agentsAdmin.columns.name'),
      render: (a) => (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <AgentAvatar gptSystemId={a.gptSystemId} avatarUrl={a.avatarUrl} name={a.name} size={32} />
          <div>
            <NameCell name={a.name} description={a.description} />
          </div>
        </Stack>
      ),
    },
    { key: 'status', header: t('agentsAdmin.columns.status'), width: 120, render: (a) => <StatusChip status={a.isPublished ? 'Active' : 'Draft'} /> },
    {
      key: 'version',
      header: t('agentsAdmin.columns.version'),
      width: 90,
      align: 'right',
      hideBelow: 'sm',
      render: (a) => (a.publishedVersion ? `v${a.publishedVersion}` : '—'),
    },
    {
      key: 'usage',
      header: t('agentsAdmin.columns.usageToday'),
      width: 200,
      hideBelow: 'sm',
      render: (a) => <AgentUsageCell ids={ids} gptSystemId={a.gptSystemId} />,
    },
    { key: 'updated', header: t('agentsAdmin.columns.updated'), hideBelow: 'md', render: (a) => <DateTime value={a.lastModifiedAt} /> },
  ];
  return (
    <>
      <AdminPageHeader
        title={t('agentsAdmin.title')}
        breadcrumbs={[{ label: t('agentsAdmin.title'), to: listPath }]}
        actions={<AdminNewButton show={canCreate} to={`${listPath}/new`} label={t('agentsAdmin.newAgent')} />}
      />
      <AdminSearchField label={t('agentsAdmin.search')} value={search} onChange={setSearch} />
      <AdminPagedTable
        label={t('agentsAdmin.title')}
        columns={columns}
        rows={query.data?.items}
        getRowId={(a) => a.gptSystemId}
        {...listQueryProps(query)}
        emptyText={t('agentsAdmin.empty')}
        emptyIcon={<SmartToyOutlined />}
        rowHref={(a) => editPath(a.gptSystemId)}
      />
    </>
  );
}
