// The configuration audit trail: written in the same transaction as the change it records.
// @owner: audit (rows are written only through platform/audit.ts recordAudit, in the changing module's transaction)
import { sql } from 'drizzle-orm';
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
  // The audit page filters case-insensitively and pages newest first: each filter has an index in that
  // order. The trigram indexes of the free-text searches (details, user name) live in migration 0007 (it needs pg_trgm).
  (t) => [
    index('audit_log_aggregate_idx').on(t.aggregateType, t.aggregateId),
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_aggregate_id_created_idx').on(t.aggregateId, t.createdAt.desc()),
    index('audit_log_type_created_idx').on(sql`lower(${t.aggregateType})`, t.createdAt.desc(), t.id.desc()),
    index('audit_log_operation_created_idx').on(sql`lower(${t.domainOperation})`, t.createdAt.desc(), t.id.desc()),
  ],
);
