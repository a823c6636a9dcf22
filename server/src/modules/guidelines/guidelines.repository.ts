// Queries of the guidelines module: documents, sections, agent links and consents.
import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/audit.js';
import { gptSystemGuidelines, guidelinesConsents, guidelinesDocuments, guidelinesSections } from '../../db/schema/index.js';

export type DocumentRow = typeof guidelinesDocuments.$inferSelect;
export type SectionRow = typeof guidelinesSections.$inferSelect;

export const listDocuments = (db: DbOrTx, isTemplate: boolean) =>
  db
    .select()
    .from(guidelinesDocuments)
    .where(eq(guidelinesDocuments.isTemplate, isTemplate))
    .orderBy(asc(guidelinesDocuments.title), asc(guidelinesDocuments.id));

export async function sectionCounts(db: DbOrTx, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ documentId: guidelinesSections.documentId, n: count() })
    .from(guidelinesSections)
    .where(inArray(guidelinesSections.documentId, [...ids]))
    .groupBy(guidelinesSections.documentId);
  return new Map(rows.map((r) => [r.documentId, Number(r.n)]));
}

export async function findDocument(db: DbOrTx, id: string, options: { forUpdate?: boolean } = {}): Promise<DocumentRow | null> {
  const query = db.select().from(guidelinesDocuments).where(eq(guidelinesDocuments.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export const listSections = (db: DbOrTx, documentId: string): Promise<SectionRow[]> =>
  db
    .select()
    .from(guidelinesSections)
    .where(eq(guidelinesSections.documentId, documentId))
    .orderBy(asc(guidelinesSections.sortOrder), asc(guidelinesSections.id));

export async function insertDocument(
  db: DbOrTx,
  values: { title: string; description: string; isTemplate: boolean; contentVersion: string },
): Promise<DocumentRow> {
  const [row] = await db.insert(guidelinesDocuments).values(values).returning();
  return row!;
}

export async function updateDocument(db: DbOrTx, id: string, values: Partial<Pick<DocumentRow, 'title' | 'description' | 'contentVersion'>>): Promise<void> {
  await db
    .update(guidelinesDocuments)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(guidelinesDocuments.id, id));
}

export async function deleteDocument(db: DbOrTx, id: string): Promise<void> {
  await db.delete(guidelinesDocuments).where(eq(guidelinesDocuments.id, id));
}

export async function insertSections(
  db: DbOrTx,
  documentId: string,
  sections: ReadonlyArray<{ title: string; content: string }>,
  firstOrder = 0,
): Promise<SectionRow[]> {
  if (sections.length === 0) return [];
  return db
    .insert(guidelinesSections)
    .values(sections.map((s, i) => ({ documentId, title: s.title, content: s.content, sortOrder: firstOrder + i })))
    .returning();
}

export async function updateSection(db: DbOrTx, sectionId: string, values: Partial<Pick<SectionRow, 'title' | 'content' | 'sortOrder'>>): Promise<void> {
  await db.update(guidelinesSections).set(values).where(eq(guidelinesSections.id, sectionId));
}

export async function deleteSection(db: DbOrTx, sectionId: string): Promise<void> {
  await db.delete(guidelinesSections).where(eq(guidelinesSections.id, sectionId));
}

export async function linkedAgentIds(db: DbOrTx, documentId: string): Promise<string[]> {
  const rows = await db.select({ id: gptSystemGuidelines.gptSystemId }).from(gptSystemGuidelines).where(eq(gptSystemGuidelines.documentId, documentId));
  return rows.map((r) => r.id);
}

export async function linksOf(db: DbOrTx, gptSystemIds: readonly string[]): Promise<Array<{ gptSystemId: string; documentId: string }>> {
  if (gptSystemIds.length === 0) return [];
  return db
    .select()
    .from(gptSystemGuidelines)
    .where(inArray(gptSystemGuidelines.gptSystemId, [...gptSystemIds]));
}

export const allLinks = (db: DbOrTx) => db.select().from(gptSystemGuidelines);

/** Makes exactly these agents show this document (an agent shows one document: another link of theirs is replaced). */
export async function replaceLinks(db: DbOrTx, documentId: string, gptSystemIds: readonly string[]): Promise<void> {
  await db
    .delete(gptSystemGuidelines)
    .where(
      and(eq(gptSystemGuidelines.documentId, documentId), gptSystemIds.length ? notInArray(gptSystemGuidelines.gptSystemId, [...gptSystemIds]) : undefined),
    );
  if (gptSystemIds.length === 0) return;
  await db
    .insert(gptSystemGuidelines)
    .values(gptSystemIds.map((gptSystemId) => ({ gptSystemId, documentId })))
    .onConflictDoUpdate({ target: gptSystemGuidelines.gptSystemId, set: { documentId } });
}

export async function setLink(db: DbOrTx, gptSystemId: string, documentId: string | null): Promise<void> {
  if (documentId === null) {
    await db.delete(gptSystemGuidelines).where(eq(gptSystemGuidelines.gptSystemId, gptSystemId));
    return;
  }
  await db.insert(gptSystemGuidelines).values({ gptSystemId, documentId }).onConflictDoUpdate({ target: gptSystemGuidelines.gptSystemId, set: { documentId } });
}

export async function findConsent(db: DbOrTx, userId: string, documentId: string) {
  const [row] = await db
    .select()
    .from(guidelinesConsents)
    .where(and(eq(guidelinesConsents.userId, userId), eq(guidelinesConsents.documentId, documentId)));
  return row ?? null;
}

export async function upsertConsent(db: DbOrTx, userId: string, documentId: string, contentVersion: string) {
  const [row] = await db
    .insert(guidelinesConsents)
    .values({ userId, documentId, contentVersion })
    .onConflictDoUpdate({ target: [guidelinesConsents.userId, guidelinesConsents.documentId], set: { contentVersion, consentedAt: sql`now()` } })
    .returning();
  return row!;
}

/** The documents linked to any agent, with their sections, for the chat path's cache. */
export async function linkedDocuments(
  db: DbOrTx,
): Promise<{ links: Array<{ gptSystemId: string; documentId: string }>; documents: DocumentRow[]; sections: SectionRow[] }> {
  const links = await allLinks(db);
  const ids = [...new Set(links.map((l) => l.documentId))];
  if (ids.length === 0) return { links, documents: [], sections: [] };
  const [documents, sections] = await Promise.all([
    db.select().from(guidelinesDocuments).where(inArray(guidelinesDocuments.id, ids)),
    db
      .select()
      .from(guidelinesSections)
      .where(inArray(guidelinesSections.documentId, ids))
      .orderBy(asc(guidelinesSections.sortOrder), asc(guidelinesSections.id)),
  ]);
  return { links, documents, sections };
}
