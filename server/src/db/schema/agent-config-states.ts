// Configuration states (drafts) of agents, the published versions with who published them and when,
// the people a personal agent is shared with (and invited to it by email), and an agent's links to retrieval
// data sources.
// Owned by the agents module. The live configuration stays on gpt_systems.published_config, which the
// chat engine reads once per turn; publishing copies a draft there and appends a version row.
// @owner: agents
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { gptSystems, type PublishedAgentConfig } from './agents.js';
import type { LibraryFilter } from '@atrium/contract';

export const gptSystemConfigStates = pgTable(
  'gpt_system_config_states',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** null until createGptSystem turns the draft into an agent */
    gptSystemId: uuid('gpt_system_id').references(() => gptSystems.id, { onDelete: 'cascade' }),
    /** 'System' (administrators) or 'User' (personal) */
    gptSystemType: text('gpt_system_type').notNull(),
    /** the person who created the draft; personal drafts are visible to them only */
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    description: text('description').notNull().default(''),
    config: jsonb('config').$type<PublishedAgentConfig>().notNull(),
    avatarBlobKey: text('avatar_blob_key'),
    avatarContentType: text('avatar_content_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('gpt_system_config_states_agent_idx').on(t.gptSystemId, t.updatedAt),
    index('gpt_system_config_states_owner_idx').on(t.ownerUserId, t.gptSystemType),
  ],
);

/** Every configuration that went live, in order; a rollback appends a copy of an older one. */
export const gptSystemVersions = pgTable(
  'gpt_system_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gptSystemId: uuid('gpt_system_id')
      .notNull()
      .references(() => gptSystems.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    config: jsonb('config').$type<PublishedAgentConfig>().notNull(),
    /** the draft it was published from; null for a rollback or a publication without a draft */
    configStateId: uuid('config_state_id'),
    /** the version this one restores, for a rollback */
    restoredFromVersion: integer('restored_from_version'),
    publishedByUserId: uuid('published_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    publishedByName: text('published_by_name').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('gpt_system_versions_agent_version_idx').on(t.gptSystemId, t.version)],
);

/** People a personal agent's owner shared it with; `accepted` once they added it (gptSystemSharedWithMe). */
export const gptSystemShares = pgTable(
  'gpt_system_shares',
  {
    gptSystemId: uuid('gpt_system_id')
      .notNull()
      .references(() => gptSystems.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accepted: boolean('accepted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gptSystemId, t.userId] }), index('gpt_system_shares_user_idx').on(t.userId)],
);

/**
 * A personal agent shared by email: a pending invitation until someone with that email signs in (a new person at
 * their first sign-in), when it becomes a share. An owner sharing by email learns nothing about whether the
 * address has an account. `email` is lower-case.
 */
export const gptSystemShareInvitations = pgTable(
  'gpt_system_share_invitations',
  {
    gptSystemId: uuid('gpt_system_id')
      .notNull()
      .references(() => gptSystems.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gptSystemId, t.email] }), index('gpt_system_share_invitations_email_idx').on(t.email)],
);

/** An agent's retrieval data sources, by id; retrieval itself reads them later. */
export const gptSystemRagDataSources = pgTable(
  'gpt_system_rag_data_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gptSystemId: uuid('gpt_system_id')
      .notNull()
      .references(() => gptSystems.id, { onDelete: 'cascade' }),
    dataSourceId: uuid('data_source_id').notNull(),
    dataSourceType: text('data_source_type').notNull().default('FileLibrary'),
    /** how many passages retrieval may take from this source */
    topK: integer('top_k').notNull().default(5),
    /** the metadata filter (LibraryFilter[]) the library's passages must meet for this agent; [] for none */
    filters: jsonb('filters')
      .$type<LibraryFilter[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('gpt_system_rag_data_sources_link_idx').on(t.gptSystemId, t.dataSourceId)],
);
