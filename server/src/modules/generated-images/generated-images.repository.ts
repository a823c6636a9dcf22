// Queries of the generated-images module: the generated_images table, read together with the
// conversation so that a deleted conversation's images are gone at once.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { conversations, generatedImages } from '../../db/schema/index.js';

export type GeneratedImageRow = typeof generatedImages.$inferSelect;
export type NewGeneratedImageRow = typeof generatedImages.$inferInsert;

export async function insertGeneratedImage(db: Db, values: NewGeneratedImageRow): Promise<GeneratedImageRow> {
  const [row] = await db.insert(generatedImages).values(values).returning();
  return row!;
}

/** The image of that segment and file, while its conversation exists and is not deleted. */
export async function findServableImage(db: Db, conversationId: string, segmentId: string, fileName: string): Promise<GeneratedImageRow | null> {
  const [row] = await db
    .select({ image: generatedImages })
    .from(generatedImages)
    .innerJoin(conversations, eq(conversations.id, generatedImages.conversationId))
    .where(
      and(
        eq(generatedImages.conversationId, conversationId),
        eq(generatedImages.segmentId, segmentId),
        eq(generatedImages.fileName, fileName),
        isNull(conversations.deletedAt),
      ),
    )
    .limit(1);
  return row?.image ?? null;
}
