// Removes library blobs no file row names any more. A library's or file's rows are deleted first and its blobs after
// (file-libraries.service.ts), and an upload stores its blobs before its rows: a process that dies in between leaves
// blobs behind, and so does an extraction that writes the text it read after its file was deleted. This sweep lists
// the blobs under the libraries' key space (file-libraries/<libraryId>/<fileId>, and the text read from it beside it,
// <key>.extraction.json), keeps those whose file row names them, keeps those written less than a grace period ago (an
// upload in flight stores its blob before its row commits), and deletes the rest.
//
// It runs as the pg-boss job `knowledge.blob-sweep` every hour (platform/jobs.ts: one job per occurrence however many
// processes run, one at a time by its key; defined with the ingestion's queues), and logs what it removed. `now` is its clock (tests move it).
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { libraryFiles } from '../../db/schema/index.js';
import { extractionKey } from './knowledge.ingestion.js';

export const BlobSweepQueue = 'knowledge.blob-sweep';
export const BlobSweepSchedule = '23 * * * *';
/** The key space of library files' blobs (file-libraries.service.ts names them). */
export const LibraryBlobPrefix = 'file-libraries/';
/** A blob younger than this is never swept: its upload may not have committed its row yet. */
export const BlobSweepGraceMs = 60 * 60_000;
/** Blobs looked up in the database per statement. */
const BatchSize = 500;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface BlobSweepResult {
  /** blobs under the key space */
  listed: number;
  /** of which younger than the grace period, left for a later sweep */
  recent: number;
  /** blobs no row names, deleted */
  removed: number;
  /** deletions that failed (logged; the next sweep tries again) */
  failed: number;
}

export type BlobSweepContext = Pick<AppContext, 'db' | 'blobs' | 'logger'>;

/** The key of the file row a blob belongs to: the original's key, also for the text read from it. */
function rowKeyOf(key: string): string {
  // read when called: knowledge.ingestion.ts defines this job, so this module is loaded while it loads
  const suffix = extractionKey('');
  return key.endsWith(suffix) ? key.slice(0, -suffix.length) : key;
}

/** The file id in a key `file-libraries/<libraryId>/<fileId>`; null for a key of another shape. */
function fileIdOf(rowKey: string): string | null {
  const parts = rowKey.slice(LibraryBlobPrefix.length).split('/');
  return parts.length === 2 && uuidPattern.test(parts[1]!) ? parts[1]!.toLowerCase() : null;
}

/** Of these row keys, those a file row names. */
async function namedByRows(ctx: BlobSweepContext, rowKeys: string[]): Promise<Set<string>> {
  const named = new Set<string>();
  const ids = new Set<string>();
  const otherKeys: string[] = [];
  for (const key of rowKeys) {
    const id = fileIdOf(key);
    if (id) ids.add(id);
    else otherKeys.push(key);
  }
  // by the file's id (its primary key), then compared with the key its row names
  if (ids.size > 0) {
    const rows = await ctx.db
      .select({ blobKey: libraryFiles.blobKey })
      .from(libraryFiles)
      .where(inArray(libraryFiles.id, [...ids]));
    for (const row of rows) named.add(row.blobKey);
  }
  // a key not of the usual shape: looked up as it is (no index; none are made today)
  if (otherKeys.length > 0) {
    const rows = await ctx.db.select({ blobKey: libraryFiles.blobKey }).from(libraryFiles).where(inArray(libraryFiles.blobKey, otherKeys));
    for (const row of rows) named.add(row.blobKey);
  }
  return named;
}

/** Deletes the library blobs older than `graceMs` that no file row names. */
export async function sweepLibraryBlobs(ctx: BlobSweepContext, options: { now?: Date; graceMs?: number; signal?: AbortSignal } = {}): Promise<BlobSweepResult> {
  const { now = new Date(), graceMs = BlobSweepGraceMs, signal } = options;
  const before = now.getTime() - graceMs;
  const result: BlobSweepResult = { listed: 0, recent: 0, removed: 0, failed: 0 };
  let batch: string[] = [];
  const sweepBatch = async () => {
    const keys = batch;
    batch = [];
    const named = await namedByRows(ctx, [...new Set(keys.map(rowKeyOf))]);
    for (const key of keys) {
      if (named.has(rowKeyOf(key))) continue;
      try {
        await ctx.blobs.delete(key);
        result.removed++;
      } catch (e) {
        result.failed++;
        ctx.logger.error({ err: e, blobKey: key }, 'could not remove a library blob no file names');
      }
    }
  };
  for await (const blob of ctx.blobs.list(LibraryBlobPrefix)) {
    signal?.throwIfAborted();
    result.listed++;
    if (blob.modifiedAt.getTime() > before) {
      result.recent++;
      continue;
    }
    batch.push(blob.key);
    if (batch.length >= BatchSize) await sweepBatch();
  }
  if (batch.length > 0) await sweepBatch();
  return result;
}

export function defineLibraryBlobSweep(ctx: BlobSweepContext & Pick<AppContext, 'jobs'>): void {
  ctx.jobs.define<Record<string, never>>(
    BlobSweepQueue,
    {
      concurrency: 1,
      retryLimit: 3,
      retryDelaySeconds: 60,
      // a bucket of many files is listed a thousand keys a request: heartbeats tell a live sweep from a lost one
      expireInSeconds: 3600,
      heartbeatSeconds: 30,
      key: () => 'sweep',
      schedule: { cron: BlobSweepSchedule, data: {} },
    },
    async (_job, run) => {
      const result = await sweepLibraryBlobs(ctx, { signal: run.signal });
      if (result.removed || result.failed) ctx.logger.info(result, 'removed library blobs no file names');
      else ctx.logger.debug(result, 'library blob sweep: nothing to remove');
    },
  );
}
