// Agents (gptSystems). The foundation seeds the System agent; the chat engine issue extends this.
import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export interface PublishedAgentConfig {
  systemPrompt: string;
  introduction: string;
  deploymentName: string | null;
  temperature: number | null;
  topP: number | null;
  frequencyPenalty: number | null;
  maxTokens: number | null;
}

export const gptSystems = pgTable('gpt_systems', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  gptSystemType: text('gpt_system_type').notNull().default('System'),
  brandKey: text('brand_key').notNull().default('default'),
  ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
  publishedConfig: jsonb('published_config').$type<PublishedAgentConfig>(),
  isDeleted: boolean('is_deleted').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});
