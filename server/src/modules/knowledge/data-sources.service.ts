// The older Admin dataSources calls (docs/product.md §7; docs/knowledge.md "The older /admin/dataSources calls"):
// adapters that answer them with the file libraries of file-libraries.service.ts, which keeps every rule (who may
// see and change what, checks of uploads, audit rows, ingestion). Default endpoints are the platform's own index
// and the instance's default embedding deployment; explicit endpoints a chosen embedding deployment.
import { and, desc, eq } from 'drizzle-orm';
import {
  ChunkOverlapLimits,
  ChunkSizeLimits,
  type DataSource,
  type DataSourceFile,
  type DataSourceFileList,
  type DataSourceFilesUploadResult,
  type DataSourceList,
  type DataSourceWithDefaultEndpointsInput,
  type DataSourceWithExplicitEndpointsInput,
  type FileLibrary,
  type LibraryFile,
} from '@atrium/contract';
import type { Principal } from '../../platform/access.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { UploadedFile } from '../../platform/uploads.js';
import { libraryFiles } from '../../db/schema/index.js';
import { cleanFileName } from '../uploads/file-types.js';
import * as libraries from './file-libraries.service.js';
import type { KnowledgeContext } from './file-libraries.service.js';
import type { LibraryFileRow } from './knowledge.repository.js';

type Input<T> = Omit<T, 'description'> & { description: string };

/** The name of the instance's default embedding deployment; null when there is none. */
async function defaultEmbeddingName(ctx: KnowledgeContext): Promise<string | null> {
  return (await ctx.models.embeddingDeployments()).find((d) => d.isDefault)?.name ?? null;
}

function presentDataSource(library: FileLibrary, defaultEmbedding: string | null): DataSource {
  const embedding = library.embeddingDeploymentName;
  return {
    dataSourceId: library.dataSourceId,
    dataSourceType: 'UploadedFiles',
    endpointsType: embedding === null || embedding === defaultEmbedding ? 'Default' : 'Explicit',
    name: library.name,
    description: library.description,
    embeddingDeploymentName: embedding,
    files: library.files.total,
    onlineFiles: library.files.online,
    totalBytes: library.totalBytes,
    createdAt: library.createdAt,
    updatedAt: library.updatedAt,
    createdBy: library.createdBy,
    currentUserActions: library.currentUserActions ?? [],
  };
}

const present = async (ctx: KnowledgeContext, library: FileLibrary) => presentDataSource(library, await defaultEmbeddingName(ctx));

function presentFile(file: LibraryFile): DataSourceFile {
  return {
    fileId: file.fileId,
    fileName: file.fileName,
    mimeType: file.mimeType,
    sizeBytes: file.sizeBytes,
    status: file.status,
    errorMessage: file.errorMessage,
    uploadedAt: file.createdAt,
  };
}

// ---- data sources (libraries)

/** Every library the caller may see (agents' own libraries are not among them). */
export async function listDataSources(ctx: KnowledgeContext, principal: Principal): Promise<DataSourceList> {
  const list = await libraries.listLibraries(ctx, principal);
  const defaultEmbedding = await defaultEmbeddingName(ctx);
  return { items: list.items.map((l) => presentDataSource(l, defaultEmbedding)), continuationToken: null };
}

export async function getDataSource(ctx: KnowledgeContext, principal: Principal, id: string): Promise<DataSource> {
  return present(ctx, await libraries.getLibrary(ctx, principal, id));
}

/** A new library with the default settings of chunking and language, embedding with the default deployment (or none). */
export async function createWithDefaultEndpoints(
  ctx: KnowledgeContext,
  principal: Principal,
  input: Input<DataSourceWithDefaultEndpointsInput>,
): Promise<DataSource> {
  const library = await libraries.createLibrary(ctx, principal, {
    name: input.name,
    description: input.description,
    chunkSize: ChunkSizeLimits.default,
    chunkOverlap: ChunkOverlapLimits.default,
    language: 'english',
    // omitted: the instance's default embedding deployment, full text when there is none
  });
  return present(ctx, library);
}

/** A new library embedding with the named deployment (400 naming embeddingDeploymentName when no enabled one has it). */
export async function createWithExplicitEndpoints(
  ctx: KnowledgeContext,
  principal: Principal,
  input: Input<DataSourceWithExplicitEndpointsInput>,
): Promise<DataSource> {
  const library = await libraries.createLibrary(ctx, principal, {
    name: input.name,
    description: input.description,
    chunkSize: ChunkSizeLimits.default,
    chunkOverlap: ChunkOverlapLimits.default,
    language: 'english',
    embeddingDeploymentName: input.embeddingDeploymentName,
  });
  return present(ctx, library);
}

/** Changes name and description; keeps chunking and language; the embedding deployment becomes `embeddingDeploymentName`. */
async function update(
  ctx: KnowledgeContext,
  principal: Principal,
  id: string,
  input: { name: string; description: string; embeddingDeploymentName: string | null },
): Promise<DataSource> {
  const current = await libraries.getLibrary(ctx, principal, id);
  const library = await libraries.updateLibrary(ctx, principal, id, {
    name: input.name,
    description: input.description,
    chunkSize: current.chunkSize,
    chunkOverlap: current.chunkOverlap,
    language: current.language,
    // unchanged when it is the library's deployment already; a change embeds its files again (updateLibrary)
    embeddingDeploymentName: input.embeddingDeploymentName === current.embeddingDeploymentName ? undefined : input.embeddingDeploymentName,
  });
  return present(ctx, library);
}

/** Name and description; the library goes back to the instance's default embedding deployment (full text when there is none). */
export async function updateWithDefaultEndpoints(
  ctx: KnowledgeContext,
  principal: Principal,
  id: string,
  input: Input<DataSourceWithDefaultEndpointsInput>,
): Promise<DataSource> {
  return update(ctx, principal, id, { ...input, embeddingDeploymentName: await defaultEmbeddingName(ctx) });
}

export async function updateWithExplicitEndpoints(
  ctx: KnowledgeContext,
  principal: Principal,
  id: string,
  input: Input<DataSourceWithExplicitEndpointsInput>,
): Promise<DataSource> {
  return update(ctx, principal, id, input);
}

export const deleteDataSource = (ctx: KnowledgeContext, principal: Principal, id: string) => libraries.deleteLibrary(ctx, principal, id);

// ---- uploaded files

export async function listUploadedFiles(
  ctx: KnowledgeContext,
  principal: Principal,
  id: string,
  query: { top: number; continuationToken?: string | undefined },
): Promise<DataSourceFileList> {
  const page = await libraries.listFiles(ctx, principal, id, query);
  return { items: page.items.map(presentFile), continuationToken: page.continuationToken };
}

export async function uploadFiles(ctx: KnowledgeContext, principal: Principal, id: string, uploads: UploadedFile[]): Promise<DataSourceFilesUploadResult> {
  const result = await libraries.uploadFiles(ctx, principal, id, uploads);
  return { items: result.items.map((r) => ({ fileName: r.fileName, outcome: r.outcome, file: presentFile(r.file) })) };
}

/** The library's files of this name (as an upload stores it: cleanFileName), newest first. */
async function filesNamed(ctx: KnowledgeContext, libraryId: string, fileName: string): Promise<LibraryFileRow[]> {
  return ctx.db
    .select()
    .from(libraryFiles)
    .where(and(eq(libraryFiles.libraryId, libraryId), eq(libraryFiles.fileName, cleanFileName(fileName))))
    .orderBy(desc(libraryFiles.createdAt), desc(libraryFiles.id));
}

const noFileNamed = (fileName: string) => notFound(`A file named ${cleanFileName(fileName)}`);

/** Removes every file of the library with this name (names may repeat, contents not); 404 when there is none. */
export async function deleteFilesNamed(ctx: KnowledgeContext, principal: Principal, id: string, fileName: string): Promise<void> {
  await libraries.libraryFor(ctx, principal, id, 'write');
  const files = await filesNamed(ctx, id, fileName);
  if (files.length === 0) throw noFileNamed(fileName);
  for (const file of files) await libraries.removeFile(ctx, principal, id, file);
}

/**
 * A file name sent base64 encoded, url-safe (- _) or standard (+ /), padded or not; 400 when it is not base64 of
 * UTF-8 text.
 */
export function decodeFileName(encoded: string): string {
  const bad = () => badRequest('The file name is not base64 encoded.', [{ field: 'base64FileName', message: 'The file name, base64 encoded (UTF-8)' }]);
  const unpadded = encoded.replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/_-]+$/.test(unpadded) || unpadded.length % 4 === 1 || encoded.length - unpadded.length > 2) throw bad();
  const bytes = Buffer.from(unpadded.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  // bits left over in the last character must be zero: otherwise another string encodes the same bytes
  if (bytes.toString('base64').replace(/=+$/, '') !== unpadded.replace(/-/g, '+').replace(/_/g, '/')) throw bad();
  let name: string;
  try {
    name = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw bad();
  }
  if (!name.trim()) throw bad();
  return name;
}

/** The original of the library's newest file of this name (its name base64 encoded). */
export async function downloadFileNamed(ctx: KnowledgeContext, principal: Principal, id: string, base64FileName: string) {
  const fileName = decodeFileName(base64FileName);
  await libraries.libraryFor(ctx, principal, id, 'read');
  const [file] = await filesNamed(ctx, id, fileName);
  if (!file) throw noFileNamed(fileName);
  return libraries.downloadFile(ctx, principal, id, file.id);
}
