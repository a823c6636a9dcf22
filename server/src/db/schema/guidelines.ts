// Guidelines documents, their sections, the agents they are attached to and people's consents.
// Owned by the guidelines module.
// @owner: guidelines
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { gptSystems } from './agents.js';
import { users } from './users.js';

export const guidelinesDocuments = pgTable(
  'guidelines_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    isTemplate: boolean('is_template').notNull().default(false),
    /** hash of the title and sections; a new version asks everyone for consent again */
    contentVersion: text('content_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('guidelines_documents_template_idx').on(t.isTemplate, t.title)],
);

export const guidelinesSections = pgTable(
  'guidelines_sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => guidelinesDocuments.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [index('guidelines_sections_document_idx').on(t.documentId, t.sortOrder)],
);

/** One document per agent; kept here rather than on gpt_systems so that the agents module's table stays its own. */
export const gptSystemGuidelines = pgTable('gpt_system_guidelines', {
  gptSystemId: uuid('gpt_system_id')
    .primaryKey()
    .references(() => gptSystems.id, { onDelete: 'cascade' }),
  documentId: uuid('document_id')
    .notNull()
    .references(() => guidelinesDocuments.id, { onDelete: 'cascade' }),
});

export const guidelinesConsents = pgTable(
  'guidelines_consents',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => guidelinesDocuments.id, { onDelete: 'cascade' }),
    /** the version consented to; a later version needs a new consent (the row is replaced) */
    contentVersion: text('content_version').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.documentId] })],
);
