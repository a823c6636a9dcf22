// The configuration audit trail: written in the same transaction as the change it records.
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    aggregateType: text('aggregate_type').notNull(),
    aggregateId: text('aggregate_id').notNull(),
    domainOperation: text('domain_operation').notNull(),
    userId: uuid('user_id'),
    userName: text('user_name'),
    details: jsonb('details').$type<{ before?: unknown; after?: unknown }>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_aggregate_idx').on(t.aggregateType, t.aggregateId), index('audit_log_created_idx').on(t.createdAt)],
);
