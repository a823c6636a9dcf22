// The state and steps an agent draft editor needs, shared by the admin agent editor and the Edit Personal Agent
// page: the form values; the problems found in the browser before sending (the contract's rules) and those the
// server named, each at its field; the server's other issues under a title saying what failed (docs/product.md
// §8: "Create Agent Failure!" only for a failed create); which action is running; and saving the draft (false
// when something is wrong, in which case nothing was sent or the server refused).
import { useTranslation } from '../../app/i18n/i18n';
import type { ConfigIssue, ConfigState, ConfigStateUpdate } from '@atrium/contract';
import { useMemo, useState } from 'react';
import { updateOf, valuesOf, type AgentDraftValues } from './agent-config-values';
import { AgentFormFields, issuesOf, splitIssues, type AgentFormField, type FieldProblems } from './agent-config-fields';
import { draftProblems } from './agent-config-validation';

export { issuesOf } from './agent-config-fields';
import type { IssueKind } from './config-issues';

/** The form's labels of its fields, as the messages name them. */
export function useAgentFormLabels(): Record<AgentFormField, string> {
  const { t } = useTranslation();
  return {
    gptSystemName: t('agentConfig.name'),
    description: t('agentConfig.description'),
    systemPrompt: t('agentConfig.systemPrompt'),
    introduction: t('agentConfig.introduction'),
    deploymentName: t('agentConfig.deployment'),
    temperature: t('agentConfig.temperature'),
    topP: t('agentConfig.topP'),
    frequencyPenalty: t('agentConfig.frequencyPenalty'),
    maxTokens: t('agentConfig.maxTokens'),
    capabilityTypes: t('agentConfig.capabilities.title'),
    restrictAnswerToInformationReturnedByTools: t('agentConfig.capabilities.restrict'),
    webSearchResultCount: t('agentConfig.capabilities.resultCount'),
  };
}

interface Failure {
  kind: IssueKind;
  /** the server's issues at the form's fields, until the field changes */
  fields: FieldProblems;
  /** those that name no field */
  rest: ConfigIssue[];
}

const failureOf = (kind: IssueKind, issues: readonly ConfigIssue[]): Failure | null => (issues.length ? { kind, ...splitIssues(issues) } : null);

type SaveDraft = (arg: { id: string; body: ConfigStateUpdate }) => PromiseLike<{ data?: ConfigState; error?: unknown }>;

export function useDraftEditor<Busy extends string>(initial: ConfigState, save: SaveDraft) {
  const labels = useAgentFormLabels();
  const [values, setValuesState] = useState<AgentDraftValues>(() => valuesOf(initial));
  // a draft saved earlier with errors shows them at once
  const [failure, setFailureState] = useState<Failure | null>(() => failureOf('draft', initial.errors));
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState<Busy | null>(null);
  const problems = useMemo(() => draftProblems(values, labels, tried), [values, labels, tried]);

  /** New values; what the server said about a field that changed no longer applies. */
  const setValues = (next: AgentDraftValues) => {
    setValuesState(next);
    setFailureState((f) => {
      if (!f) return f;
      const fields = { ...f.fields };
      for (const field of AgentFormFields) if (next[field] !== values[field]) delete fields[field];
      return Object.keys(fields).length || f.rest.length ? { ...f, fields } : null;
    });
  };
  /** Shows what the server refused (a call's error, or a saved draft's errors) as a failure of `kind`. */
  const fail = (kind: IssueKind, issues: readonly ConfigIssue[]) => setFailureState(failureOf(kind, issues));
  const clearFailure = () => setFailureState(null);

  const saveDraft = async (): Promise<boolean> => {
    setTried(true);
    if (Object.keys(draftProblems(values, labels, true)).length > 0) return false;
    const saved = await save({ id: initial.configStateId, body: updateOf(values) });
    if (saved.error || !saved.data) {
      fail('save', issuesOf(saved.error));
      return false;
    }
    fail('draft', saved.data.errors);
    return saved.data.errors.length === 0;
  };

  /** Runs one action at a time, marking which (for its spinner). */
  const run = async (kind: Busy, work: () => Promise<void>) => {
    setBusy(kind);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  };

  /** Each field's problem: the browser's first (it is current), else what the server said. */
  const fieldProblems: FieldProblems = { ...failure?.fields, ...problems };
  return {
    values,
    setValues,
    labels,
    fieldProblems,
    failure: failure ? { kind: failure.kind, issues: failure.rest } : null,
    fail,
    clearFailure,
    busy,
    saveDraft,
    run,
  };
}
