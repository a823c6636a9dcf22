// Queries of the brands module: the brands and brand_files tables.
import { and, asc, eq } from 'drizzle-orm';
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

export async function listBrands(db: Db): Promise<BrandRow[]> {
  return db.select().from(brands).orderBy(asc(brands.name), asc(brands.brandKey));
}

export async function listBrandFiles(db: Db, brandKey?: string): Promise<BrandFileRow[]> {
  const q = db.select().from(brandFiles);
  return (brandKey === undefined ? q : q.where(eq(brandFiles.brandKey, brandKey))).orderBy(asc(brandFiles.createdAt));
}

export async function insertBrand(db: Db, brand: NewBrandRow): Promise<BrandRow> {
  const [row] = await db.insert(brands).values(brand).returning();
  return row!;
}

export async function updateBrandRow(db: Db, brandKey: string, values: Partial<NewBrandRow>): Promise<BrandRow> {
  const [row] = await db
    .update(brands)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(brands.brandKey, brandKey))
    .returning();
  return row!;
}

export async function deleteBrandRow(db: Db, brandKey: string): Promise<void> {
  await db.delete(brands).where(eq(brands.brandKey, brandKey));
}

export async function insertBrandFile(db: Db, file: typeof brandFiles.$inferInsert): Promise<void> {
  await db.insert(brandFiles).values(file);
}

export async function deleteBrandFileRow(db: Db, brandKey: string, fileName: string): Promise<void> {
  await db.delete(brandFiles).where(and(eq(brandFiles.brandKey, brandKey), eq(brandFiles.fileName, fileName)));
}
