// Agents (gptSystems), their starter prompts, and each person's pinned and recently used agents.
// Owned by the agents module; the chat engine reads agents only through its service.
// @owner: agents
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AgentConfigWire, AgentDataSource } from '@atrium/contract';
import { users } from './users.js';

/** The configuration an agent answers with; the docs/wire-protocol.md fields are absent on configurations saved before them. */
export interface PublishedAgentConfig extends Partial<AgentConfigWire> {
  systemPrompt: string;
  /** HTML shown above a new chat; sanitised whenever it is served */
  introduction: string;
  deploymentName: string | null;
  temperature: number | null;
  topP: number | null;
  frequencyPenalty: number | null;
  maxTokens: number | null;
  /** added with configuration states; absent on configurations published before them */
  languageEngine?: string | null;
  capabilityTypes?: string[];
  /** the libraries it answers from, each with its top-k, minimum score and metadata filter where set (AgentDataSourceSchema) */
  dataSources?: { dataSourceId: string; topK?: number; minScore?: number; filters?: AgentDataSource['filters'] }[];
  restrictAnswerToInformationReturnedByTools?: boolean;
}

export const gptSystems = pgTable('gpt_systems', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  gptSystemType: text('gpt_system_type').notNull().default('System'),
  brandKey: text('brand_key').notNull().default('default'),
  ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
  /** null until the agent is published: an unpublished agent cannot be used */
  publishedConfig: jsonb('published_config').$type<PublishedAgentConfig>(),
  isPublic: boolean('is_public').notNull().default(false),
  /** blob store key of an uploaded avatar; null serves a generated default */
  avatarBlobKey: text('avatar_blob_key'),
  avatarContentType: text('avatar_content_type'),
  isDeleted: boolean('is_deleted').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/** Starter prompts an agent offers on a new chat (promptsForConversation). */
export const gptSystemPrompts = pgTable(
  'gpt_system_prompts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gptSystemId: uuid('gpt_system_id')
      .notNull()
      .references(() => gptSystems.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    prompt: text('prompt').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('gpt_system_prompts_agent_idx').on(t.gptSystemId, t.sortOrder)],
);

export const pinnedGptSystems = pgTable(
  'pinned_gpt_systems',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gptSystemId: uuid('gpt_system_id')
      .notNull()
      .references(() => gptSystems.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gptSystemId] })],
);

/** Written by the conversations module through recordAgentUse, so recent agents never read its tables. */
export const recentGptSystems = pgTable(
  'recent_gpt_systems',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gptSystemId: uuid('gpt_system_id')
      .notNull()
      .references(() => gptSystems.id, { onDelete: 'cascade' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gptSystemId] }), index('recent_gpt_systems_user_idx').on(t.userId, t.lastUsedAt)],
);
