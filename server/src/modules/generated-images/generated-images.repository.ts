// Queries of the generated-images module: the generated_images table.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { generatedImages } from '../../db/schema/index.js';

export type GeneratedImageRow = typeof generatedImages.$inferSelect;
export type NewGeneratedImageRow = typeof generatedImages.$inferInsert;

export async function insertGeneratedImage(db: Db, values: NewGeneratedImageRow): Promise<GeneratedImageRow> {
  const [row] = await db.insert(generatedImages).values(values).returning();
  return row!;
}

/** The image of that segment and file (whether its conversation still exists is the conversations module's answer). */
export async function findImage(db: Db, conversationId: string, segmentId: string, fileName: string): Promise<GeneratedImageRow | null> {
  const [row] = await db
    .select()
    .from(generatedImages)
    .where(and(eq(generatedImages.conversationId, conversationId), eq(generatedImages.segmentId, segmentId), eq(generatedImages.fileName, fileName)))
    .limit(1);
  return row ?? null;
}
