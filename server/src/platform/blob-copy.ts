// Copies a file blob store (DATA_DIR/blobs) into another store, in practice the bucket of BLOB_STORE=s3
// (server/src/blobs-copy.ts is the command; docs/storage.md). A file's path below the root is its key, as
// FileBlobStore wrote it. Idempotent and resumable: a blob the target already holds with the same size is skipped, so
// a run that was stopped or that met errors is simply run again.
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PartialFileSuffix, safeKey, type SizedBlobStore } from './blobs.js';

export interface BlobCopyCounts {
  /** files written to the target */
  copied: number;
  /** files the target already held with the same size */
  skipped: number;
  /** files that could not be read or written (named in `failures`) */
  failed: number;
  /** bytes written to the target */
  bytes: number;
  /** the failed keys (the first 100) with their errors */
  failures: { key: string; error: string }[];
}

const ReportedFailures = 100;

/** The keys below `root`: every complete file (not FileBlobStore's `.tmp` files being written), in no set order. */
async function* fileKeys(root: string, dir = ''): AsyncGenerator<string> {
  let entries: Dirent[];
  try {
    entries = await fs.readdir(path.join(root, dir), { withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT' && dir === '') return;
    throw e;
  }
  for (const entry of entries) {
    const key = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* fileKeys(root, key);
    else if (entry.isFile() && !entry.name.endsWith(PartialFileSuffix)) yield key;
  }
}

/**
 * Copies every file under `root` to `target` with `concurrency` copies at a time. `onProgress` is called after each
 * file with the counts so far.
 */
export async function copyFileStore(
  root: string,
  target: SizedBlobStore,
  options: { concurrency?: number; onProgress?: (counts: BlobCopyCounts) => void } = {},
): Promise<BlobCopyCounts> {
  const counts: BlobCopyCounts = { copied: 0, skipped: 0, failed: 0, bytes: 0, failures: [] };
  const keys = fileKeys(root);
  const copyOne = async (key: string) => {
    const file = path.join(root, safeKey(key));
    const [{ size }, present] = await Promise.all([fs.stat(file), target.size(key)]);
    if (present === size) {
      counts.skipped++;
      return;
    }
    const data = await fs.readFile(file);
    // the file store kept no content type: the application serves each blob with the type its row records
    await target.put(key, data, 'application/octet-stream');
    counts.copied++;
    counts.bytes += data.length;
  };
  const worker = async () => {
    // an async generator hands each key to one caller, however many wait on it
    for (let next = await keys.next(); !next.done; next = await keys.next()) {
      try {
        await copyOne(next.value);
      } catch (e) {
        counts.failed++;
        if (counts.failures.length < ReportedFailures) counts.failures.push({ key: next.value, error: (e as Error).message });
      }
      options.onProgress?.(counts);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 8) }, worker));
  return counts;
}
