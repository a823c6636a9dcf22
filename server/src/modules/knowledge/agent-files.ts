// A personal agent's own knowledge: the files its owner attached to its configuration (docs/wire-protocol.md:
// `attachments` of type FileSearch). When the agent is saved (createGptSystem, updateGptSystem) its library of its
// own (file_libraries.gpt_system_id, not listed on the File Libraries pages) is made to hold exactly those files:
// new attachments are stored and processed like any library's files (read, chunked, embedded, indexed as jobs),
// removed ones are deleted with their chunks. The chat then searches that library with the agent's others.
import { ChunkOverlapLimits, ChunkSizeLimits, FileLibraryNameMaxLength } from '@atrium/contract';
import type { Principal } from '../../platform/access.js';
import { auditActorOf } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import * as repo from './knowledge.repository.js';
import { removeFile, removeLibrary, storeFiles, type KnowledgeContext } from './file-libraries.service.js';

/** An attachment to keep in the agent's library: its id, its name, and a way to read its bytes. */
export interface AgentFileSource {
  attachmentId: string;
  fileName: string;
  read(): Promise<Buffer | null>;
}

async function ownLibrary(ctx: KnowledgeContext, principal: Principal, agent: { gptSystemId: string; name: string }): Promise<repo.FileLibraryRow> {
  const existing = await repo.libraryOfAgent(ctx.db, agent.gptSystemId);
  if (existing) return existing;
  const embedding = (await ctx.models.embeddingDeployments()).find((d) => d.isDefault) ?? null;
  try {
    return await repo.insertLibrary(ctx.db, {
      name: `Files of ${agent.name}`.slice(0, FileLibraryNameMaxLength),
      description: 'The files the owner of this personal agent gave it to answer from.',
      chunkSize: ChunkSizeLimits.default,
      chunkOverlap: ChunkOverlapLimits.default,
      language: 'english',
      embeddingDeploymentId: embedding?.deploymentId ?? null,
      agentId: agent.gptSystemId,
      createdByUserId: principal.userId,
      createdByName: auditActorOf(principal).userName,
    });
  } catch (e) {
    // saved twice at once: the other save made it (one library per agent, a unique index)
    const made = await repo.libraryOfAgent(ctx.db, agent.gptSystemId);
    if (made) return made;
    throw e;
  }
}

/**
 * Makes the agent's library hold exactly these attachments. A file that cannot be stored (a type libraries do not
 * take) is logged and left out; the others go on.
 */
export async function syncAgentFiles(
  ctx: KnowledgeContext,
  principal: Principal,
  agent: { gptSystemId: string; name: string },
  attachments: AgentFileSource[],
): Promise<void> {
  if (attachments.length === 0 && !(await repo.libraryOfAgent(ctx.db, agent.gptSystemId))) return;
  const library = await ownLibrary(ctx, principal, agent);
  const present = await repo.attachmentFiles(ctx.db, library.id);
  const wanted = new Set(attachments.map((a) => a.attachmentId));
  for (const file of present) if (!wanted.has(file.sourceAttachmentId!)) await removeFile(ctx, principal, library.id, file);
  const have = new Set(present.map((f) => f.sourceAttachmentId));
  for (const a of attachments) {
    if (have.has(a.attachmentId)) continue;
    const data = await a.read();
    if (!data) {
      ctx.logger.warn({ gptSystemId: agent.gptSystemId, attachmentId: a.attachmentId }, 'an agent attachment has no content; left out of its knowledge');
      continue;
    }
    try {
      await storeFiles(ctx, principal, library, [{ fileName: a.fileName, data, sourceAttachmentId: a.attachmentId }]);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      ctx.logger.warn({ gptSystemId: agent.gptSystemId, attachmentId: a.attachmentId, reason: e.message }, 'an agent attachment cannot be knowledge');
    }
  }
}

/** The agent's own library, when its configuration has files of its own. */
export async function agentLibrary(ctx: Pick<KnowledgeContext, 'db'>, gptSystemId: string): Promise<repo.FileLibraryRow | null> {
  return repo.libraryOfAgent(ctx.db, gptSystemId);
}

/** A deleted agent's own library goes with it: its files, chunks, vectors, logs and blobs. */
export async function deleteAgentLibrary(ctx: Pick<KnowledgeContext, 'db' | 'blobs' | 'logger'>, principal: Principal, gptSystemId: string): Promise<void> {
  const library = await repo.libraryOfAgent(ctx.db, gptSystemId);
  if (library) await removeLibrary(ctx, principal, library.id);
}
