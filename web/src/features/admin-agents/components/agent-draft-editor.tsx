// A configuration state (draft) of an agent in two steps, Settings (its fields) and Data sources (the file libraries
// it answers from, with their top-k and minimum score), the server's errors and warnings, a preview chat answered
// with the draft, and saving or publishing it (both steps at once: the libraries are part of the draft).
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ConfigState, ConfigStateUpdate } from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { AgentConfigForm } from '../../../components/agent-config/agent-config-form';
import { ConfigIssues } from '../../../components/agent-config/config-issues';
import { issuesOf, useDraftEditor } from '../../../components/agent-config/use-draft-editor';
import { PreviewChat } from '../../../components/agent-config/preview-chat';
import { AdminErrorAlert } from '../../../components/admin';
import AgentKnowledge, { type AgentKnowledgeHandle, type AgentKnowledgeState } from '../../../components/agent-config/agent-knowledge';
import { useMayAct } from '../../../app/hooks/use-resolved-actions';
import {
  useAvailableConfigurationQuery,
  useGetAdminConfigStateQuery,
  usePublishAgentMutation,
  useUpdateAdminConfigStateMutation,
  useUpdateAgentFromStateMutation,
} from '../api/admin-agents.api';
import { UsageLimitsFields, usageLimitSettingsOf, usageLimitsValid, usageLimitValuesOf } from './usage-limits-fields';
import { endpointValid, ModerationFields, moderationOf, moderationValuesOf } from './moderation-fields';
import { refusedSave } from '../../../components/agent-config/agent-data-sources-values';

export type DraftStep = 'settings' | 'dataSources';

/** Where a new file library is made (docs/product.md §2 /admin/datasource/new). */
const newLibraryPath = '/admin/datasource/new';

interface DraftEditorProps {
  configStateId: string;
  /** false shows the draft read-only (…ReadSpecific holders) */
  canEdit: boolean;
  /** the step shown, when the address decides it (/edit/true opens Data sources); else the editor keeps its own */
  step?: DraftStep;
  onStep?: (step: DraftStep) => void;
}

export function AgentDraftEditor({ configStateId, canEdit, step, onStep }: DraftEditorProps) {
  const { t } = useTranslation();
  const state = useGetAdminConfigStateQuery(configStateId);
  if (state.isLoading) return <LinearProgress />;
  if (state.error || !state.data) return <AdminErrorAlert error={state.error} fallback={t('agentsAdmin.loadFailed')} onRetry={() => void state.refetch()} />;
  return <DraftForm key={configStateId} initial={state.data} canEdit={canEdit} step={step} onStep={onStep} />;
}

function DraftForm({
  initial,
  canEdit,
  step: stepProp,
  onStep,
}: {
  initial: ConfigState;
  canEdit: boolean;
  step?: DraftStep;
  onStep?: (step: DraftStep) => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const id = initial.configStateId;
  const state = useGetAdminConfigStateQuery(id);
  const available = useAvailableConfigurationQuery();
  const [ownStep, setOwnStep] = useState<DraftStep>('settings');
  const step = stepProp ?? ownStep;
  const mayReadLibraries = useMayAct('dataSources', 'read');
  const knowledge = useRef<AgentKnowledgeHandle>(null);
  const [knowledgeState, setKnowledgeState] = useState<AgentKnowledgeState>({ count: initial.dataSources.length, labels: {} });
  const [saveState] = useUpdateAdminConfigStateMutation();
  // the daily token limits (docs/usage-limits.md) go out with the rest of the draft
  const [limits, setLimits] = useState(() => usageLimitValuesOf(initial.tokenLimitSettings));
  // and so does its automatic moderation (docs/moderation.md)
  const [moderation, setModeration] = useState(() => moderationValuesOf(initial.moderation));
  // the libraries go out with the rest of the draft, once the contract's rules find nothing wrong with them
  const save = async ({ id: configStateId, body }: { id: string; body: ConfigStateUpdate }) => {
    const prepared = knowledge.current?.prepare();
    if (prepared && 'refused' in prepared) return prepared.refused;
    if (!usageLimitsValid(limits)) return refusedSave([{ property: 'tokenLimitSettings', message: t('agentsAdmin.usageLimits.wholeTokens') }]);
    if (!endpointValid(moderation)) return refusedSave([{ property: 'moderation', message: t('agentsAdmin.moderation.endpointInvalid') }]);
    const tokenLimitSettings = usageLimitSettingsOf(limits, initial.tokenLimitSettings);
    return saveState({
      id: configStateId,
      body: { ...body, tokenLimitSettings, moderation: moderationOf(moderation), ...(prepared ? { dataSources: prepared.dataSources } : {}) },
    });
  };
  const { values, setValues, labels, fieldProblems, failure, fail, clearFailure, busy, saveDraft, run } = useDraftEditor<'save' | 'publish'>(initial, save);
  const [updateAgent] = useUpdateAgentFromStateMutation();
  const [publish] = usePublishAgentMutation();
  const current = state.data ?? initial;
  const issueLabels = {
    ...labels,
    ...knowledgeState.labels,
    tokenLimitSettings: t('agentsAdmin.usageLimits.title'),
    moderation: t('agentsAdmin.moderation.title'),
  };
  const showStep = (next: DraftStep) => (onStep ? onStep(next) : setOwnStep(next));

  const onSave = () =>
    run('save', async () => {
      if (await saveDraft()) enqueueSnackbar(t('agentsAdmin.saved'), { variant: 'success' });
    });
  const onPublish = () =>
    run('publish', async () => {
      if (!current.gptSystemId || !(await saveDraft())) return;
      const updated = await updateAgent(id);
      if (updated.error) return fail('publish', issuesOf(updated.error));
      const result = await publish({ gptSystemId: current.gptSystemId, configStateId: id });
      if (result.error) return fail('publish', issuesOf(result.error));
      clearFailure();
      enqueueSnackbar(t('agentsAdmin.publishedVersion', { version: result.data.version.version }), { variant: 'success' });
    });

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, lg: 7 }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={2}>
            <Tabs
              value={step}
              onChange={(_, next: DraftStep) => showStep(next)}
              aria-label={t('agentsAdmin.steps')}
              variant="scrollable"
              sx={{ mt: -1, mb: 1, borderBottom: 1, borderColor: 'divider' }}
            >
              <Tab value="settings" label={t('agentsAdmin.settingsStep')} id="draft-step-settings" aria-controls="draft-step-panel" />
              <Tab
                value="dataSources"
                label={knowledgeState.count > 0 ? t('agentsAdmin.dataSourcesStepCount', { count: knowledgeState.count }) : t('agentsAdmin.dataSources')}
                id="draft-step-dataSources"
                aria-controls="draft-step-panel"
              />
            </Tabs>
            {/* both steps stay mounted (the libraries chosen are kept while the settings are shown) */}
            <div role="tabpanel" id="draft-step-panel" aria-labelledby={`draft-step-${step}`}>
              <div hidden={step !== 'settings'}>
                <AgentConfigForm
                  values={values}
                  onChange={setValues}
                  deployments={available.data?.deployments ?? []}
                  capabilities={available.data?.capabilityAvailability}
                  disabled={busy !== null || !canEdit}
                  problems={fieldProblems}
                />
                <UsageLimitsFields value={limits} onChange={setLimits} disabled={busy !== null || !canEdit} />
                <ModerationFields value={moderation} onChange={setModeration} disabled={busy !== null || !canEdit} />
              </div>
              <div hidden={step !== 'dataSources'}>
                <AgentKnowledge
                  ref={knowledge}
                  initial={initial.dataSources}
                  mayList={mayReadLibraries}
                  disabled={busy !== null || !canEdit}
                  createLibraryPath={newLibraryPath}
                  onState={setKnowledgeState}
                />
              </div>
            </div>
            {available.error && (
              <AdminErrorAlert error={available.error} fallback={t('agentConfig.capabilities.loadFailed')} onRetry={() => void available.refetch()} />
            )}
            <ConfigIssues errors={failure?.issues ?? []} warnings={current.warnings} kind={failure?.kind ?? 'draft'} labels={issueLabels} />
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
