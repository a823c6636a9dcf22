// Public endpoints (docs/public-chat.md): the registry of published agents' endpoints, kept in step with each agent's
// published configuration (written in the publishing transaction), so that a visitor's request finds its agent by
// name with one indexed read and no two agents can hold the same name.
// @owner: public-chat
import type { PublicEndpointConfiguration } from '@atrium/contract';
import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { gptSystems } from './agents.js';

export const publicEndpoints = pgTable('public_endpoints', {
  /** the slug in /public-chat/{endpointName} and the visitor API's paths */
  endpointName: text('endpoint_name').primaryKey(),
  gptSystemId: uuid('gpt_system_id')
    .notNull()
    .unique()
    .references(() => gptSystems.id, { onDelete: 'cascade' }),
  /** the published configuration's publicEndpointConfiguration, with its defaults filled in */
  configuration: jsonb('configuration').$type<PublicEndpointConfiguration>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PublicEndpointRow = typeof publicEndpoints.$inferSelect;
