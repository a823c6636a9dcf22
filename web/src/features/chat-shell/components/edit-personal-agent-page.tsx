// /chat/agents/configstate/{configStateId}/edit (docs/product.md §2, "Edit Personal Agent"): the draft's
// settings, the file libraries it answers from (for people who may read libraries), a preview chat answered with
// the draft, publishing (createGptSystem or updateGptSystem, then publishing V2) and sharing with chosen people. Each field's problem shows at the field (checked in the
// browser with the contract's schema before sending, or named by the server); other server errors show in a list
// under a title that says what failed ("Create Agent Failure!" when turning the draft into an agent failed), warnings
// as alerts, and a refused sharing list at the sharing field.
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
import { SharingBodySchema } from '@atrium/contract/forms';
import type { ConfigState, ConfigStateUpdate } from '@atrium/contract';
import { lazy, Suspense, useRef, useState } from 'react';
import { useSnackbar } from 'notistack';
import { t, useTranslation } from '../../../app/i18n/i18n';
import { Link as RouterLink, useParams } from 'react-router';
import { usePageTitle } from '../../../app/hooks/use-page-title';
import { AgentConfigForm } from '../../../components/agent-config/agent-config-form';
import { ConfigIssues } from '../../../components/agent-config/config-issues';
import { issuesOf, useDraftEditor } from '../../../components/agent-config/use-draft-editor';
import { schemaProblems } from '../../../components/forms/schema-issues';
import { PreviewChat } from '../../../components/agent-config/preview-chat';
import type { AgentKnowledgeHandle, AgentKnowledgeState } from '../../../components/agent-config/agent-knowledge';
import type { PersonalAgentFilesHandle } from './personal-agent-files';
import { useMayAct } from '../../../app/hooks/use-resolved-actions';
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

// lazily: this page's chunk is named in the app's entry, whose budget has no room for the block's own chunks
const AgentKnowledge = lazy(() => import('../../../components/agent-config/agent-knowledge'));
const PersonalAgentFiles = lazy(() => import('./personal-agent-files'));

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
  const [saveState] = useUpdateConfigStateMutation();
  // the file libraries it answers from: offered to people who may read libraries (the server checks each one)
  const mayReadLibraries = useMayAct('dataSources', 'read');
  const showKnowledge = mayReadLibraries || initial.dataSources.length > 0;
  const knowledge = useRef<AgentKnowledgeHandle>(null);
  const [knowledgeState, setKnowledgeState] = useState<AgentKnowledgeState | null>(null);
  // the agent's own files (FileSearch attachments), read into its library when it is published
  const files = useRef<PersonalAgentFilesHandle>(null);
  const filesAvailable = options.data?.capabilities.find((c) => c.capabilityType === 'FileSearch')?.available ?? false;
  const save = async ({ id, body }: { id: string; body: ConfigStateUpdate }) => {
    // before a block has loaded, what it edits stays as the draft has it
    const prepared = knowledge.current?.prepare();
    if (prepared && 'refused' in prepared) return prepared.refused;
    const attached = files.current?.prepare();
    if (attached === 'uploading') return { error: { status: 400, data: { code: 'validation', message: t('personalAgentFiles.stillUploading'), details: [] } } };
    return saveState({
      id,
      body: { ...body, ...(prepared && { dataSources: prepared.dataSources }), ...(attached && { attachments: attached.attachments }) },
    });
  };
  const { values, setValues, labels, fieldProblems, failure, fail, clearFailure, busy, saveDraft, run } = useDraftEditor<'save' | 'publish' | 'share'>(
    initial,
    save,
  );
  const [shareError, setShareError] = useState<string | null>(null);
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
      // turning the draft into an agent is the create of docs/product.md §8; changing an existing one is a publish
      const made = gptSystemId ? await updateAgent(configStateId) : await createAgent(configStateId);
      if (made.error) return fail(gptSystemId ? 'publish' : 'create', issuesOf(made.error));
      gptSystemId = made.data.gptSystemId;
      const published = await publish({ gptSystemId, configStateId });
      if (published.error) return fail('publish', issuesOf(published.error));
      clearFailure();
      enqueueSnackbar(t('personalAgents.published', { version: published.data.version.version }), { variant: 'success' });
      void draft.refetch();
    });

  const onShare = async (emails: string[]) => {
    // the contract's sharing rules first: an address that is not one is named, and nothing is sent
    const problem = sharingProblem(emails, t('personalAgents.shareWith'));
    setShareError(problem);
    if (problem) return false;
    let saved = false;
    await run('share', async () => {
      if (!draft.data?.gptSystemId) return;
      const result = await share({ gptSystemId: draft.data.gptSystemId, emails });
      if (result.error)
        return setShareError(
          issuesOf(result.error)
            .map((i) => i.message)
            .join(' '),
        );
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
              <AgentConfigForm
                values={values}
                onChange={setValues}
                deployments={options.data?.deployments ?? []}
                capabilities={options.data?.capabilities}
                disabled={busy !== null}
                problems={fieldProblems}
              />
              {options.error && <Alert severity="error">{apiErrorBody(options.error)?.message ?? t('agentConfig.capabilities.loadFailed')}</Alert>}
              {(filesAvailable || (initial.attachments ?? []).length > 0) && (
                <>
                  <Divider />
                  <Suspense fallback={null}>
                    <PersonalAgentFiles ref={files} initial={initial.attachments} disabled={busy !== null} />
                  </Suspense>
                </>
              )}
              {showKnowledge && (
                <>
                  <Divider />
                  <Suspense fallback={null}>
                    <AgentKnowledge
                      ref={knowledge}
                      personal
                      initial={initial.dataSources}
                      mayList={mayReadLibraries}
                      disabled={busy !== null}
                      onState={setKnowledgeState}
                    />
                  </Suspense>
                </>
              )}
              <ConfigIssues
                errors={failure?.issues ?? []}
                warnings={current.warnings}
                kind={failure?.kind ?? 'draft'}
                labels={{ ...labels, ...knowledgeState?.labels }}
              />
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
                  <PersonalAgentSharing agent={agent.data} disabled={busy !== null} onShare={onShare} error={shareError} />
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

/** Why the contract refuses this sharing list, in plain words naming the address, or null. */
function sharingProblem(emails: string[], label: string): string | null {
  const problems = schemaProblems(SharingBodySchema, { emails }, { emails: label });
  if (!problems.emails) return null;
  const result = SharingBodySchema.safeParse({ emails });
  const index = result.error?.issues.find((i) => i.path[0] === 'emails' && typeof i.path[1] === 'number')?.path[1];
  return typeof index === 'number' && emails[index] !== undefined ? t('agentConfig.shareNotEmail', { email: emails[index] }) : problems.emails;
}
