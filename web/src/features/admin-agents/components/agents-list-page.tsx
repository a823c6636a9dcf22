// The agents an administrator may see, with their publishing state; "New agent" for creators.
import AddIcon from '@mui/icons-material/Add';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AdminAgent } from '@atrium/contract';
import { useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { Link as RouterLink } from 'react-router';
import { useMayAct } from '../../../app/hooks/use-resolved-actions';
import { AdminPageHeader, AdminPagedTable, StatusChip, type AdminColumn } from '../../../components/admin';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { AgentAvatar } from '../../../components/agent-avatar/agent-avatar';
import { useListAdminAgentsQuery } from '../api/admin-agents.api';
import { editPath, listPath } from './agent-paths';

export function AgentsListPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 300);
  const { data, isLoading, isFetching, error, refetch } = useListAdminAgentsQuery({ search: debounced.trim() || undefined });
  const canCreate = useMayAct('agents', 'create');
  const columns: AdminColumn<AdminAgent>[] = [
    {
      key: 'name',
      header: t('agentsAdmin.columns.name'),
      render: (a) => (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <AgentAvatar gptSystemId={a.gptSystemId} avatarUrl={a.avatarUrl} name={a.name} size={32} />
          <div>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {a.name}
            </Typography>
            {a.description && (
              <Typography variant="caption" color="text.secondary">
                {a.description}
              </Typography>
            )}
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
    { key: 'updated', header: t('agentsAdmin.columns.updated'), hideBelow: 'md', render: (a) => new Date(a.lastModifiedAt).toLocaleString() },
  ];
  return (
    <>
      <AdminPageHeader
        title={t('agentsAdmin.title')}
        breadcrumbs={[{ label: t('agentsAdmin.title'), to: listPath }]}
        actions={
          canCreate && (
            <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={`${listPath}/new`}>
              {t('agentsAdmin.newAgent')}
            </Button>
          )
        }
      />
      <TextField
        size="small"
        label={t('agentsAdmin.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        sx={{ mb: 2, maxWidth: 360 }}
        fullWidth
      />
      <AdminPagedTable
        label={t('agentsAdmin.title')}
        columns={columns}
        rows={data?.items}
        getRowId={(a) => a.gptSystemId}
        isLoading={isLoading}
        isFetching={isFetching}
        error={error}
        onRetry={() => void refetch()}
        emptyText={t('agentsAdmin.empty')}
        emptyIcon={<SmartToyOutlined />}
        rowHref={(a) => editPath(a.gptSystemId)}
      />
    </>
  );
}
