// Instance-wide settings and feature flags. Owned by the instance module.
// @owner: instance
import { boolean, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per setting name; values are JSON so that new settings need no migration. */
export const instanceSettings = pgTable('instance_settings', {
  name: text('name').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const featureFlags = pgTable('feature_flags', {
  name: text('name').primaryKey(),
  enabled: boolean('enabled').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
