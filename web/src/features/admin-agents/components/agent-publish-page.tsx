// /admin/gptsystem/{id}/publish: publish the newest draft, the history of published versions (who,
// when) and rollback to any of them. A turn reads the configuration once, so nothing in flight changes. Below, the
// agent's public endpoint (issue 18): set in the draft, in effect once published, with its embed snippet and a preview.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { PublishedVersion } from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { useParams } from 'react-router';
import { AdminErrorAlert, AdminPageHeader, AdminPagedTable, ConfirmDialog, apiErrorBody, type AdminColumn } from '../../../components/admin';
import { ConfigIssues } from '../../../components/agent-config/config-issues';
import { DateTime } from '../../../components/date-time';
import { useGetAdminAgentQuery, usePublishAgentMutation, usePublishingHistoryQuery } from '../api/admin-agents.api';
import { listPath } from './agent-paths';
import { AgentSectionTabs } from './agent-section-tabs';
import { PublicEndpointSection } from './public-endpoint-section';

export function AgentPublishPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { gptSystemId = '' } = useParams();
  const agent = useGetAdminAgentQuery(gptSystemId);
  const history = usePublishingHistoryQuery(gptSystemId);
  const [publish, published] = usePublishAgentMutation();
  const [rollbackTo, setRollbackTo] = useState<PublishedVersion | null>(null);
  const canPublish = agent.data?.currentUserActions.includes('Publish') ?? false;
  // the public endpoint is edited by those who may publish it (and edit the draft it is saved into)
  const canEditEndpoint = canPublish && (agent.data?.currentUserActions.includes('Edit') ?? false);
  const failure = useMemo(
    () => (published.error ? (apiErrorBody(published.error)?.details ?? []).map((d) => ({ property: d.field, message: d.message })) : []),
    [published.error],
  );
  const live = history.data?.items.find((v) => v.isCurrent);

  const onPublish = async () => {
    const result = await publish({ gptSystemId, ...(agent.data?.configStateId ? { configStateId: agent.data.configStateId } : {}) });
    if (result.data) enqueueSnackbar(t('agentsAdmin.publishedVersion', { version: result.data.version.version }), { variant: 'success' });
  };
  const onRollback = async () => {
    if (!rollbackTo) return;
    const result = await publish({ gptSystemId, rollbackToVersionId: rollbackTo.versionId });
    setRollbackTo(null);
    if (result.data) enqueueSnackbar(t('agentsAdmin.rolledBack', { version: rollbackTo.version }), { variant: 'success' });
  };

  const columns: AdminColumn<PublishedVersion>[] = [
    {
      key: 'version',
      header: t('agentsAdmin.version'),
      width: 140,
      render: (v) => (
        <>
          <Typography component="span" sx={{ fontWeight: 500, mr: 1 }}>
            v{v.version}
          </Typography>
          {v.isCurrent && <Chip size="small" color="success" label={t('agentsAdmin.current')} />}
          {v.restoredFromVersion !== null && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {t('agentsAdmin.restoredFrom', { version: v.restoredFromVersion })}
            </Typography>
          )}
        </>
      ),
    },
    { key: 'name', header: t('agentsAdmin.name'), render: (v) => v.gptSystemName },
    { key: 'by', header: t('agentsAdmin.publishedBy'), hideBelow: 'sm', render: (v) => v.publishedBy.displayName },
    { key: 'at', header: t('agentsAdmin.publishedAt'), hideBelow: 'md', render: (v) => <DateTime value={v.publishedAt} /> },
    {
      key: 'actions',
      header: '',
      align: 'right',
      render: (v) =>
        canPublish && !v.isCurrent ? (
          <Button size="small" onClick={() => setRollbackTo(v)}>
            {t('agentsAdmin.rollback')}
          </Button>
        ) : null,
    },
  ];

  if (agent.isLoading) return <LinearProgress />;
  if (agent.error || !agent.data) return <AdminErrorAlert error={agent.error} fallback={t('agentsAdmin.loadFailed')} />;
  return (
    <>
      <AdminPageHeader
        title={agent.data.name}
        pageTitle={t('agentsAdmin.publishTitle')}
        breadcrumbs={[{ label: t('agentsAdmin.title'), to: listPath }, { label: agent.data.name }]}
        actions={
          canPublish && (
            <Button variant="contained" onClick={() => void onPublish()} disabled={published.isLoading}>
              {t('agentsAdmin.publishDraft')}
            </Button>
          )
        }
      />
      <AgentSectionTabs gptSystemId={gptSystemId} current="publish" />
      {published.error && (failure.length ? <ConfigIssues errors={failure} warnings={[]} kind="publish" /> : <AdminErrorAlert error={published.error} />)}
      <Typography variant="h6" component="h2" sx={{ my: 2 }}>
        {t('agentsAdmin.history')}
      </Typography>
      <AdminPagedTable
        label={t('agentsAdmin.history')}
        columns={columns}
        rows={history.data?.items}
        getRowId={(v) => v.versionId}
        isLoading={history.isLoading}
        isFetching={history.isFetching}
        error={history.error}
        onRetry={() => void history.refetch()}
        emptyText={t('agentsAdmin.historyEmpty')}
      />
      <ConfirmDialog
        open={rollbackTo !== null}
        title={t('agentsAdmin.rollbackTitle', { version: rollbackTo?.version })}
        text={t('agentsAdmin.rollbackText', { version: rollbackTo?.version })}
        confirmLabel={t('agentsAdmin.rollback')}
        tone="primary"
        busy={published.isLoading}
        onCancel={() => setRollbackTo(null)}
        onConfirm={() => void onRollback()}
      />
      {agent.data.configStateId && (
        <Box sx={{ mt: 3 }}>
          <PublicEndpointSection
            configStateId={agent.data.configStateId}
            published={history.data ? (live ? (live.publicEndpointConfiguration ?? null) : undefined) : undefined}
            canEdit={canEditEndpoint}
            publishIssues={failure}
          />
        </Box>
      )}
    </>
  );
}
