// Queries of the knowledge module's tables: file libraries, their files, chunks and processing logs.
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { fileLibraries, libraryChunks, libraryFileLogs, libraryFiles, type FileLibraryRow, type LibraryFileRow } from '../../db/schema/index.js';
import type { Chunk } from './chunking.js';

export type { FileLibraryRow, LibraryFileRow } from '../../db/schema/index.js';

// ---- libraries

export async function insertLibrary(db: Db, values: typeof fileLibraries.$inferInsert): Promise<FileLibraryRow> {
  const [row] = await db.insert(fileLibraries).values(values).returning();
  return row!;
}

export async function getLibrary(db: Db, id: string): Promise<FileLibraryRow | null> {
  const [row] = await db.select().from(fileLibraries).where(eq(fileLibraries.id, id));
  return row ?? null;
}

/** The library's embedding deployment, read under a share lock: a change of it (which locks the row) waits for the caller. */
export async function libraryEmbeddingShared(db: Db, id: string): Promise<{ embeddingDeploymentId: string | null } | null> {
  const [row] = await db
    .select({ embeddingDeploymentId: fileLibraries.embeddingDeploymentId })
    .from(fileLibraries)
    .where(eq(fileLibraries.id, id))
    .for('share');
  return row ?? null;
}

/** The libraries that embed with a deployment, locked until the transaction ends (its model changes in place). */
export async function lockLibrariesEmbeddingWith(db: Db, deploymentId: string): Promise<FileLibraryRow[]> {
  return db.select().from(fileLibraries).where(eq(fileLibraries.embeddingDeploymentId, deploymentId)).orderBy(asc(fileLibraries.id)).for('update');
}

/** The library, locked until the transaction ends (an update or a delete that must not race another). */
export async function lockLibrary(db: Db, id: string): Promise<FileLibraryRow | null> {
  const [row] = await db.select().from(fileLibraries).where(eq(fileLibraries.id, id)).for('update');
  return row ?? null;
}

/** Libraries of the File Libraries pages (all, or these ids); agents' own libraries are not among them. */
export async function listLibraries(db: Db, ids?: string[]): Promise<FileLibraryRow[]> {
  if (ids && ids.length === 0) return [];
  return db
    .select()
    .from(fileLibraries)
    .where(and(isNull(fileLibraries.agentId), ids ? inArray(fileLibraries.id, ids) : undefined))
    .orderBy(asc(fileLibraries.name), asc(fileLibraries.id));
}

/** The personal agent's own library (its FileSearch files), if it has one. */
export async function libraryOfAgent(db: Db, gptSystemId: string): Promise<FileLibraryRow | null> {
  const [row] = await db.select().from(fileLibraries).where(eq(fileLibraries.agentId, gptSystemId));
  return row ?? null;
}

/** The files of a library made from attachments (an agent's library), by attachment. */
export async function attachmentFiles(db: Db, libraryId: string): Promise<LibraryFileRow[]> {
  return db
    .select()
    .from(libraryFiles)
    .where(and(eq(libraryFiles.libraryId, libraryId), isNotNull(libraryFiles.sourceAttachmentId)));
}

export async function updateLibrary(db: Db, id: string, values: Partial<typeof fileLibraries.$inferInsert>): Promise<FileLibraryRow> {
  const [row] = await db
    .update(fileLibraries)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(fileLibraries.id, id))
    .returning();
  return row!;
}

export async function deleteLibrary(db: Db, id: string): Promise<void> {
  await db.delete(fileLibraries).where(eq(fileLibraries.id, id));
}

export async function countLibraries(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(fileLibraries)
    .where(isNull(fileLibraries.agentId));
  return row?.n ?? 0;
}

export interface LibraryStats {
  total: number;
  queued: number;
  processing: number;
  online: number;
  error: number;
  outOfDate: number;
  totalBytes: number;
  chunkCount: number;
}

const emptyStats = (): LibraryStats => ({ total: 0, queued: 0, processing: 0, online: 0, error: 0, outOfDate: 0, totalBytes: 0, chunkCount: 0 });

/** Files by status, their bytes and chunks, per library. */
export async function libraryStats(db: Db, libraryIds: string[]): Promise<Map<string, LibraryStats>> {
  const out = new Map(libraryIds.map((id) => [id, emptyStats()]));
  if (libraryIds.length === 0) return out;
  const rows = await db
    .select({
      libraryId: libraryFiles.libraryId,
      status: libraryFiles.status,
      files: sql<number>`count(*)::int`,
      bytes: sql<number>`coalesce(sum(${libraryFiles.sizeBytes}), 0)::float8`,
      chunks: sql<number>`coalesce(sum(${libraryFiles.chunkCount}), 0)::float8`,
    })
    .from(libraryFiles)
    .where(inArray(libraryFiles.libraryId, libraryIds))
    .groupBy(libraryFiles.libraryId, libraryFiles.status);
  const key: Record<string, keyof LibraryStats> = { Queued: 'queued', Processing: 'processing', Online: 'online', Error: 'error', OutOfDate: 'outOfDate' };
  for (const r of rows) {
    const s = out.get(r.libraryId)!;
    s.total += r.files;
    const k = key[r.status];
    if (k) s[k] += r.files;
    s.totalBytes += Number(r.bytes);
    s.chunkCount += Number(r.chunks);
  }
  return out;
}

// ---- files

export async function insertFile(db: Db, values: typeof libraryFiles.$inferInsert): Promise<LibraryFileRow> {
  const [row] = await db.insert(libraryFiles).values(values).returning();
  return row!;
}

export async function getFile(db: Db, libraryId: string, fileId: string): Promise<LibraryFileRow | null> {
  const [row] = await db
    .select()
    .from(libraryFiles)
    .where(and(eq(libraryFiles.libraryId, libraryId), eq(libraryFiles.id, fileId)));
  return row ?? null;
}

export async function getFileById(db: Db, fileId: string): Promise<LibraryFileRow | null> {
  const [row] = await db.select().from(libraryFiles).where(eq(libraryFiles.id, fileId));
  return row ?? null;
}

/** The file if it is still at this run and step, locked until the transaction ends; null when a newer run or step has it. */
export async function lockFileAt(db: Db, fileId: string, run: number, stage: string): Promise<LibraryFileRow | null> {
  const [row] = await db
    .select()
    .from(libraryFiles)
    .where(and(eq(libraryFiles.id, fileId), eq(libraryFiles.run, run), eq(libraryFiles.stage, stage)))
    .for('update');
  return row ?? null;
}

export async function fileWithHash(db: Db, libraryId: string, contentHash: string): Promise<LibraryFileRow | null> {
  const [row] = await db
    .select()
    .from(libraryFiles)
    .where(and(eq(libraryFiles.libraryId, libraryId), eq(libraryFiles.contentHash, contentHash)))
    .orderBy(asc(libraryFiles.createdAt))
    .limit(1);
  return row ?? null;
}

export interface FilePage {
  top: number;
  keywords?: string | undefined;
  status?: string | undefined;
  /** the last file of the previous page */
  after?: { createdAt: Date; id: string } | undefined;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Newest first; one more than `top`, so that the caller knows whether another page follows. */
export async function listFiles(db: Db, libraryId: string, page: FilePage): Promise<LibraryFileRow[]> {
  const where: (SQL | undefined)[] = [eq(libraryFiles.libraryId, libraryId)];
  for (const word of (page.keywords ?? '').split(/\s+/).filter(Boolean)) where.push(ilike(libraryFiles.fileName, `%${escapeLike(word)}%`));
  if (page.status) where.push(eq(libraryFiles.status, page.status));
  if (page.after) {
    const { createdAt, id } = page.after;
    where.push(or(lt(libraryFiles.createdAt, createdAt), and(eq(libraryFiles.createdAt, createdAt), lt(libraryFiles.id, id))));
  }
  return db
    .select()
    .from(libraryFiles)
    .where(and(...where))
    .orderBy(desc(libraryFiles.createdAt), desc(libraryFiles.id))
    .limit(page.top + 1);
}

/** Blob keys of a library's files (originals), for removing them with the library. */
export async function fileBlobKeys(db: Db, libraryId: string): Promise<string[]> {
  const rows = await db.select({ blobKey: libraryFiles.blobKey }).from(libraryFiles).where(eq(libraryFiles.libraryId, libraryId));
  return rows.map((r) => r.blobKey);
}

export async function deleteFile(db: Db, fileId: string): Promise<void> {
  await db.delete(libraryFiles).where(eq(libraryFiles.id, fileId));
}

export async function updateFile(
  db: Db,
  fileId: string,
  values: Partial<typeof libraryFiles.$inferInsert>,
  at?: { run: number; stage?: string },
): Promise<boolean> {
  const rows = await db
    .update(libraryFiles)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(eq(libraryFiles.id, fileId), at ? eq(libraryFiles.run, at.run) : undefined, at?.stage === undefined ? undefined : eq(libraryFiles.stage, at.stage)),
    )
    .returning({ id: libraryFiles.id });
  return rows.length > 0;
}

/**
 * Files on their way (Queued or Processing, or OutOfDate: being embedded again) not changed since `before`: those
 * whose next job may have been lost.
 */
export async function unfinishedFiles(db: Db, before: Date, limit = 1000): Promise<LibraryFileRow[]> {
  return db
    .select()
    .from(libraryFiles)
    .where(and(inArray(libraryFiles.status, ['Queued', 'Processing', 'OutOfDate']), lt(libraryFiles.updatedAt, before)))
    .orderBy(asc(libraryFiles.updatedAt))
    .limit(limit);
}

// ---- chunks

/** Inserts a run's chunks (after removing what an earlier attempt of the same run left). */
export async function replaceRunChunks(db: Db, file: { id: string; libraryId: string }, run: number, chunks: Chunk[]): Promise<void> {
  await db.delete(libraryChunks).where(and(eq(libraryChunks.fileId, file.id), eq(libraryChunks.run, run)));
  const BatchSize = 500;
  for (let i = 0; i < chunks.length; i += BatchSize) {
    await db.insert(libraryChunks).values(
      chunks.slice(i, i + BatchSize).map((c, j) => ({
        fileId: file.id,
        libraryId: file.libraryId,
        run,
        chunkIndex: i + j,
        text: c.text,
        headings: c.headings,
        pageStart: c.pageStart,
        pageEnd: c.pageEnd,
      })),
    );
  }
}

/** A chunk's full-text vector in a language: its headings (weight A) and its text (weight B). */
const searchVector = (language: string) =>
  sql`setweight(to_tsvector(${language}::regconfig, coalesce((select string_agg(h, ' ') from jsonb_array_elements_text(${libraryChunks.headings}) as h), '')), 'A') || setweight(to_tsvector(${language}::regconfig, ${libraryChunks.text}), 'B')`;

/**
 * Makes a run's chunks searchable: their full-text vectors (headings weigh more than text) in the library's
 * language, and removes the chunks of earlier runs, at once. The number of chunks indexed.
 */
export async function indexRunChunks(db: Db, fileId: string, run: number, language: string): Promise<number> {
  const indexed = await db
    .update(libraryChunks)
    .set({ search: searchVector(language) })
    .where(and(eq(libraryChunks.fileId, fileId), eq(libraryChunks.run, run)))
    .returning({ id: libraryChunks.id });
  await db.delete(libraryChunks).where(and(eq(libraryChunks.fileId, fileId), ne(libraryChunks.run, run)));
  return indexed.length;
}

/**
 * Builds a library's full-text index again in its (current) language: the chunks already indexed get their vectors
 * anew; those of runs in progress are indexed by their own index step. The number of chunks indexed.
 */
export async function reindexLibraryChunks(db: Db, libraryId: string, language: string): Promise<number> {
  const rows = await db
    .update(libraryChunks)
    .set({ search: searchVector(language) })
    .where(and(eq(libraryChunks.libraryId, libraryId), isNotNull(libraryChunks.search)))
    .returning({ id: libraryChunks.id });
  return rows.length;
}

/** A library's chunks, those in its full-text index, and its files online. */
export async function textIndexCounts(db: Db, libraryId: string): Promise<{ chunks: number; indexedChunks: number; onlineFiles: number }> {
  const [chunks] = await db
    .select({ chunks: sql<number>`count(*)::int`, indexed: sql<number>`count(${libraryChunks.search})::int` })
    .from(libraryChunks)
    .where(eq(libraryChunks.libraryId, libraryId));
  const [files] = await db
    .select({ online: sql<number>`count(*)::int` })
    .from(libraryFiles)
    .where(and(eq(libraryFiles.libraryId, libraryId), inArray(libraryFiles.status, ['Online', 'OutOfDate'])));
  return { chunks: chunks?.chunks ?? 0, indexedChunks: chunks?.indexed ?? 0, onlineFiles: files?.online ?? 0 };
}

/** Progress of a file whose chunks are stored and not yet embedded. */
export const ProgressBeforeEmbedding = 70;

/** A run's chunks, in order: what the embedding step embeds. */
export async function runChunks(db: Db, fileId: string, run: number): Promise<{ id: number; text: string; headings: string[] }[]> {
  return db
    .select({ id: libraryChunks.id, text: libraryChunks.text, headings: libraryChunks.headings })
    .from(libraryChunks)
    .where(and(eq(libraryChunks.fileId, fileId), eq(libraryChunks.run, run)))
    .orderBy(asc(libraryChunks.chunkIndex));
}

/**
 * A library's embedding deployment changed: its files that were embedded (Online) or wait for their index step
 * after embedding go back to the embedding step in a run of their own, with the chunks they have (Online ones
 * become OutOfDate, searchable by full text meanwhile), and a log line says why. The files moved, with their new run.
 * With `embedding` (the deployment itself changed its model in place, its id staying the same), the files being
 * embedded move too: the step of their old run, which cannot tell an old model's vectors by the deployment's id,
 * finds another run and stops.
 */
export async function requeueForEmbedding(
  db: Db,
  libraryId: string,
  message: string,
  options: { embedding?: boolean } = {},
): Promise<{ id: string; run: number }[]> {
  const embedding = options.embedding ? sql`or (stage = 'Embedding' and status in ('Processing', 'OutOfDate'))` : sql``;
  const result = (await db.execute(sql`
    with moved as (
      update ${libraryFiles}
      set run = run + 1, stage = 'Embedding', progress_percent = ${ProgressBeforeEmbedding}, updated_at = now(),
        status = case when status = 'Online' then 'OutOfDate' else status end
      where library_id = ${libraryId}::uuid and (status = 'Online' or (status = 'Processing' and stage = 'Indexing') ${embedding})
      returning id, run
    ), chunks as (
      update ${libraryChunks} c set run = moved.run from moved where c.file_id = moved.id and c.run = moved.run - 1
      returning c.id
    ), logged as (
      insert into ${libraryFileLogs} (file_id, run, level, stage, message)
      select id, run, 'INFO', 'Embedding', ${message} from moved
      returning id
    )
    select id, run from moved`)) as unknown as { rows: { id: string; run: number }[] };
  return result.rows.map((r) => ({ id: r.id, run: Number(r.run) }));
}

export async function deleteFileChunks(db: Db, fileId: string): Promise<void> {
  await db.delete(libraryChunks).where(eq(libraryChunks.fileId, fileId));
}

/** A chunk of the file's newest run that has chunks, and how many that run has. */
export async function getChunk(db: Db, fileId: string, index: number): Promise<{ chunk: typeof libraryChunks.$inferSelect; count: number } | null> {
  const [latest] = await db
    .select({ run: libraryChunks.run, count: sql<number>`count(*)::int` })
    .from(libraryChunks)
    .where(eq(libraryChunks.fileId, fileId))
    .groupBy(libraryChunks.run)
    .orderBy(desc(libraryChunks.run))
    .limit(1);
  if (!latest) return null;
  const [chunk] = await db
    .select()
    .from(libraryChunks)
    .where(and(eq(libraryChunks.fileId, fileId), eq(libraryChunks.run, latest.run), eq(libraryChunks.chunkIndex, index)));
  return chunk ? { chunk, count: latest.count } : null;
}

// ---- logs

export async function addLog(
  db: Db,
  entry: { fileId: string; run: number; level: 'INFO' | 'WARN' | 'ERROR'; stage: string | null; message: string },
): Promise<void> {
  await db.insert(libraryFileLogs).values(entry);
}

export async function runLog(db: Db, fileId: string, run: number) {
  return db
    .select()
    .from(libraryFileLogs)
    .where(and(eq(libraryFileLogs.fileId, fileId), eq(libraryFileLogs.run, run)))
    .orderBy(asc(libraryFileLogs.id));
}

/** Replaces a file's custom metadata; the file as it is then (null when it is not the library's). */
export async function setFileMetadata(db: Db, libraryId: string, fileId: string, metadata: Record<string, string>): Promise<LibraryFileRow | null> {
  const [row] = await db
    .update(libraryFiles)
    .set({ metadata, updatedAt: new Date() })
    .where(and(eq(libraryFiles.libraryId, libraryId), eq(libraryFiles.id, fileId)))
    .returning();
  return row ?? null;
}

/** Metadata keys the libraries' files use, by library, in order of name (at most `max` per library). */
export async function metadataKeysOf(db: Db, libraryIds: string[], max = 100): Promise<Map<string, string[]>> {
  const keys = new Map<string, string[]>(libraryIds.map((id) => [id, []]));
  if (libraryIds.length === 0) return keys;
  const result = (await db.execute(sql`
    select distinct f.library_id, k.key
    from library_files f, jsonb_object_keys(f.metadata) as k(key)
    where f.library_id in (${sql.join(
      libraryIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and f.metadata <> '{}'::jsonb
    order by f.library_id, k.key`)) as unknown as { rows: { library_id: string; key: string }[] };
  for (const r of result.rows) {
    const list = keys.get(r.library_id);
    if (list && list.length < max) list.push(r.key);
  }
  return keys;
}
