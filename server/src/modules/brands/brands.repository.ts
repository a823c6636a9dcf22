// Queries of the brands module: the brands and brand_files tables.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { brandFiles, brands } from '../../db/schema/index.js';

export type BrandRow = typeof brands.$inferSelect;
export type NewBrandRow = typeof brands.$inferInsert;
export type BrandFileRow = typeof brandFiles.$inferSelect;

export async function findBrand(db: Db, brandKey: string): Promise<BrandRow | null> {
  const [row] = await db.select().from(brands).where(eq(brands.brandKey, brandKey));
  return row ?? null;
}

export async function findBrandFile(db: Db, brandKey: string, fileName: string): Promise<BrandFileRow | null> {
  const [row] = await db
    .select()
    .from(brandFiles)
    .where(and(eq(brandFiles.brandKey, brandKey), eq(brandFiles.fileName, fileName)));
  return row ?? null;
}

/** Inserts the brand unless its key exists; an administrator's edits are never overwritten. */
export async function insertBrandIfMissing(db: Db, brand: NewBrandRow): Promise<void> {
  await db.insert(brands).values(brand).onConflictDoNothing();
}
