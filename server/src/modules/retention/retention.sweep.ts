// The retention sweep (docs/retention.md): deletes what the retention settings no longer keep, in bounded batches,
// and writes one audit row with the counts. A batch deletes its blobs first and its rows after, in one transaction,
// so that a sweep stopped anywhere (a process killed, a failed blob store) leaves rows whose blobs may be gone but
// never blobs without rows: the next run finds the same rows and finishes the work. Nothing changed after its
// cutoff (now minus the kind's days) is touched. `now` is the sweep's clock (tests move it forward).
import type { RetentionCounts } from '@atrium/contract';
import type { AppContext } from '../../platform/context.js';
import { recordAudit, type AuditActor } from '../../platform/audit.js';
import {
  clearTraceLogs,
  deleteConversations,
  expiredConversations,
  uploadsNamedBy,
  uploadsStillNamed,
  type ConversationKind,
} from '../conversations/conversations.retention.js';
import { deleteUploadRows, expiredAttachments, expiredVisionImages, ownedUploads, type SweptUploads } from '../uploads/uploads.retention.js';
import { generatedImageBlobKeys } from '../generated-images/generated-images.retention.js';
import { codeFileBlobKeys } from '../code-interpreter/code-files.retention.js';
import { rollUp } from '../analytics/analytics.rollup.js';
import { effectiveRetention, RetentionAggregate } from './retention.settings.js';
import { lastTraceLogCutoff, NoneDeleted, SweepAggregateId, SweepOperation, type SweepRecord } from './retention.runs.js';

export type SweepContext = Pick<AppContext, 'db' | 'config' | 'blobs' | 'logger'>;

const DayMs = 86_400_000;
/** conversations (with their segments and uploads) or uploads per batch and transaction */
export const DefaultBatchSize = 200;
/** segments whose trace logs one statement clears */
const TraceLogBatchSize = 2_000;
/** blobs deleted at once */
const BlobConcurrency = 8;
/** the next sweep clears trace logs from the last one's cutoff less this (answers written after their question) */
const TraceLogOverlapMs = DayMs;

export interface SweepOptions {
  now?: Date;
  trigger: 'Manual' | 'Scheduled';
  actor: AuditActor;
  batchSize?: number;
  /** stops between batches (the job engine stopping); what was done stays done */
  signal?: AbortSignal;
  /** called after each batch (tests stop a sweep half-way through) */
  afterBatch?: (step: 'conversations' | 'uploads' | 'traceLogs') => Promise<void> | void;
}

const cutoffOf = (now: Date, days: number | null) => (days === null ? null : new Date(now.getTime() - days * DayMs));

async function deleteBlobs(ctx: SweepContext, keys: readonly string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += BlobConcurrency) {
    await Promise.all(keys.slice(i, i + BlobConcurrency).map((k) => ctx.blobs.delete(k)));
  }
}

/** Runs one sweep to its end; throws when a statement or the blob store fails (the job then runs again). */
export async function sweep(ctx: SweepContext, options: SweepOptions): Promise<SweepRecord> {
  const now = options.now ?? new Date();
  const size = options.batchSize ?? DefaultBatchSize;
  const { days } = await effectiveRetention(ctx);
  const cutoffs = {
    signedInConversations: cutoffOf(now, days.signedInConversationDays),
    publicConversations: cutoffOf(now, days.publicConversationDays),
    uploads: cutoffOf(now, days.uploadDays),
    traceLogs: cutoffOf(now, days.traceLogDays),
  };
  const deleted: RetentionCounts = { ...NoneDeleted };
  const stopped = () => options.signal?.throwIfAborted();

  // the analytics rollups are made from segments: the hours about to lose theirs are rolled up first
  if (cutoffs.signedInConversations || cutoffs.publicConversations) await rollUp(ctx);
  for (const kind of ['signedIn', 'public'] as const) {
    const cutoff = kind === 'signedIn' ? cutoffs.signedInConversations : cutoffs.publicConversations;
    if (!cutoff) continue;
    let after: string | null = null;
    for (;;) {
      stopped();
      const batch = await expiredConversations(ctx, kind, cutoff, after, size);
      if (batch.length === 0) break;
      after = batch.at(-1)!.id;
      const counts = await deleteConversationBatch(ctx, kind, batch);
      deleted[kind === 'signedIn' ? 'signedInConversations' : 'publicConversations'] += counts.conversations;
      deleted.visionImages += counts.visionImages;
      deleted.attachments += counts.attachments;
      deleted.generatedImages += counts.generatedImages;
      deleted.codeInterpreterFiles += counts.codeInterpreterFiles;
      await options.afterBatch?.('conversations');
      if (batch.length < size) break;
    }
  }

  if (cutoffs.uploads) {
    for (const expired of [expiredVisionImages, expiredAttachments]) {
      let after: string | null = null;
      for (;;) {
        stopped();
        const batch = await expired(ctx, cutoffs.uploads, after, size);
        if (batch.lastId === null) break;
        after = batch.lastId;
        const counts = await deleteUploads(ctx, batch);
        deleted.visionImages += counts.visionImages;
        deleted.attachments += counts.attachments;
        await options.afterBatch?.('uploads');
        if (batch.visionImageIds.length + batch.attachmentIds.length < size) break;
      }
    }
  }

  if (cutoffs.traceLogs) {
    const previous = await lastTraceLogCutoff(ctx);
    let from = previous && previous <= cutoffs.traceLogs ? new Date(previous.getTime() - TraceLogOverlapMs) : null;
    for (;;) {
      stopped();
      const { cleared, last } = await clearTraceLogs(ctx, { from, cutoff: cutoffs.traceLogs }, TraceLogBatchSize);
      deleted.traceLogs += cleared;
      await options.afterBatch?.('traceLogs');
      if (cleared < TraceLogBatchSize || !last) break;
      from = last;
    }
  }

  const record: SweepRecord = {
    trigger: options.trigger,
    at: new Date().toISOString(),
    days,
    cutoffs: {
      signedInConversations: cutoffs.signedInConversations?.toISOString() ?? null,
      publicConversations: cutoffs.publicConversations?.toISOString() ?? null,
      uploads: cutoffs.uploads?.toISOString() ?? null,
      traceLogs: cutoffs.traceLogs?.toISOString() ?? null,
    },
    deleted,
  };
  await recordAudit(ctx.db, {
    aggregateType: RetentionAggregate,
    aggregateId: SweepAggregateId,
    domainOperation: SweepOperation,
    actor: options.actor,
    after: record,
  });
  ctx.logger.info({ trigger: options.trigger, deleted }, 'retention sweep finished');
  return record;
}

/**
 * One batch of expired conversations: their blobs (uploads only they name, generated images, the code interpreter's
 * files), then the rows.
 */
async function deleteConversationBatch(ctx: SweepContext, kind: ConversationKind, batch: Awaited<ReturnType<typeof expiredConversations>>) {
  const ids = batch.map((c) => c.id);
  const named = await uploadsNamedBy(ctx, ids);
  const kept = await uploadsStillNamed(ctx, batch, [...named.visionImageIds, ...named.attachmentIds]);
  const owners = {
    userIds: [...new Set(batch.flatMap((c) => (c.userId ? [c.userId] : [])))],
    visitors:
      kind === 'public'
        ? batch.flatMap((c) =>
            c.publicEndpointName && c.sessionIdentifier ? [{ endpointName: c.publicEndpointName, sessionIdentifier: c.sessionIdentifier }] : [],
          )
        : [],
  };
  const uploads = await ownedUploads(ctx, owners, {
    visionImageIds: named.visionImageIds.filter((id) => !kept.has(id)),
    attachmentIds: named.attachmentIds.filter((id) => !kept.has(id)),
  });
  const [generated, codeFiles] = await Promise.all([generatedImageBlobKeys(ctx, ids), codeFileBlobKeys(ctx, ids)]);
  await deleteBlobs(ctx, [...uploads.blobKeys, ...generated, ...codeFiles]);
  return ctx.db.transaction(async (tx) => {
    const rows = await deleteUploadRows(tx, uploads);
    const conversations = await deleteConversations(tx, ids);
    return { conversations, ...rows, generatedImages: generated.length, codeInterpreterFiles: codeFiles.length };
  });
}

async function deleteUploads(ctx: SweepContext, uploads: SweptUploads) {
  await deleteBlobs(ctx, uploads.blobKeys);
  return ctx.db.transaction((tx) => deleteUploadRows(tx, uploads));
}
