// /admin/gptsystem/{id}/edit[/{addDataSource}]: the agent's newest draft (made from what is live when
// there is none) in its two steps; the trailing segment "true" opens the Data sources step (docs/product.md §2), and
// moving between the steps keeps the address in step. Links made through the API show under the editor.
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Button from '@mui/material/Button';
import { useSnackbar } from 'notistack';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { useNavigate, useParams } from 'react-router';
import { AdminErrorAlert, AdminPageHeader, ConfirmDialog } from '../../../components/admin';
import { useCreateAgentConfigStateMutation, useDeleteAdminAgentMutation, useGetAdminAgentQuery } from '../api/admin-agents.api';
import { AgentDraftEditor } from './agent-draft-editor';
import { dataSourcesPath, editPath, listPath } from './agent-paths';
import { AgentSectionTabs } from './agent-section-tabs';
import { DataSourcesCard } from './data-sources-card';

export function AgentEditPage() {
  const { t } = useTranslation();
  const { gptSystemId = '', addDataSource } = useParams();
  const agent = useGetAdminAgentQuery(gptSystemId);
  const [createDraft, created] = useCreateAgentConfigStateMutation();
  const asked = useRef(false);
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [confirming, setConfirming] = useState(false);
  const [remove, deleted] = useDeleteAdminAgentMutation();
  const canEdit = agent.data?.currentUserActions.includes('Edit') ?? false;
  useEffect(() => {
    // an agent without any draft gets one from its live configuration, once
    if (agent.data && !agent.data.configStateId && canEdit && !asked.current) {
      asked.current = true;
      void createDraft(agent.data.gptSystemId);
    }
  }, [agent.data, canEdit, createDraft]);

  if (agent.isLoading) return <LinearProgress />;
  if (agent.error || !agent.data) return <AdminErrorAlert error={agent.error} fallback={t('agentsAdmin.loadFailed')} onRetry={() => void agent.refetch()} />;
  const configStateId = agent.data.configStateId ?? created.data?.configStateId;
  return (
    <>
      <AdminPageHeader
        title={agent.data.name}
        pageTitle={t('agentsAdmin.editTitle')}
        breadcrumbs={[{ label: t('agentsAdmin.title'), to: listPath }, { label: agent.data.name }]}
        actions={
          agent.data.currentUserActions.includes('Delete') && (
            <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
              {t('agentsAdmin.delete')}
            </Button>
          )
        }
      />
      <ConfirmDialog
        open={confirming}
        title={t('agentsAdmin.deleteTitle', { name: agent.data.name })}
        text={t('agentsAdmin.deleteText')}
        confirmLabel={t('agentsAdmin.delete')}
        busy={deleted.isLoading}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          void remove(gptSystemId).then((r) => {
            setConfirming(false);
            if (!r.error) {
              enqueueSnackbar(t('agentsAdmin.deleted'), { variant: 'success' });
              void navigate(listPath);
            }
          })
        }
      />
      {deleted.error && <AdminErrorAlert error={deleted.error} />}
      <AgentSectionTabs gptSystemId={gptSystemId} current="edit" />
      <Stack spacing={3}>
        {configStateId ? (
          <AgentDraftEditor
            configStateId={configStateId}
            canEdit={canEdit}
            step={addDataSource === 'true' ? 'dataSources' : 'settings'}
            onStep={(step) => void navigate(step === 'dataSources' ? dataSourcesPath(gptSystemId) : editPath(gptSystemId), { replace: true })}
          />
        ) : (
          <LinearProgress />
        )}
        <DataSourcesCard gptSystemId={gptSystemId} canEdit={canEdit} />
      </Stack>
    </>
  );
}
