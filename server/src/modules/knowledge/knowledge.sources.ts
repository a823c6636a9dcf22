// Reading libraries from the outside: "Try a question" on a library (the passages an agent linked to it would get),
// and the documents citations open. A document may be read by whoever may read its library in the administration,
// and by anyone who may chat with an agent that answers from it; to everyone else it does not exist (404), so that
// file ids cannot be probed.
import type { LibrarySearchBody, LibrarySearchResult, SourceFile } from '@atrium/contract';
import type { AgentDirectory } from '../../ai/agent.types.js';
import type { Principal } from '../../platform/access.js';
import type { CachedContext } from '../../platform/caches.js';
import { notFound } from '../../platform/errors.js';
import type { ExtractedDocument } from '../../platform/extraction/extraction-pool.js';
import type { AppContext } from '../../platform/context.js';
import { agentsAnsweringFrom } from '../agents/agents.knowledge.js';
import { extractionKey } from './knowledge.ingestion.js';
import { mayReadLibrary } from './knowledge.policy.js';
import { checkFilters } from './library-filters.js';
import * as repo from './knowledge.repository.js';
import type { FileLibraryRow } from './knowledge.repository.js';
import { retrieve, type RetrievalContext } from './retrieval.js';

export type SourcesContext = RetrievalContext & CachedContext & Pick<AppContext, 'blobs'>;

const documentNotFound = () => notFound('The document');

/** POST /admin/fileLibraries/{id}/search: the library searched as an agent's turn would search it. */
export async function searchLibrary(
  ctx: SourcesContext,
  principal: Principal,
  libraryId: string,
  body: Required<Omit<LibrarySearchBody, 'filters'>> & Pick<LibrarySearchBody, 'filters'>,
): Promise<LibrarySearchResult> {
  const library = await repo.getLibrary(ctx.db, libraryId);
  if (!library || library.agentId !== null || !mayReadLibrary(principal, library)) throw notFound('The file library');
  checkFilters(library, body.filters);
  return retrieve(ctx, body.query, [{ library, topK: body.topK, minScore: body.minScore, filters: body.filters }]);
}

/** Whether the caller may chat with one of the agents that answer from the library (the agent whose own it is). */
async function chatsWithLibrary(ctx: SourcesContext, agents: AgentDirectory, principal: Principal, library: FileLibraryRow): Promise<boolean> {
  for (const id of library.agentId ? [library.agentId] : await agentsAnsweringFrom(ctx, library.id)) {
    const allowed = await agents.getForChat(principal, id).then(
      () => true,
      () => false,
    );
    if (allowed) return true;
  }
  return false;
}

async function readableFile(ctx: SourcesContext, agents: AgentDirectory, principal: Principal, fileId: string) {
  const file = await repo.getFileById(ctx.db, fileId);
  const library = file && (await repo.getLibrary(ctx.db, file.libraryId));
  if (!file || !library) throw documentNotFound();
  const administered = library.agentId === null && mayReadLibrary(principal, library);
  if (!administered && !(await chatsWithLibrary(ctx, agents, principal, library))) throw documentNotFound();
  return { file, library };
}

/** GET /knowledge/files/{fileId}: the text of the document page by page. */
export async function sourceFile(ctx: SourcesContext, agents: AgentDirectory, principal: Principal, fileId: string): Promise<SourceFile> {
  const { file, library } = await readableFile(ctx, agents, principal, fileId);
  const stored = await ctx.blobs.get(extractionKey(file.blobKey));
  if (!stored) throw notFound('The document’s text (it has not been read yet)');
  const document = JSON.parse(stored.toString('utf8')) as ExtractedDocument;
  return {
    fileId: file.id,
    fileName: file.fileName,
    mimeType: file.mimeType,
    libraryName: library.name,
    pageCount: file.pageCount,
    pages: document.pages.map((p) => ({ pageNumber: p.page, text: p.text })),
    truncated: document.truncated,
  };
}

/** GET /knowledge/files/{fileId}/Download: the document as uploaded. */
export async function sourceFileContent(ctx: SourcesContext, agents: AgentDirectory, principal: Principal, fileId: string) {
  const { file } = await readableFile(ctx, agents, principal, fileId);
  const data = await ctx.blobs.get(file.blobKey);
  if (!data) throw documentNotFound();
  return { data, fileName: file.fileName, mimeType: file.mimeType };
}
