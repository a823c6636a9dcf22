// Queries of the configuration audit log (read side; platform/audit.ts writes it). Newest first,
// keyset-paged over (created_at, id) along audit_log_created_idx.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

/** created_at with its full microsecond precision, so that keyset paging never skips or repeats a row */
const createdAtKey = sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export type AuditRow = typeof auditLog.$inferSelect & { createdAtKey: string };

export interface AuditFilter {
  type: string | null;
  aggregateRootId: string | null;
  userName: string | null;
  domainOperation: string | null;
  details: string | null;
  from: string | null;
  to: string | null;
}

export interface AuditPageAfter {
  createdAt: string;
  id: string;
}

const like = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listChanges(db: Db, filter: AuditFilter, after: AuditPageAfter | null, limit: number): Promise<AuditRow[]> {
  const where = and(
    filter.type ? sql`lower(${auditLog.aggregateType}) = ${filter.type.toLowerCase()}` : undefined,
    filter.aggregateRootId ? eq(auditLog.aggregateId, filter.aggregateRootId) : undefined,
    filter.userName ? sql`lower(${auditLog.userName}) like ${like(filter.userName)}` : undefined,
    filter.domainOperation ? sql`lower(${auditLog.domainOperation}) = ${filter.domainOperation.toLowerCase()}` : undefined,
    filter.details ? sql`lower(${auditLog.details}::text) like ${like(filter.details)}` : undefined,
    filter.from ? sql`${auditLog.createdAt} >= ${filter.from}::timestamptz` : undefined,
    filter.to ? sql`${auditLog.createdAt} <= ${filter.to}::timestamptz` : undefined,
    after ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : undefined,
  );
  return db
    .select({
      id: auditLog.id,
      aggregateType: auditLog.aggregateType,
      aggregateId: auditLog.aggregateId,
      domainOperation: auditLog.domainOperation,
      userId: auditLog.userId,
      userName: auditLog.userName,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
      createdAtKey,
    })
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

/** The latest recorded details of an aggregate (for its name when no module resolves it). */
export async function latestDetails(db: Db, type: string, aggregateId: string, limit = 20): Promise<Array<AuditRow['details']>> {
  const rows = await db
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(and(sql`lower(${auditLog.aggregateType}) = ${type.toLowerCase()}`, eq(auditLog.aggregateId, aggregateId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  return rows.map((r) => r.details);
}

export async function facets(db: Db): Promise<{ types: string[]; domainOperations: string[] }> {
  const [types, operations] = await Promise.all([
    db.selectDistinct({ v: auditLog.aggregateType }).from(auditLog).orderBy(auditLog.aggregateType),
    db.selectDistinct({ v: auditLog.domainOperation }).from(auditLog).orderBy(auditLog.domainOperation),
  ]);
  return { types: types.map((r) => r.v), domainOperations: operations.map((r) => r.v) };
}

export async function countChanges(db: Db): Promise<{ total: number; last7Days: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      last7Days: sql<number>`count(*) filter (where ${auditLog.createdAt} > now() - interval '7 days')::int`,
    })
    .from(auditLog);
  return { total: row?.total ?? 0, last7Days: row?.last7Days ?? 0 };
}
