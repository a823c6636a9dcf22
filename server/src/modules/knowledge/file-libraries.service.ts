// Rules of file libraries (Admin FileLibraries, docs/product.md §7): libraries and their settings, the files in them
// (upload, list, read back, delete, reprocess) and what people can inspect of a file's processing (the text read,
// its chunks, its log). Ingestion itself runs as jobs (knowledge.ingestion.ts).
import { createHash, randomUUID } from 'node:crypto';
import {
  ChunkOverlapLimits,
  ChunkSizeLimits,
  MaxFilesPerUpload,
  TextSearchLanguages,
  libraryFileMetadataProblem,
  type FileLibrary,
  type FileLibraryDetailsForCreate,
  type FileLibraryInput,
  type FileLibraryList,
  type FileUploadConfiguration,
  type LibraryChunk,
  type LibraryFile,
  type LibraryFileExtraction,
  type LibraryFileList,
  type LibraryFileListQuery,
  type LibraryFileLog,
  type LibraryFileStage,
  type LibraryFileStatus,
  type LibraryFileUploadResult,
  type ObjectAction,
  type RetrievalMode,
  type TextSearchLanguage,
} from '@atrium/contract';
import type { AppContext, DbContext } from '../../platform/context.js';
import type { Principal } from '../../platform/access.js';
import { recordAudit } from '../../platform/audit.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import type { UploadedFile } from '../../platform/uploads.js';
import { cleanFileName } from '../uploads/file-types.js';
import { AllowedFileTypes, libraryFileType } from './library-file-types.js';
import { mayReadLibrary, mayWriteLibrary, visibleLibraryIds } from './knowledge.policy.js';
import { cancelRun, extractionKey, sendStep } from './knowledge.ingestion.js';
import { deleteLibraryVectors, vectorsReady } from './knowledge.vectors.js';
import type { EmbeddingDeployment } from '../../ai/model.types.js';
import type { ExtractedDocument } from '../../platform/extraction/extraction-pool.js';
import * as repo from './knowledge.repository.js';
import { auditActorOf } from '../../platform/access.js';
import type { LibraryFigureList } from '@atrium/contract';
import { figureImage, figuresOf, presentFigure, type FiguresContext } from './library-figures.js';
import { filterableFieldsOf } from './library-filters.js';

export type KnowledgeContext = Pick<AppContext, 'db' | 'blobs' | 'jobs' | 'logger' | 'config' | 'database' | 'models'>;

export const AggregateType = 'FileLibrary';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const libraryNotFound = () => notFound('The file library');
const fileNotFound = () => notFound('The file');

// ---- presenting

/** What presenting libraries needs to know of embeddings: the enabled embedding deployments, and whether vectors can be searched. */
interface EmbeddingState {
  deployments: EmbeddingDeployment[];
  vectors: boolean;
}

const embeddingState = async (ctx: KnowledgeContext): Promise<EmbeddingState> => ({
  deployments: await ctx.models.embeddingDeployments(),
  vectors: await vectorsReady(ctx),
});

/** Full text and vectors (Hybrid), one of them, or nothing when the text index is dropped and there are no vectors. */
const retrievalModeOf = (fullText: boolean, vectors: boolean): RetrievalMode => (fullText ? (vectors ? 'Hybrid' : 'FullText') : vectors ? 'Vector' : 'None');

function presentLibrary(
  row: repo.FileLibraryRow,
  stats: repo.LibraryStats,
  principal: Principal,
  embedding: EmbeddingState,
  metadataKeys: readonly string[],
): FileLibrary {
  const can: ObjectAction[] = mayWriteLibrary(principal, row) ? ['Edit', 'Delete'] : [];
  const deployment = embedding.deployments.find((d) => d.deploymentId === row.embeddingDeploymentId);
  return {
    dataSourceId: row.id,
    dataSourceType: 'FileLibrary',
    name: row.name,
    description: row.description,
    chunkSize: row.chunkSize,
    chunkOverlap: row.chunkOverlap,
    language: row.language as TextSearchLanguage,
    // vectors are searched where the library embeds with an enabled deployment and the database has them
    retrievalMode: retrievalModeOf(row.textIndexEnabled, Boolean(deployment && embedding.vectors)),
    embeddingDeploymentName: deployment?.name ?? null,
    textIndexEnabled: row.textIndexEnabled,
    filterableFields: filterableFieldsOf(row, metadataKeys),
    files: { total: stats.total, queued: stats.queued, processing: stats.processing, online: stats.online, error: stats.error, outOfDate: stats.outOfDate },
    totalBytes: stats.totalBytes,
    chunkCount: stats.chunkCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: row.createdByName,
    currentUserActions: can,
  };
}

export function presentFile(row: repo.LibraryFileRow): LibraryFile {
  return {
    fileId: row.id,
    dataSourceId: row.libraryId,
    fileName: row.fileName,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    contentHash: row.contentHash,
    status: row.status as LibraryFileStatus,
    stage: (row.stage as LibraryFileStage | null) ?? null,
    progressPercent: row.progressPercent,
    pageCount: row.pageCount,
    chunkCount: row.chunkCount,
    characterCount: row.characterCount,
    errorMessage: row.errorMessage,
    uploadedBy: row.uploadedByName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    processedAt: iso(row.processedAt),
    metadata: row.metadata,
  };
}

async function presentOne(ctx: KnowledgeContext, principal: Principal, row: repo.FileLibraryRow): Promise<FileLibrary> {
  const stats = await repo.libraryStats(ctx.db, [row.id]);
  const keys = await repo.metadataKeysOf(ctx.db, [row.id]);
  return presentLibrary(row, stats.get(row.id)!, principal, await embeddingState(ctx), keys.get(row.id) ?? []);
}

/** The library if the caller may see it (and change it, when `write`); 404 otherwise, and 403 when they see but may not change it. */
export async function libraryFor(ctx: KnowledgeContext, principal: Principal, id: string, access: 'read' | 'write'): Promise<repo.FileLibraryRow> {
  const row = await repo.getLibrary(ctx.db, id);
  // an agent's own library is its owner's, reached through the agent (agent-files.ts), not these pages
  if (!row || row.agentId !== null || !mayReadLibrary(principal, row)) throw libraryNotFound();
  if (access === 'write' && !mayWriteLibrary(principal, row)) {
    throw forbidden('You may see this file library but not change it.');
  }
  return row;
}

/** Refuses (404, 403) a caller who may not change the library, before an upload's body is read. */
export async function checkMayChange(ctx: KnowledgeContext, principal: Principal, id: string): Promise<void> {
  await libraryFor(ctx, principal, id, 'write');
}

async function fileFor(ctx: KnowledgeContext, principal: Principal, libraryId: string, fileId: string, access: 'read' | 'write') {
  const library = await libraryFor(ctx, principal, libraryId, access);
  const file = await repo.getFile(ctx.db, libraryId, fileId);
  if (!file) throw fileNotFound();
  return { library, file };
}

// ---- libraries

export async function listLibraries(ctx: KnowledgeContext, principal: Principal): Promise<FileLibraryList> {
  const ids = visibleLibraryIds(principal);
  const rows = await repo.listLibraries(ctx.db, ids ?? undefined);
  const stats = await repo.libraryStats(
    ctx.db,
    rows.map((r) => r.id),
  );
  const embedding = await embeddingState(ctx);
  const keys = await repo.metadataKeysOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => presentLibrary(r, stats.get(r.id)!, principal, embedding, keys.get(r.id) ?? [])), continuationToken: null };
}

export async function getLibrary(ctx: KnowledgeContext, principal: Principal, id: string): Promise<FileLibrary> {
  return presentOne(ctx, principal, await libraryFor(ctx, principal, id, 'read'));
}

type LibraryInput = Omit<FileLibraryInput, 'description' | 'chunkSize' | 'chunkOverlap' | 'language'> & {
  description: string;
  chunkSize: number;
  chunkOverlap: number;
  language: TextSearchLanguage;
};

const settingsOf = (input: LibraryInput) => ({
  name: input.name,
  description: input.description,
  chunkSize: input.chunkSize,
  chunkOverlap: input.chunkOverlap,
  language: input.language,
});

/** The settings as the audit trail keeps them: with the embedding deployment's name. */
const auditedSettings = (input: LibraryInput, embedding: EmbeddingDeployment | null) => ({
  ...settingsOf(input),
  embeddingDeploymentName: embedding?.name ?? null,
});

/**
 * The embedding deployment a library input names: null for full text only; omitted, `fallback` (the instance's
 * default for a new library, the current one for a library changed). 400 for a name no enabled embedding deployment has.
 */
function chosenEmbedding(
  deployments: EmbeddingDeployment[],
  name: string | null | undefined,
  fallback: EmbeddingDeployment | null,
): EmbeddingDeployment | null {
  if (name === undefined) return fallback;
  if (name === null) return null;
  const found = deployments.find((d) => d.name.toLowerCase() === name.toLowerCase());
  if (!found)
    throw badRequest(`No enabled embedding deployment is named ${name}.`, [
      { field: 'embeddingDeploymentName', message: 'Choose one of detailsForCreate.embeddingDeployments, or null' },
    ]);
  return found;
}

export async function createLibrary(ctx: KnowledgeContext, principal: Principal, input: LibraryInput): Promise<FileLibrary> {
  const deployments = await ctx.models.embeddingDeployments();
  const embedding = chosenEmbedding(deployments, input.embeddingDeploymentName, deployments.find((d) => d.isDefault) ?? null);
  const row = await ctx.db.transaction(async (tx) => {
    const created = await repo.insertLibrary(tx, {
      ...settingsOf(input),
      embeddingDeploymentId: embedding?.deploymentId ?? null,
      createdByUserId: principal.userId,
      createdByName: auditActorOf(principal).userName,
    });
    await recordAudit(tx, {
      aggregateType: AggregateType,
      aggregateId: created.id,
      domainOperation: 'Created',
      actor: auditActorOf(principal),
      after: auditedSettings(input, embedding),
    });
    return created;
  });
  return presentOne(ctx, principal, row);
}

/**
 * Changes a library's settings. New chunking settings or a new language apply to files processed from now on
 * (Reprocess a file to split or index it again); the files already online stay as they are. A new embedding
 * deployment applies at once: the library's vectors go, and its files are embedded again in the background (Online
 * ones are OutOfDate meanwhile, searched by full text), then are Online again.
 */
export async function updateLibrary(ctx: KnowledgeContext, principal: Principal, id: string, input: LibraryInput): Promise<FileLibrary> {
  const current = await libraryFor(ctx, principal, id, 'write');
  const deployments = await ctx.models.embeddingDeployments();
  const currentEmbedding = deployments.find((d) => d.deploymentId === current.embeddingDeploymentId) ?? null;
  const embedding = chosenEmbedding(deployments, input.embeddingDeploymentName, currentEmbedding);
  // omitted keeps the stored id, even of a deployment disabled for now
  const embeddingDeploymentId = input.embeddingDeploymentName === undefined ? current.embeddingDeploymentId : (embedding?.deploymentId ?? null);
  const vectors = await vectorsReady(ctx);
  const { row, requeued } = await ctx.db.transaction(async (tx) => {
    const before = await repo.lockLibrary(tx, id);
    if (!before) throw libraryNotFound();
    const updated = await repo.updateLibrary(tx, id, { ...settingsOf(input), embeddingDeploymentId });
    let moved: { id: string; run: number }[] = [];
    if (before.embeddingDeploymentId !== embeddingDeploymentId && vectors) {
      // vectors of another model do not compare with the new one's questions
      await deleteLibraryVectors(tx, id);
      if (embedding) {
        moved = await repo.requeueForEmbedding(
          tx,
          id,
          `The library's embedding deployment changed to ${embedding.displayName}: the file is embedded again (searched by full text meanwhile).`,
        );
      }
    }
    await recordAudit(tx, {
      aggregateType: AggregateType,
      aggregateId: id,
      domainOperation: 'Updated',
      actor: auditActorOf(principal),
      before: auditedSettings({ ...before, language: before.language as TextSearchLanguage }, currentEmbedding),
      after: { ...auditedSettings(input, embedding), ...(moved.length ? { filesEmbeddedAgain: moved.length } : {}) },
    });
    return { row: updated, requeued: moved };
  });
  for (const file of requeued) await sendStep(ctx, 'embed', { fileId: file.id, run: file.run });
  return presentOne(ctx, principal, row);
}

/** Deletes a library with its files, chunks and logs (one transaction), then the files' blobs. */
export async function deleteLibrary(ctx: KnowledgeContext, principal: Principal, id: string): Promise<void> {
  await libraryFor(ctx, principal, id, 'write');
  await removeLibrary(ctx, principal, id);
}

/** Deletes a library the caller may delete (checked already, or its agent's deletion). */
export async function removeLibrary(ctx: Pick<KnowledgeContext, 'db' | 'blobs' | 'logger'>, principal: Principal, id: string): Promise<void> {
  const blobKeys = await ctx.db.transaction(async (tx) => {
    const before = await repo.lockLibrary(tx, id);
    if (!before) throw libraryNotFound();
    const keys = await repo.fileBlobKeys(tx, id);
    await repo.deleteLibrary(tx, id);
    await recordAudit(tx, {
      aggregateType: AggregateType,
      aggregateId: id,
      domainOperation: 'Deleted',
      actor: auditActorOf(principal),
      before: { name: before.name, files: keys.length },
    });
    return keys;
  });
  await removeBlobs(ctx, blobKeys);
}

/** The originals and the text read from them; a blob that cannot be removed is logged (the rows are gone already). */
async function removeBlobs(ctx: Pick<KnowledgeContext, 'blobs' | 'logger'>, blobKeys: string[]): Promise<void> {
  for (const key of blobKeys) {
    for (const k of [key, extractionKey(key)]) {
      await ctx.blobs.delete(k).catch((e: unknown) => ctx.logger.error({ err: e, blobKey: k }, 'could not remove a library file blob'));
    }
  }
}

export async function libraryName(ctx: DbContext, id: string): Promise<string | null> {
  return (await repo.getLibrary(ctx.db, id))?.name ?? null;
}

export const countLibraries = (ctx: Pick<AppContext, 'db'>) => repo.countLibraries(ctx.db);

export function fileUploadConfiguration(ctx: KnowledgeContext): FileUploadConfiguration {
  return { allowedFileTypes: AllowedFileTypes, maxFileSizeBytes: ctx.config.uploads.libraryFileMaxBytes, maxFilesPerUpload: MaxFilesPerUpload };
}

export async function detailsForCreate(ctx: KnowledgeContext): Promise<FileLibraryDetailsForCreate> {
  return {
    defaults: { chunkSize: ChunkSizeLimits.default, chunkOverlap: ChunkOverlapLimits.default, language: 'english' },
    chunkSizeLimits: { min: ChunkSizeLimits.min, max: ChunkSizeLimits.max },
    chunkOverlapLimits: { min: ChunkOverlapLimits.min, max: ChunkOverlapLimits.max },
    languages: [...TextSearchLanguages],
    embeddingDeployments: (await ctx.models.embeddingDeployments()).map((d) => ({ name: d.name, displayName: d.displayName })),
    vectorSearchAvailable: await vectorsReady(ctx),
    fileUpload: fileUploadConfiguration(ctx),
  };
}

// ---- files

const TokenVersion = 1;

function decodeToken(token: string | undefined): { createdAt: Date; id: string } | undefined {
  if (!token) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { v?: number; t?: string; id?: string };
    const createdAt = new Date(parsed.t ?? '');
    if (parsed.v !== TokenVersion || !parsed.id || !/^[0-9a-f-]{36}$/i.test(parsed.id) || Number.isNaN(createdAt.getTime())) throw new Error('bad token');
    return { createdAt, id: parsed.id };
  } catch {
    throw badRequest('The continuation token is not valid.', [{ field: 'continuationToken', message: 'Not a token this list gave' }]);
  }
}

const encodeToken = (row: repo.LibraryFileRow) =>
  Buffer.from(JSON.stringify({ v: TokenVersion, t: row.createdAt.toISOString(), id: row.id })).toString('base64url');

export async function listFiles(ctx: KnowledgeContext, principal: Principal, libraryId: string, query: LibraryFileListQuery): Promise<LibraryFileList> {
  await libraryFor(ctx, principal, libraryId, 'read');
  const { top } = query;
  const rows = await repo.listFiles(ctx.db, libraryId, { top, keywords: query.keywords, status: query.status, after: decodeToken(query.continuationToken) });
  const page = rows.slice(0, top);
  return { items: page.map(presentFile), continuationToken: rows.length > top ? encodeToken(page[page.length - 1]!) : null };
}

export async function getFile(ctx: KnowledgeContext, principal: Principal, libraryId: string, fileId: string): Promise<LibraryFile> {
  return presentFile((await fileFor(ctx, principal, libraryId, fileId, 'read')).file);
}

const blobKeyOf = (libraryId: string, fileId: string) => `file-libraries/${libraryId}/${fileId}`;

/**
 * Adds files to a library: every file's type is checked first (one the library cannot take refuses the request
 * with 415, and nothing is stored); a file whose content the library holds already is answered as that file
 * (Duplicate); the others are stored and queued for reading, each with an audit row.
 */
export async function uploadFiles(
  ctx: KnowledgeContext,
  principal: Principal,
  libraryId: string,
  uploads: UploadedFile[],
  metadata: Record<string, string> = {},
): Promise<LibraryFileUploadResult> {
  const library = await libraryFor(ctx, principal, libraryId, 'write');
  return storeFiles(ctx, principal, library, uploads, metadata);
}

const badMetadata = (key: string | null, message: string) =>
  badRequest(`The file's metadata is not valid: ${message}`, [{ field: key === null ? 'metadata' : `metadata.${key}`, message }]);

/** A file's custom metadata as sent, checked (400 naming the key at fault, `metadata.<key>`). */
export function checkFileMetadata(metadata: unknown): Record<string, string> {
  const problem = libraryFileMetadataProblem(metadata);
  if (problem) throw badMetadata(problem.key, problem.message);
  return { ...(metadata as Record<string, string>) };
}

/** The multipart field `metadata` of an upload: JSON of the metadata every file of the request gets (none: {}). */
export function uploadMetadata(field: string | undefined): Record<string, string> {
  if (field === undefined || field.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(field);
  } catch {
    throw badMetadata(null, 'the field metadata is not JSON (an object of text values).');
  }
  return checkFileMetadata(parsed);
}

/**
 * Replaces a file's custom metadata (PUT …/files/{fileId}); audited. Filters on `metadata.<key>` see the change at
 * once (they read the file's row, not its chunks).
 */
export async function updateFileMetadata(
  ctx: KnowledgeContext,
  principal: Principal,
  libraryId: string,
  fileId: string,
  input: { metadata: unknown },
): Promise<LibraryFile> {
  const metadata = checkFileMetadata(input.metadata);
  await fileFor(ctx, principal, libraryId, fileId, 'write');
  const row = await ctx.db.transaction(async (tx) => {
    const before = await repo.getFile(tx, libraryId, fileId);
    if (!before) throw fileNotFound();
    const updated = await repo.setFileMetadata(tx, libraryId, fileId, metadata);
    if (!updated) throw fileNotFound();
    await recordAudit(tx, {
      aggregateType: AggregateType,
      aggregateId: libraryId,
      domainOperation: 'FileMetadataUpdated',
      actor: auditActorOf(principal),
      before: { fileId, fileName: before.fileName, metadata: before.metadata },
      after: { fileId, fileName: before.fileName, metadata },
    });
    return updated;
  });
  return presentFile(row);
}

/** A file to store: uploaded, or made from an attachment (an agent's own library). */
export type FileToStore = Pick<UploadedFile, 'fileName' | 'data'> & { sourceAttachmentId?: string };

/** uploadFiles once the caller may change the library (also an agent's own library, agent-files.ts). */
export async function storeFiles(
  ctx: KnowledgeContext,
  principal: Principal,
  library: repo.FileLibraryRow,
  uploads: FileToStore[],
  metadata: Record<string, string> = {},
): Promise<LibraryFileUploadResult> {
  const checked = uploads.map((u) => {
    const fileName = cleanFileName(u.fileName);
    return {
      fileName,
      data: u.data,
      type: libraryFileType(u.data, fileName),
      hash: createHash('sha256').update(u.data).digest('hex'),
      sourceAttachmentId: u.sourceAttachmentId ?? null,
    };
  });

  const results: LibraryFileUploadResult['items'] = [];
  const fresh: { index: number; fileId: string; blobKey: string; file: (typeof checked)[number] }[] = [];
  const inRequest = new Map<string, number>();
  for (const [index, file] of checked.entries()) {
    const existing = await repo.fileWithHash(ctx.db, library.id, file.hash);
    if (existing) {
      results[index] = { fileName: file.fileName, outcome: 'Duplicate', file: presentFile(existing) };
      continue;
    }
    const earlier = inRequest.get(file.hash);
    if (earlier !== undefined) continue; // answered once the earlier one is stored
    inRequest.set(file.hash, index);
    const fileId = randomUUID();
    fresh.push({ index, fileId, blobKey: blobKeyOf(library.id, fileId), file });
  }

  for (const f of fresh) await ctx.blobs.put(f.blobKey, f.file.data, f.file.type.mimeType);
  // what another upload stored meanwhile, by index in `fresh`: the hash is read again under the library's lock (an
  // upload of the same content at the same moment passed the read above too), and the later one answers Duplicate
  const raced = new Map<number, repo.LibraryFileRow>();
  let rows: (repo.LibraryFileRow | null)[];
  try {
    rows = await ctx.db.transaction(async (tx) => {
      if (!(await repo.lockLibrary(tx, library.id))) throw libraryNotFound();
      const inserted: (repo.LibraryFileRow | null)[] = [];
      for (const [i, f] of fresh.entries()) {
        const stored = await repo.fileWithHash(tx, library.id, f.file.hash);
        if (stored) {
          raced.set(i, stored);
          inserted.push(null);
          continue;
        }
        inserted.push(
          await repo.insertFile(tx, {
            id: f.fileId,
            libraryId: library.id,
            fileName: f.file.fileName,
            mimeType: f.file.type.mimeType,
            kind: f.file.type.kind,
            sizeBytes: f.file.data.length,
            contentHash: f.file.hash,
            blobKey: f.blobKey,
            sourceAttachmentId: f.file.sourceAttachmentId,
            status: 'Queued',
            stage: 'Extracting',
            uploadedByUserId: principal.userId,
            uploadedByName: auditActorOf(principal).userName,
            metadata,
          }),
        );
        await recordAudit(tx, {
          aggregateType: AggregateType,
          aggregateId: library.id,
          domainOperation: 'FileUploaded',
          actor: auditActorOf(principal),
          after: {
            fileId: f.fileId,
            fileName: f.file.fileName,
            sizeBytes: f.file.data.length,
            contentHash: f.file.hash,
            ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
          },
        });
        await repo.addLog(tx, { fileId: f.fileId, run: 1, level: 'INFO', stage: null, message: `Uploaded ${f.file.fileName}; queued for reading.` });
      }
      await repo.updateLibrary(tx, library.id, {});
      return inserted;
    });
  } catch (e) {
    await removeBlobs(
      ctx,
      fresh.map((f) => f.blobKey),
    );
    throw e;
  }

  if (raced.size > 0) {
    await removeBlobs(
      ctx,
      [...raced.keys()].map((i) => fresh[i]!.blobKey),
    );
  }
  const byHash = new Map<string, LibraryFile>();
  for (const [i, f] of fresh.entries()) {
    const other = raced.get(i);
    if (other) {
      const file = presentFile(other);
      byHash.set(f.file.hash, file);
      results[f.index] = { fileName: f.file.fileName, outcome: 'Duplicate', file };
      continue;
    }
    const file = presentFile(rows[i]!);
    byHash.set(f.file.hash, file);
    results[f.index] = { fileName: f.file.fileName, outcome: 'Created', file };
    await sendStep(ctx, 'extract', { fileId: f.fileId, run: 1 });
  }
  for (const [index, file] of checked.entries()) {
    if (!results[index]) results[index] = { fileName: file.fileName, outcome: 'Duplicate', file: byHash.get(file.hash)! };
  }
  return { items: results };
}

/** Deletes a file with its chunks and log (one transaction), then its blobs. */
export async function deleteFile(ctx: KnowledgeContext, principal: Principal, libraryId: string, fileId: string): Promise<void> {
  const { file } = await fileFor(ctx, principal, libraryId, fileId, 'write');
  await removeFile(ctx, principal, libraryId, file);
}

/** deleteFile once the caller may change the library. */
export async function removeFile(ctx: KnowledgeContext, principal: Principal, libraryId: string, file: repo.LibraryFileRow): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await repo.deleteFile(tx, file.id);
    await recordAudit(tx, {
      aggregateType: AggregateType,
      aggregateId: libraryId,
      domainOperation: 'FileDeleted',
      actor: auditActorOf(principal),
      before: { fileId: file.id, fileName: file.fileName, sizeBytes: file.sizeBytes },
    });
    await repo.updateLibrary(tx, libraryId, {});
  });
  await removeBlobs(ctx, [file.blobKey]);
}

/**
 * Reads the file again from its start (a new run): with the library's current settings, after a failure, or after
 * the settings changed. The chunks of the earlier run stay searchable until the new run's are indexed.
 */
export async function reprocessFile(ctx: KnowledgeContext, principal: Principal, libraryId: string, fileId: string): Promise<LibraryFile> {
  await fileFor(ctx, principal, libraryId, fileId, 'write');
  const row = await ctx.db.transaction(async (tx) => {
    const current = await repo.getFile(tx, libraryId, fileId);
    if (!current) throw fileNotFound();
    const run = current.run + 1;
    await repo.updateFile(tx, fileId, { run, status: 'Queued', stage: 'Extracting', progressPercent: 0, errorMessage: null });
    await repo.addLog(tx, {
      fileId,
      run,
      level: 'INFO',
      stage: null,
      message: `Reprocessing requested by ${auditActorOf(principal).userName}; queued for reading.`,
    });
    await recordAudit(tx, {
      aggregateType: AggregateType,
      aggregateId: libraryId,
      domainOperation: 'FileReprocessed',
      actor: auditActorOf(principal),
      after: { fileId, fileName: current.fileName, run },
    });
    return (await repo.getFile(tx, libraryId, fileId))!;
  });
  await sendStep(ctx, 'extract', { fileId, run: row.run });
  return presentFile(row);
}

/**
 * Stops a file's processing (Queued or Processing): it ends in Error, "Cancelled by …", with no chunks, and no job
 * goes on with it (knowledge.ingestion.ts, cancelRun); Reprocess starts it again. A file that is not on its way: 409.
 */
export async function cancelFile(ctx: KnowledgeContext, principal: Principal, libraryId: string, fileId: string): Promise<LibraryFile> {
  await fileFor(ctx, principal, libraryId, fileId, 'write');
  const actor = auditActorOf(principal);
  const outcome = await ctx.db.transaction(async (tx) => {
    const ended = await cancelRun(tx, fileId, actor.userName);
    if (ended.cancelled) {
      await recordAudit(tx, {
        aggregateType: AggregateType,
        aggregateId: libraryId,
        domainOperation: 'FileCancelled',
        actor,
        after: { fileId, fileName: ended.file.fileName, run: ended.file.run },
      });
    }
    return ended;
  });
  if (!outcome.file) throw fileNotFound();
  if (!outcome.cancelled) {
    const status = outcome.file.status;
    throw conflict(
      status === 'OutOfDate'
        ? 'The file is online (searched by full text while it is embedded again); there is no processing to cancel.'
        : `The file is ${status === 'Error' ? 'in error' : status.toLowerCase()}: only a queued or processing file can be cancelled.`,
    );
  }
  return presentFile(outcome.file);
}

export async function downloadFile(ctx: KnowledgeContext, principal: Principal, libraryId: string, fileId: string) {
  const { file } = await fileFor(ctx, principal, libraryId, fileId, 'read');
  const data = await ctx.blobs.get(file.blobKey);
  if (!data) throw notFound('The file’s content');
  return { data, fileName: file.fileName, mimeType: file.mimeType };
}

const notReadYet = (file: repo.LibraryFileRow) =>
  conflict(
    file.status === 'Error'
      ? 'The file could not be read; its log says why.'
      : `The file has not been read yet (it is ${file.status.toLowerCase()}). Try again when it is online.`,
  );

export async function fileExtraction(ctx: KnowledgeContext, principal: Principal, libraryId: string, fileId: string): Promise<LibraryFileExtraction> {
  const { file } = await fileFor(ctx, principal, libraryId, fileId, 'read');
  const stored = await ctx.blobs.get(extractionKey(file.blobKey));
  if (!stored) throw notReadYet(file);
  const document = JSON.parse(stored.toString('utf8')) as ExtractedDocument;
  return {
    fileId: file.id,
    pages: document.pages.map((p) => ({ pageNumber: p.page, text: p.text })),
    characterCount: document.pages.reduce((n, p) => n + p.text.length, 0),
    truncated: document.truncated,
  };
}

/** The images found in the file as uploaded (library-figures.ts); none for a file that has none or cannot be read. */
export async function fileFigures(ctx: KnowledgeContext & FiguresContext, principal: Principal, libraryId: string, fileId: string): Promise<LibraryFigureList> {
  const { file } = await fileFor(ctx, principal, libraryId, fileId, 'read');
  return { items: (await figuresOf(ctx, file)).map(presentFigure) };
}

/** One of fileFigures' images: its bytes and type. */
export async function fileFigure(ctx: KnowledgeContext & FiguresContext, principal: Principal, libraryId: string, fileId: string, index: number) {
  const { file } = await fileFor(ctx, principal, libraryId, fileId, 'read');
  return figureImage(ctx, file, index);
}

export async function fileChunk(ctx: KnowledgeContext, principal: Principal, libraryId: string, fileId: string, index: number): Promise<LibraryChunk> {
  const { file } = await fileFor(ctx, principal, libraryId, fileId, 'read');
  const found = await repo.getChunk(ctx.db, file.id, index);
  if (!found) {
    if (file.chunkCount === 0 && file.status !== 'Online') throw notReadYet(file);
    throw notFound(`Chunk ${index}`);
  }
  const { chunk, count } = found;
  return {
    fileId: file.id,
    index: chunk.chunkIndex,
    chunkCount: count,
    text: chunk.text,
    headings: chunk.headings,
    pageStart: chunk.pageStart,
    pageEnd: chunk.pageEnd,
  };
}

export async function fileLatestLog(ctx: KnowledgeContext, principal: Principal, libraryId: string, fileId: string): Promise<LibraryFileLog> {
  const { file } = await fileFor(ctx, principal, libraryId, fileId, 'read');
  const rows = await repo.runLog(ctx.db, file.id, file.run);
  return {
    fileId: file.id,
    run: file.run,
    entries: rows.map((r) => ({
      at: r.at.toISOString(),
      level: r.level as 'INFO' | 'WARN' | 'ERROR',
      stage: (r.stage as LibraryFileStage | null) ?? null,
      message: r.message,
    })),
  };
}
