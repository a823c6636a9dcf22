// The record of retention sweeps: each finished sweep writes one audit row (aggregate Retention, id `sweep`) with its
// trigger, the days it applied, the cutoffs and what it deleted. The last one is shown with the settings, and its trace
// log cutoff is where the next sweep's clearing of trace logs starts (what lies before it was cleared then).
import { RetentionCountsSchema, RetentionDaysSchema, type RetentionCounts, type RetentionRun } from '@atrium/contract';
import { z } from 'zod';
import type { DbContext } from '../../platform/context.js';
import { latestAuditAfter } from '../audit/audit.lookup.js';

export const SweepAggregateId = 'sweep';
export const SweepOperation = 'Swept';

export const NoneDeleted: RetentionCounts = {
  signedInConversations: 0,
  publicConversations: 0,
  visionImages: 0,
  attachments: 0,
  generatedImages: 0,
  codeInterpreterFiles: 0,
  traceLogs: 0,
};

/** The `after` details of a sweep's audit row. */
export const SweepRecordSchema = z.object({
  trigger: z.enum(['Manual', 'Scheduled']),
  at: z.string(),
  /** the settings it applied */
  days: RetentionDaysSchema,
  cutoffs: z.object({
    signedInConversations: z.string().nullable(),
    publicConversations: z.string().nullable(),
    uploads: z.string().nullable(),
    traceLogs: z.string().nullable(),
  }),
  deleted: RetentionCountsSchema,
});
export type SweepRecord = z.infer<typeof SweepRecordSchema>;

async function lastRecord(ctx: DbContext): Promise<SweepRecord | null> {
  const parsed = SweepRecordSchema.safeParse(await latestAuditAfter(ctx, 'Retention', SweepAggregateId));
  return parsed.success ? parsed.data : null;
}

export async function lastRun(ctx: DbContext): Promise<RetentionRun | null> {
  const record = await lastRecord(ctx);
  return record ? { at: record.at, trigger: record.trigger, deleted: record.deleted } : null;
}

/** The trace log cutoff of the last finished sweep (null: none cleared trace logs yet). */
export async function lastTraceLogCutoff(ctx: DbContext): Promise<Date | null> {
  const at = (await lastRecord(ctx))?.cutoffs.traceLogs;
  return at ? new Date(at) : null;
}
