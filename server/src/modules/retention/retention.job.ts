// The retention sweep as a pg-boss job (platform/jobs.ts, docs/jobs.md): `retention.sweep` runs every day at 03:15 UTC
// and when an administrator asks (POST …/retention/run). One sweep waits or runs at a time (its key); a process that
// dies while sweeping stops sending heartbeats and the sweep runs again on another process (or at the next start on
// PGlite) within a minute, where it finds what is left and finishes it.
import type { AppContext } from '../../platform/context.js';
import type { AuditActor } from '../../platform/audit.js';
import { sweep } from './retention.sweep.js';

export const SweepQueue = 'retention.sweep';
export const SweepSchedule = '15 3 * * *';

export interface SweepJob {
  trigger: 'Manual' | 'Scheduled';
  /** who asked for a manual sweep (the audit row names them) */
  actor?: AuditActor;
}

/** The scheduled sweep's author in the audit trail. */
export const SweepActor: AuditActor = { userId: null, userName: 'Retention sweep' };

export function defineSweepJob(ctx: AppContext): void {
  ctx.jobs.define<SweepJob>(
    SweepQueue,
    {
      concurrency: 1,
      retryLimit: 5,
      retryDelaySeconds: 60,
      // a sweep of a large instance's first day may take long: heartbeats tell a live one from a lost one
      expireInSeconds: 6 * 3600,
      heartbeatSeconds: 30,
      key: () => 'sweep',
      schedule: { cron: SweepSchedule, data: { trigger: 'Scheduled' } },
    },
    async (job, run) => {
      await sweep(ctx, { trigger: job.trigger, actor: job.actor ?? SweepActor, signal: run.signal });
    },
  );
}

/** Queues a sweep now; null when one is already waiting or running (it does the same work). */
export async function runSweepNow(ctx: Pick<AppContext, 'jobs'>, actor: AuditActor): Promise<string | null> {
  return ctx.jobs.send<SweepJob>(SweepQueue, { trigger: 'Manual', actor });
}
