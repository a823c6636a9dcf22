// The start of a turn near a person's own limit (docs/usage-limits.md): their daily limit with an agent, or a Hard
// monthly budget. checkTurn reads the tokens before anything is written, so answers started at the same moment (a
// script, two tabs) would each pass it; from the threshold on, a person's questions therefore start one at a time:
// under a transaction-scoped advisory lock of the person, a question starts (its InProgress segment is written) only
// when no other answer of theirs that counts against the same limit is being written, and after its tokens are read
// again. Otherwise it waits, polling, for that answer to end; the lock is held only for one attempt, never while
// waiting, so that it is free for the answer's own writes and for other processes. Below the thresholds none of this
// runs (checkTurn's fast path).
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { RoleBudgetMessages, UsageAnswerInProgressMessage, UsageLimitErrorCodes } from '@atrium/contract';
import { AppError } from '../../platform/errors.js';
import type { DbContext } from '../../platform/context.js';
import type { Db } from '../../db/client.js';
import { personAnswerInProgress } from '../conversations/conversations.repository.js';
import { personTokensSince } from '../conversations/conversations.token-usage.js';
import { dayStart, monthStart, refuse, SettledAfterMs, type TurnGuard } from './usage-limits.service.js';

/**
 * How long a question waits for the person's answer being written, and how often it looks again. Mutable for the
 * tests only (a wait that runs out).
 */
export const ClaimTiming = { waitMs: 60_000, pollMs: 200 };

/**
 * Whether an answer of the person that counts against the guarded limits is being written: with any agent when the
 * monthly budget is guarded, else with this agent. An InProgress segment older than SettledAfterMs is left out: its
 * process most likely died, and the sweep of stopped processes ends it (platform/server-processes.ts); it must not
 * keep its person waiting.
 */
const answerInProgress = (tx: Db, guard: TurnGuard, now: Date) =>
  personAnswerInProgress(tx, guard.userId, new Date(now.getTime() - SettledAfterMs), guard.monthlyBudget === null ? guard.gptSystemId : null);

/** The guarded limits against the tokens as they are now (no answer of the person is being written): 403 once reached. */
async function checkAgain(tx: Db, guard: TurnGuard, now: Date): Promise<void> {
  const [today, month] = await Promise.all([
    guard.perUserPerDay ? personTokensSince(tx, [guard.userId], dayStart(now), guard.gptSystemId) : null,
    guard.monthlyBudget !== null ? personTokensSince(tx, [guard.userId], monthStart(now)) : null,
  ]);
  if (guard.perUserPerDay && (today?.get(guard.userId) ?? 0) >= guard.perUserPerDay.limit) throw refuse(guard.perUserPerDay.message, 'TokensPerUserPerDay');
  if (guard.monthlyBudget !== null && (month?.get(guard.userId) ?? 0) >= guard.monthlyBudget) throw refuse(RoleBudgetMessages.reached, 'MonthlyBudget');
}

const waitedInVain = () =>
  new AppError(UsageLimitErrorCodes.answerInProgress, 429, UsageAnswerInProgressMessage, [], {
    'retry-after': String(Math.ceil(ClaimTiming.pollMs / 1000)),
  });

/**
 * Starts a guarded turn: `write` writes its rows (the InProgress segment among them) in the transaction that holds the
 * person's lock, once no other answer of theirs counts against the same limit and the tokens still allow it. Throws
 * 403 usage_limit_reached when they no longer do, 429 usage_limit_answer_in_progress when the other answer did not
 * end within ClaimTiming.waitMs; nothing is written then.
 */
export async function claimTurn({ db }: DbContext, guard: TurnGuard, write: (tx: Db) => Promise<void>): Promise<void> {
  const deadline = Date.now() + ClaimTiming.waitMs;
  // one lock per person (not per limit): a person's guarded starts are few and short, and one key cannot deadlock
  const key = `atrium.usage-limits:${guard.userId}`;
  for (;;) {
    const started = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
      const now = new Date();
      if (await answerInProgress(tx, guard, now)) return false;
      await checkAgain(tx, guard, now);
      await write(tx);
      return true;
    });
    if (started) return;
    if (Date.now() >= deadline) throw waitedInVain();
    // a little jitter: the questions that wait together do not all look at the same instant
    await sleep(Math.min(ClaimTiming.pollMs * (0.75 + Math.random() / 2), Math.max(0, deadline - Date.now())));
  }
}
