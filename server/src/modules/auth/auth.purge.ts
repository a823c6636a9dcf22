// Purges what sign-in leaves behind (docs/jobs.md): refresh sessions that expired or ended, and sign-in failure
// counters nobody has added to for a day, as the pg-boss job `auth.purge` every hour. Each statement deletes a bounded
// batch; a purge stopped half-way leaves only rows the next one deletes. `now` is the purge's clock (tests move it).
import { TokenLifetimeSeconds } from '@atrium/contract';
import type { AppContext } from '../../platform/context.js';
import { AuthRepository } from './auth.repository.js';

export const PurgeQueue = 'auth.purge';
export const PurgeSchedule = '41 * * * *';
const BatchSize = 1_000;
const HourMs = 3_600_000;
/** an expired session is kept a day (a person whose cookie just expired is told so, not that it is unknown) */
const ExpiredKeptMs = 24 * HourMs;
/** an ended session matters while tokens minted in it may live (the access hook's set), and a minute for clocks */
const EndedKeptMs = (TokenLifetimeSeconds + 60) * 1000;
/** a failure counter idle this long starts again from one anyway (sign-in-throttle.ts forgets after an hour) */
const FailureKeptMs = 24 * HourMs;

export interface PurgeResult {
  sessions: number;
  signInFailures: number;
}

export async function purgeSignInLeftovers(ctx: Pick<AppContext, 'db'>, now = new Date(), signal?: AbortSignal): Promise<PurgeResult> {
  const repository = new AuthRepository(ctx.db);
  const result: PurgeResult = { sessions: 0, signInFailures: 0 };
  for (;;) {
    signal?.throwIfAborted();
    const n = await repository.purgeSessions(new Date(now.getTime() - ExpiredKeptMs), new Date(now.getTime() - EndedKeptMs), BatchSize);
    result.sessions += n;
    if (n < BatchSize) break;
  }
  for (;;) {
    signal?.throwIfAborted();
    const n = await repository.purgeFailures(new Date(now.getTime() - FailureKeptMs), now, BatchSize);
    result.signInFailures += n;
    if (n < BatchSize) break;
  }
  return result;
}

export function definePurgeJob(ctx: AppContext): void {
  ctx.jobs.define<Record<string, never>>(
    PurgeQueue,
    { concurrency: 1, retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 900, key: () => 'purge', schedule: { cron: PurgeSchedule, data: {} } },
    async (_job, run) => {
      const result = await purgeSignInLeftovers(ctx, new Date(), run.signal);
      if (result.sessions || result.signInFailures) ctx.logger.info(result, 'purged ended sessions and old sign-in failures');
    },
  );
}
