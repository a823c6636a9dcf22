// Chat access policies: which users, roles and directory groups may chat with which System agents.
// Owned by the chat-access-policies module; the agents module asks its service, never these tables.
// @owner: chat-access-policies
import { boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export const chatAccessPolicies = pgTable('chat_access_policies', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** the policy covers every System agent */
  allGptSystems: boolean('all_gpt_systems').notNull().default(false),
  // Id lists rather than join tables: policies are few, read whole into one in-memory index, and an
  // agent, user or role that is deleted simply stops matching.
  gptSystemIds: jsonb('gpt_system_ids')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  userIds: jsonb('user_ids')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  userRoleIds: jsonb('user_role_ids')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  directoryGroupIds: jsonb('directory_group_ids')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
