// /chat/agents/configstate/{configStateId}/edit (docs/product.md §2, "Edit Personal Agent"): the draft's
// settings, a preview chat answered with the draft, publishing (createGptSystem or updateGptSystem,
// then publishing V2) and sharing with chosen people. Server errors show under "Create Agent Failure!",
// warnings as alerts.
import '../personal-agents-texts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ConfigState } from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { useTranslation } from '../../../app/i18n/i18n';
import { Link as RouterLink, useParams } from 'react-router';
import { usePageTitle } from '../../../app/hooks/use-page-title';
import { AgentConfigForm } from '../../../components/agent-config/agent-config-form';
import { ConfigIssues } from '../../../components/agent-config/config-issues';
import { issuesOf, useDraftEditor } from '../../../components/agent-config/use-draft-editor';
import { PreviewChat } from '../../../components/agent-config/preview-chat';
import { apiErrorBody } from '../../../components/admin/api-error';
import {
  useCreateAgentFromDraftMutation,
  useGetConfigStateQuery,
  useGetDraftOptionsQuery,
  useGetPersonalAgentQuery,
  usePublishPersonalAgentMutation,
  useSharePersonalAgentMutation,
  useUpdateAgentFromDraftMutation,
  useUpdateConfigStateMutation,
} from '../api/personal-agents.api';
import { AgentAvatar } from '../../../components/agent-avatar/agent-avatar';
import { PageHeader } from './page-header';
import { PersonalAgentSharing } from './personal-agent-sharing';

export default function EditPersonalAgentPage() {
  const { t } = useTranslation();
  usePageTitle(t('chat.editPersonalTitle'));
  const { configStateId = '' } = useParams();
  const draft = useGetConfigStateQuery(configStateId);
  if (draft.isLoading) return <LinearProgress />;
  if (draft.error || !draft.data) return <Alert severity="error">{apiErrorBody(draft.error)?.message ?? t('personalAgents.loadFailed')}</Alert>;
  // keyed: another draft starts with its own values
  return <EditPersonalAgent key={configStateId} configStateId={configStateId} initial={draft.data} />;
}

function EditPersonalAgent({ configStateId, initial }: { configStateId: string; initial: ConfigState }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const draft = useGetConfigStateQuery(configStateId);
  const options = useGetDraftOptionsQuery(configStateId);
  const agent = useGetPersonalAgentQuery(draft.data?.gptSystemId ?? '', { skip: !draft.data?.gptSystemId });
  const [save] = useUpdateConfigStateMutation();
  const { values, setValues, failure, setFailure, busy, saveDraft, run } = useDraftEditor<'save' | 'publish' | 'share'>(initial, save);
  const [createAgent] = useCreateAgentFromDraftMutation();
  const [updateAgent] = useUpdateAgentFromDraftMutation();
  const [publish] = usePublishPersonalAgentMutation();
  const [share] = useSharePersonalAgentMutation();

  const onSave = () =>
    run('save', async () => {
      if (await saveDraft()) enqueueSnackbar(t('personalAgents.saved'), { variant: 'success' });
    });

  const onPublish = () =>
    run('publish', async () => {
      if (!(await saveDraft())) return;
      let gptSystemId = draft.data?.gptSystemId ?? null;
      const made = gptSystemId ? await updateAgent(configStateId) : await createAgent(configStateId);
      if (made.error) return setFailure(issuesOf(made.error));
      gptSystemId = made.data.gptSystemId;
      const published = await publish({ gptSystemId, configStateId });
      if (published.error) return setFailure(issuesOf(published.error));
      setFailure([]);
      enqueueSnackbar(t('personalAgents.published', { version: published.data.version.version }), { variant: 'success' });
      void draft.refetch();
    });

  const onShare = async (emails: string[]) => {
    let saved = false;
    await run('share', async () => {
      if (!draft.data?.gptSystemId) return;
      const result = await share({ gptSystemId: draft.data.gptSystemId, emails });
      if (result.error) return setFailure(issuesOf(result.error));
      setFailure([]);
      saved = true;
      enqueueSnackbar(t('personalAgents.shared'), { variant: 'success' });
    });
    return saved;
  };

  const current = draft.data ?? initial;
  const gptSystemId = current.gptSystemId;
  const published = agent.data?.isPublished ? agent.data.publishedVersion : null;
  return (
    <>
      <PageHeader title={t('chat.editPersonalTitle')} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Stack spacing={2}>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <AgentAvatar gptSystemId={configStateId} name={values.gptSystemName} avatarUrl={current.avatarUrl} size={40} />
                <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
                  {published !== null && published !== undefined
                    ? t('personalAgents.publishedState', { version: published })
                    : t('personalAgents.notPublished')}
                </Typography>
                {gptSystemId && published !== null && (
                  <Button component={RouterLink} to={`/chat/${gptSystemId}`}>
                    {t('personalAgents.chatWithIt')}
                  </Button>
                )}
              </Stack>
              <AgentConfigForm values={values} onChange={setValues} deployments={options.data?.deployments ?? []} disabled={busy !== null} showValidation />
              <ConfigIssues errors={failure} warnings={current.warnings} />
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                <Button onClick={() => void onSave()} disabled={busy !== null} startIcon={busy === 'save' ? <CircularProgress size={16} /> : undefined}>
                  {t('personalAgents.saveDraft')}
                </Button>
                <Button
                  variant="contained"
                  onClick={() => void onPublish()}
                  disabled={busy !== null}
                  startIcon={busy === 'publish' ? <CircularProgress size={16} /> : undefined}
                >
                  {t('personalAgents.publish')}
                </Button>
              </Stack>
              {gptSystemId && (
                <>
                  <Divider />
                  <Typography variant="h6" component="h2">
                    {t('personalAgents.share')}
                  </Typography>
                  <PersonalAgentSharing agent={agent.data} disabled={busy !== null} onShare={onShare} />
                </>
              )}
            </Stack>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <PreviewChat via="personal" configStateId={configStateId} beforeAsk={saveDraft} disabled={busy !== null} />
        </Grid>
      </Grid>
    </>
  );
}
