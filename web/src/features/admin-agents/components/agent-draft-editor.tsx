// A configuration state (draft) of an agent: its fields, the server's errors and warnings, a preview
// chat answered with the draft, and saving or publishing it.
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { ConfigState } from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { useTranslation } from '../../../app/i18n/i18n';
import { AgentConfigForm } from '../../../components/agent-config/agent-config-form';
import { ConfigIssues } from '../../../components/agent-config/config-issues';
import { issuesOf, useDraftEditor } from '../../../components/agent-config/use-draft-editor';
import { PreviewChat } from '../../../components/agent-config/preview-chat';
import { AdminErrorAlert } from '../../../components/admin';
import {
  useAvailableConfigurationQuery,
  useGetAdminConfigStateQuery,
  usePublishAgentMutation,
  useUpdateAdminConfigStateMutation,
  useUpdateAgentFromStateMutation,
} from '../api/admin-agents.api';

/** `canEdit` false shows the draft read-only (…ReadSpecific holders). */
export function AgentDraftEditor({ configStateId, canEdit }: { configStateId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const state = useGetAdminConfigStateQuery(configStateId);
  if (state.isLoading) return <LinearProgress />;
  if (state.error || !state.data) return <AdminErrorAlert error={state.error} fallback={t('agentsAdmin.loadFailed')} onRetry={() => void state.refetch()} />;
  return <DraftForm key={configStateId} initial={state.data} canEdit={canEdit} />;
}

function DraftForm({ initial, canEdit }: { initial: ConfigState; canEdit: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const id = initial.configStateId;
  const state = useGetAdminConfigStateQuery(id);
  const available = useAvailableConfigurationQuery();
  const [save] = useUpdateAdminConfigStateMutation();
  const { values, setValues, failure, setFailure, busy, saveDraft, run } = useDraftEditor<'save' | 'publish'>(initial, save);
  const [updateAgent] = useUpdateAgentFromStateMutation();
  const [publish] = usePublishAgentMutation();
  const current = state.data ?? initial;

  const onSave = () =>
    run('save', async () => {
      if (await saveDraft()) enqueueSnackbar(t('agentsAdmin.saved'), { variant: 'success' });
    });
  const onPublish = () =>
    run('publish', async () => {
      if (!current.gptSystemId || !(await saveDraft())) return;
      const updated = await updateAgent(id);
      if (updated.error) return setFailure(issuesOf(updated.error));
      const result = await publish({ gptSystemId: current.gptSystemId, configStateId: id });
      if (result.error) return setFailure(issuesOf(result.error));
      setFailure([]);
      enqueueSnackbar(t('agentsAdmin.publishedVersion', { version: result.data.version.version }), { variant: 'success' });
    });

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, lg: 7 }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={2}>
            <AgentConfigForm
              values={values}
              onChange={setValues}
              deployments={available.data?.deployments ?? []}
              disabled={busy !== null || !canEdit}
              showValidation
            />
            <ConfigIssues errors={failure} warnings={current.warnings} />
            {canEdit && (
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                <Button onClick={() => void onSave()} disabled={busy !== null} startIcon={busy === 'save' ? <CircularProgress size={16} /> : undefined}>
                  {t('agentsAdmin.saveDraft')}
                </Button>
                {current.gptSystemId && (
                  <Button
                    variant="contained"
                    onClick={() => void onPublish()}
                    disabled={busy !== null}
                    startIcon={busy === 'publish' ? <CircularProgress size={16} /> : undefined}
                  >
                    {t('agentsAdmin.saveAndPublish')}
                  </Button>
                )}
              </Stack>
            )}
          </Stack>
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, lg: 5 }}>
        <PreviewChat via="admin" configStateId={id} beforeAsk={canEdit ? saveDraft : undefined} disabled={busy !== null} />
      </Grid>
    </Grid>
  );
}
