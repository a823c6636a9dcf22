// What the retention sweep (modules/retention, docs/retention.md) needs of generated images: the blobs of the images
// drawn in conversations it deletes (their rows go with the conversations, by cascade).
import { inArray } from 'drizzle-orm';
import { generatedImages } from '../../db/schema/index.js';
import type { DbContext } from '../../platform/context.js';

export async function generatedImageBlobKeys({ db }: DbContext, conversationIds: readonly string[]): Promise<string[]> {
  if (conversationIds.length === 0) return [];
  const rows = await db
    .select({ blobKey: generatedImages.blobKey })
    .from(generatedImages)
    .where(inArray(generatedImages.conversationId, [...conversationIds]));
  return rows.map((r) => r.blobKey);
}
