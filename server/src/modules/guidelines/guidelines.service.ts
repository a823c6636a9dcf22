// Rules of the guidelines module: documents and templates with ordered markdown sections (people's reading
// and consent are in guidelines.people.ts, the agents' links in guidelines.agents.ts). Every administrative change is audited in its
// transaction and bumps the content version when the text changes (which asks for consent again).
import type { z } from 'zod';
import {
  type ErrorDetail,
  type GuidelinesDocument,
  type GuidelinesDocumentCreateSchema,
  type GuidelinesDocumentList,
  type GuidelinesDocumentUpdateSchema,
  type GuidelinesOptions,
  type GuidelinesSection,
  type GuidelinesSectionInputSchema,
} from '@atrium/contract';
import { recordAudit, type AuditActor, type DbOrTx } from '../../platform/audit.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { systemAgentNames } from '../agents/agents.lookup.js';
import { contentVersionOf, guidelinesChanged } from './guidelines.chat.js';
import * as repo from './guidelines.repository.js';
import type { DocumentRow, SectionRow } from './guidelines.repository.js';
import type { DbContext, InTransaction } from '../../platform/context.js';
import type { CachedContext } from '../../platform/caches.js';

type Create = z.output<typeof GuidelinesDocumentCreateSchema>;
type Update = z.output<typeof GuidelinesDocumentUpdateSchema>;
type SectionInput = z.output<typeof GuidelinesSectionInputSchema>;

const AggregateType = 'GuidelinesDocument';

export const presentSection = (s: SectionRow): GuidelinesSection => ({ documentSectionId: s.id, title: s.title, content: s.content, sortOrder: s.sortOrder });

async function present(db: DbOrTx, row: DocumentRow): Promise<GuidelinesDocument> {
  const [sections, agentIds] = await Promise.all([repo.listSections(db, row.id), repo.linkedAgentIds(db, row.id)]);
  return {
    guidelinesDocumentId: row.id,
    documentTitle: row.title,
    description: row.description,
    isTemplate: row.isTemplate,
    contentVersion: row.contentVersion,
    sections: sections.map(presentSection),
    gptSystems: await systemAgentNames({ db }, agentIds),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit trail keeps of a document: everything an administrator can change. */
const snapshot = (d: GuidelinesDocument) => ({
  documentTitle: d.documentTitle,
  description: d.description,
  isTemplate: d.isTemplate,
  contentVersion: d.contentVersion,
  sections: d.sections.map((s) => ({ documentSectionId: s.documentSectionId, title: s.title, content: s.content })),
  gptSystemIds: d.gptSystems.map((a) => a.gptSystemId),
});

async function loadDocument(db: DbOrTx, id: string, options: { forUpdate?: boolean } = {}): Promise<DocumentRow> {
  const row = await repo.findDocument(db, id, options);
  if (!row) throw notFound('The guidelines document');
  return row;
}

export async function listDocuments({ db }: DbContext, isTemplate: boolean): Promise<GuidelinesDocumentList> {
  const rows = await repo.listDocuments(db, isTemplate);
  const counts = await repo.sectionCounts(
    db,
    rows.map((r) => r.id),
  );
  const items = await Promise.all(
    rows.map(async (r) => {
      const { sections: _sections, ...rest } = await present(db, r);
      return { ...rest, sectionCount: counts.get(r.id) ?? 0 };
    }),
  );
  return { items, continuationToken: null };
}

export async function getDocument({ db }: DbContext, id: string): Promise<GuidelinesDocument> {
  return present(db, await loadDocument(db, id));
}

async function checkAgents(db: DbOrTx, isTemplate: boolean, gptSystemIds: readonly string[]): Promise<string[]> {
  const ids = [...new Set(gptSystemIds)];
  if (ids.length === 0) return ids;
  if (isTemplate) throw badRequest('A template cannot be attached to agents.', [{ field: 'gptSystemIds', message: 'Templates are not shown to people' }]);
  const found = new Set((await systemAgentNames({ db }, ids)).map((a) => a.gptSystemId));
  const details: ErrorDetail[] = ids.flatMap((id, i) => (found.has(id) ? [] : [{ field: `gptSystemIds.${i}`, message: 'No such System agent' }]));
  if (details.length) throw badRequest('The document names agents that do not exist.', details);
  return ids;
}

/** Changes one document in a transaction: the version follows the text, the audit row follows the change. */
async function change<T>(
  { db, caches }: InTransaction<CachedContext>,
  actor: AuditActor,
  id: string,
  domainOperation: string,
  apply: (tx: DbOrTx, row: DocumentRow) => Promise<T>,
): Promise<{ value: T; document: GuidelinesDocument }> {
  const result = await db.transaction(async (tx) => {
    const row = await loadDocument(tx, id, { forUpdate: true });
    const before = await present(tx, row);
    const value = await apply(tx, row);
    const fresh = await loadDocument(tx, id);
    const contentVersion = contentVersionOf(fresh.title, await repo.listSections(tx, id));
    if (contentVersion !== fresh.contentVersion) await repo.updateDocument(tx, id, { contentVersion });
    else await repo.updateDocument(tx, id, {});
    const after = await present(tx, (await repo.findDocument(tx, id))!);
    await recordAudit(tx, { aggregateType: AggregateType, aggregateId: id, domainOperation, actor, before: snapshot(before), after: snapshot(after) });
    return { value, document: after };
  });
  guidelinesChanged({ caches });
  return result;
}

export async function createDocument({ db, caches }: InTransaction<CachedContext>, actor: AuditActor, input: Create): Promise<GuidelinesDocument> {
  const document = await db.transaction(async (tx) => {
    let sections: SectionInput[] = input.sections ?? [];
    if (!input.sections && input.templateId) {
      const template = await repo.findDocument(tx, input.templateId);
      if (!template?.isTemplate) throw badRequest('The template does not exist.', [{ field: 'templateId', message: 'No such template' }]);
      sections = (await repo.listSections(tx, template.id)).map((s) => ({ title: s.title, content: s.content }));
    }
    const agentIds = await checkAgents(tx, input.isTemplate, input.gptSystemIds);
    const row = await repo.insertDocument(tx, {
      title: input.documentTitle,
      description: input.description,
      isTemplate: input.isTemplate,
      contentVersion: contentVersionOf(input.documentTitle, sections),
    });
    await repo.insertSections(tx, row.id, sections);
    await repo.replaceLinks(tx, row.id, agentIds);
    const created = await present(tx, row);
    await recordAudit(tx, {
      aggregateType: AggregateType,
      aggregateId: row.id,
      domainOperation: 'Created',
      actor,
      after: { ...snapshot(created), ...(input.templateId ? { templateId: input.templateId } : {}) },
    });
    return created;
  });
  guidelinesChanged({ caches });
  return document;
}

export async function updateDocument({ db, caches }: InTransaction<CachedContext>, actor: AuditActor, id: string, input: Update): Promise<GuidelinesDocument> {
  const { document } = await change({ db, caches }, actor, id, 'Updated', async (tx, row) => {
    if (input.gptSystemIds !== undefined) await repo.replaceLinks(tx, id, await checkAgents(tx, row.isTemplate, input.gptSystemIds));
    await repo.updateDocument(tx, id, {
      ...(input.documentTitle !== undefined ? { title: input.documentTitle } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
    });
  });
  return document;
}

/** Deleting a document detaches it from its agents and drops the consents given to it. */
export async function deleteDocument({ db, caches }: InTransaction<CachedContext>, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await present(tx, await loadDocument(tx, id, { forUpdate: true }));
    await repo.deleteDocument(tx, id);
    await recordAudit(tx, { aggregateType: AggregateType, aggregateId: id, domainOperation: 'Deleted', actor, before: snapshot(before) });
  });
  guidelinesChanged({ caches });
}

export async function listSections({ db }: DbContext, id: string): Promise<{ items: GuidelinesSection[]; continuationToken: null }> {
  await loadDocument(db, id);
  return { items: (await repo.listSections(db, id)).map(presentSection), continuationToken: null };
}

async function ownSection(db: DbOrTx, documentId: string, sectionId: string): Promise<SectionRow> {
  const section = (await repo.listSections(db, documentId)).find((s) => s.id === sectionId);
  if (!section) throw notFound('The section');
  return section;
}

export async function getSection({ db }: DbContext, id: string, sectionId: string): Promise<GuidelinesSection> {
  await loadDocument(db, id);
  return presentSection(await ownSection(db, id, sectionId));
}

export async function addSection({ db, caches }: InTransaction<CachedContext>, actor: AuditActor, id: string, input: SectionInput): Promise<GuidelinesSection> {
  const { value } = await change({ db, caches }, actor, id, 'SectionAdded', async (tx) => {
    const existing = await repo.listSections(tx, id);
    const next = existing.reduce((max, s) => Math.max(max, s.sortOrder + 1), 0);
    const [row] = await repo.insertSections(tx, id, [input], next);
    return presentSection(row!);
  });
  return value;
}

export async function updateSection(
  { db, caches }: InTransaction<CachedContext>,
  actor: AuditActor,
  id: string,
  sectionId: string,
  input: Partial<SectionInput>,
): Promise<GuidelinesSection> {
  const { value } = await change({ db, caches }, actor, id, 'SectionUpdated', async (tx) => {
    const section = await ownSection(tx, id, sectionId);
    await repo.updateSection(tx, sectionId, { title: input.title ?? section.title, content: input.content ?? section.content });
    return presentSection(await ownSection(tx, id, sectionId));
  });
  return value;
}

export async function deleteSection({ db, caches }: InTransaction<CachedContext>, actor: AuditActor, id: string, sectionId: string): Promise<void> {
  await change({ db, caches }, actor, id, 'SectionDeleted', async (tx) => {
    await ownSection(tx, id, sectionId);
    await repo.deleteSection(tx, sectionId);
  });
}

/** The new order must name every section of the document exactly once. */
export async function reorderSections(
  { db, caches }: InTransaction<CachedContext>,
  actor: AuditActor,
  id: string,
  order: readonly string[],
): Promise<GuidelinesDocument> {
  const { document } = await change({ db, caches }, actor, id, 'SectionsReordered', async (tx) => {
    const existing = await repo.listSections(tx, id);
    const ids = new Set(existing.map((s) => s.id));
    if (order.length !== existing.length || new Set(order).size !== order.length || order.some((s) => !ids.has(s))) {
      throw badRequest('Name every section of the document exactly once.', [
        { field: 'documentSectionIds', message: 'Must list each section of this document once' },
      ]);
    }
    for (const [i, sectionId] of order.entries()) await repo.updateSection(tx, sectionId, { sortOrder: i });
  });
  return document;
}

export async function options({ db }: DbContext): Promise<GuidelinesOptions> {
  const agents = await systemAgentNames({ db });
  const links = new Map(
    (
      await repo.linksOf(
        db,
        agents.map((a) => a.gptSystemId),
      )
    ).map((l) => [l.gptSystemId, l.documentId]),
  );
  return { gptSystems: agents.map((a) => ({ ...a, guidelinesDocumentId: links.get(a.gptSystemId) ?? null })) };
}

export async function countDocuments({ db }: DbContext): Promise<{ documents: number; templates: number }> {
  const [documents, templates] = await Promise.all([repo.listDocuments(db, false), repo.listDocuments(db, true)]);
  return { documents: documents.length, templates: templates.length };
}

/** The audit log's aggregateRootName for a document (null when it is gone: the audit rows name it then). */
export async function documentTitle({ db }: DbContext, id: string): Promise<string | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  return (await repo.findDocument(db, id))?.title ?? null;
}
