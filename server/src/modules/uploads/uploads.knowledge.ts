// What a personal agent's knowledge needs of uploads: the owner's FileSearch attachments its configuration names,
// with a way to read each one's bytes (knowledge/agent-files.ts copies them into the agent's library).
import type { AppContext } from '../../platform/context.js';
import * as repo from './uploads.repository.js';

export async function ownKnowledgeAttachments(ctx: Pick<AppContext, 'db' | 'blobs'>, userId: string, ids: readonly string[]) {
  const rows = await repo.listOwnAttachments(ctx.db, userId, ids);
  return rows
    .filter((r) => r.attachmentType === 'FileSearch')
    .map((r) => ({ attachmentId: r.id, fileName: r.originalFileName, read: () => ctx.blobs.get(r.blobKey) }));
}
