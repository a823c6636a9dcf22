// The state and steps an agent draft editor needs, shared by the admin agent editor and the Edit
// Personal Agent page: the form values, the failure list of docs/product.md §8 ("Create Agent Failure!" with the
// server's errors), which action is running, and saving the draft (false when refused or with errors).
import { agentNameError, type ConfigIssue, type ConfigState, type ConfigStateUpdate } from '@atrium/contract';
import { useState } from 'react';
import { apiErrorBody } from '../admin';
import { updateOf, valuesOf, type AgentDraftValues } from './agent-config-values';

/** A refused call's field errors as issues; anything else as one issue with the server's message. */
export const issuesOf = (error: unknown): ConfigIssue[] => {
  const body = apiErrorBody(error);
  if (body?.details?.length) return body.details.map((d) => ({ property: d.field, message: d.message }));
  return [{ property: 'request', message: body?.message ?? 'The request failed.' }];
};

type SaveDraft = (arg: { id: string; body: ConfigStateUpdate }) => PromiseLike<{ data?: ConfigState; error?: unknown }>;

export function useDraftEditor<Busy extends string>(initial: ConfigState, save: SaveDraft) {
  const [values, setValues] = useState<AgentDraftValues>(() => valuesOf(initial));
  const [failure, setFailure] = useState<ConfigIssue[]>([]);
  const [busy, setBusy] = useState<Busy | null>(null);

  const saveDraft = async (): Promise<boolean> => {
    if (agentNameError(values.gptSystemName)) return false;
    const saved = await save({ id: initial.configStateId, body: updateOf(values) });
    if (saved.error || !saved.data) {
      setFailure(issuesOf(saved.error));
      return false;
    }
    setFailure(saved.data.errors);
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

  return { values, setValues, failure, setFailure, busy, saveDraft, run };
}
