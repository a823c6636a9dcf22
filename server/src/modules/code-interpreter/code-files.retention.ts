// What the retention sweep (modules/retention, docs/retention.md) needs of the code interpreter's files: the blobs of
// the files made in conversations it deletes (their rows go with the conversations, by cascade).
import { inArray } from 'drizzle-orm';
import { codeInterpreterFiles } from '../../db/schema/index.js';
import type { DbContext } from '../../platform/context.js';
import { blobKey } from './code-files.service.js';

export async function codeFileBlobKeys({ db }: DbContext, conversationIds: readonly string[]): Promise<string[]> {
  if (conversationIds.length === 0) return [];
  const f = codeInterpreterFiles;
  const rows = await db
    .select({ conversationId: f.conversationId, segmentId: f.segmentId, id: f.id, fileName: f.fileName })
    .from(f)
    .where(inArray(f.conversationId, [...conversationIds]));
  return rows.map((r) => blobKey(r.conversationId, r.segmentId, r.id, r.fileName));
}
