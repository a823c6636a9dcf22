// Queries of the moderation module's table. The list is newest first, keyset-paged over (created_at, id).
import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { moderationReports, type ModerationReportRow } from '../../db/schema/index.js';
import type { DbOrTx } from '../../platform/audit.js';

/** created_at with its full microsecond precision, so that keyset paging never skips or repeats a row */
const createdAtKey = sql<string>`to_char(${moderationReports.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export type ReportRow = ModerationReportRow & { createdAtKey: string };
export type NewReport = typeof moderationReports.$inferInsert;

export interface ReportFilter {
  status: string | null;
  gptSystemId: string | null;
  from: string | null;
  to: string | null;
}

export interface ReportPageAfter {
  createdAt: string;
  id: string;
}

const columns = { ...getTableColumns(moderationReports), createdAtKey };

export async function listReports(db: Db, filter: ReportFilter, after: ReportPageAfter | null, limit: number): Promise<ReportRow[]> {
  const r = moderationReports;
  return db
    .select(columns)
    .from(r)
    .where(
      and(
        filter.status ? eq(r.status, filter.status) : undefined,
        filter.gptSystemId ? eq(r.gptSystemId, filter.gptSystemId) : undefined,
        filter.from ? sql`${r.createdAt} >= ${filter.from}::timestamptz` : undefined,
        filter.to ? sql`${r.createdAt} <= ${filter.to}::timestamptz` : undefined,
        after ? sql`(${r.createdAt}, ${r.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(r.createdAt), desc(r.id))
    .limit(limit);
}

export async function findReport(db: DbOrTx, id: string, options: { forUpdate?: boolean } = {}): Promise<ReportRow | null> {
  const query = db.select(columns).from(moderationReports).where(eq(moderationReports.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** The new report, or null when this person already has an open report of this segment. */
export async function insertReport(db: DbOrTx, values: NewReport): Promise<ReportRow | null> {
  const [row] = await db.insert(moderationReports).values(values).onConflictDoNothing().returning(columns);
  return row ?? null;
}

export async function updateReport(db: DbOrTx, id: string, values: Partial<NewReport>): Promise<ReportRow | null> {
  const [row] = await db
    .update(moderationReports)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(moderationReports.id, id))
    .returning(columns);
  return row ?? null;
}

export async function deleteReport(db: DbOrTx, id: string): Promise<void> {
  await db.delete(moderationReports).where(eq(moderationReports.id, id));
}

export async function countOpen(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(moderationReports).where(eq(moderationReports.status, 'Open'));
  return row?.n ?? 0;
}

export async function reportedAgentIds(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ id: moderationReports.gptSystemId }).from(moderationReports);
  return rows.map((r) => r.id);
}
