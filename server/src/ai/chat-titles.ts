// Generated conversation titles: after a new conversation's first answer, a second model call names it. The call runs
// as a job (conversations.titles.ts, the queue `conversations.title`), not in the turn: this is the call and what it
// keeps of the model's words. A title waits until no turn in its process waits for its first token (5 s at most;
// measured: with titles inline, 100 concurrent new conversations delayed each other's first tokens).
import type { ModelGateway } from './model.types.js';
import type { FirstTokenGate } from './first-token-gate.js';

const TitleTimeoutMs = 30_000;
/** the longest a title waits for turns to have their first tokens */
export const TitleIdleWaitMs = 5_000;

/** One line of at most 200 characters without surrounding quotes or a final full stop; null when nothing is left. */
export function cleanTitle(title: string | null): string | null {
  const clean = title
    ?.replace(/\s+/g, ' ')
    .replace(/^["'\s]+|["'\s.]+$/g, '')
    .slice(0, 200);
  return clean || null;
}

/**
 * The conversation's title from its first question and answer, or null when no language model can name it. Throws when
 * the model call fails or takes longer than 30 s (the job runs again), or when `signal` aborts.
 */
export async function generateTitle(
  deps: { models: ModelGateway; gate: FirstTokenGate },
  question: string,
  answer: string,
  signal: AbortSignal,
): Promise<string | null> {
  await deps.gate.whenClear(TitleIdleWaitMs);
  signal.throwIfAborted();
  return cleanTitle(await deps.models.generateTitle(question, answer, AbortSignal.any([signal, AbortSignal.timeout(TitleTimeoutMs)])));
}
