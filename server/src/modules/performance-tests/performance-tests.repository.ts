// Rows of performance test runs (docs/performance-tests.md). The runs' table is this module's; the conversations a
// run makes are written by the conversations module's turn code, with the run's id.
import { and, count, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { performanceTestRuns, type PerformanceTestRunRow } from '../../db/schema/index.js';

export type RunRow = PerformanceTestRunRow;
export type NewRun = typeof performanceTestRuns.$inferInsert;

/** PostgreSQL's unique_violation: the instance's one slot is taken. */
const isUniqueViolation = (e: unknown): boolean => {
  for (let x: unknown = e; x && typeof x === 'object'; x = (x as { cause?: unknown }).cause) {
    if ((x as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/** Inserts a Queued run holding the slot; null when another run holds it. */
export async function insertActiveRun(db: Db, values: Omit<NewRun, 'status' | 'active'>): Promise<RunRow | null> {
  try {
    const [row] = await db
      .insert(performanceTestRuns)
      .values({ ...values, status: 'Queued', active: true })
      .returning();
    return row!;
  } catch (e) {
    if (isUniqueViolation(e)) return null;
    throw e;
  }
}

export async function findRun(db: Db, id: string): Promise<RunRow | null> {
  const [row] = await db.select().from(performanceTestRuns).where(eq(performanceTestRuns.id, id));
  return row ?? null;
}

/** The run that holds the slot, if any. */
export async function findActiveRun(db: Db): Promise<RunRow | null> {
  const [row] = await db.select().from(performanceTestRuns).where(eq(performanceTestRuns.active, true));
  return row ?? null;
}

export interface RunPageAfter {
  createdAt: string;
  id: string;
}

/** Newest first, keyset-paged. */
export async function listRuns(db: Db, f: { gptSystemId?: string; after: RunPageAfter | null; limit: number }) {
  const t = performanceTestRuns;
  const where: SQL[] = [];
  if (f.gptSystemId) where.push(eq(t.gptSystemId, f.gptSystemId));
  if (f.after) where.push(sql`(${t.createdAt}, ${t.id}) < (${f.after.createdAt}::timestamptz, ${f.after.id}::uuid)`);
  return db
    .select({ row: t, cursor: sql<string>`${t.createdAt}::text` })
    .from(t)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(f.limit);
}

export async function countRuns(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(performanceTestRuns);
  return Number(row?.n ?? 0);
}

/** Queued → Running (only from Queued, so that a job that runs twice starts it once). */
export async function markRunning(db: Db, id: string, at: Date): Promise<RunRow | null> {
  const [row] = await db
    .update(performanceTestRuns)
    .set({ status: 'Running', startedAt: at })
    .where(and(eq(performanceTestRuns.id, id), eq(performanceTestRuns.status, 'Queued')))
    .returning();
  return row ?? null;
}

export async function saveResults(db: Db, id: string, results: unknown): Promise<void> {
  await db
    .update(performanceTestRuns)
    .set({ results })
    .where(and(eq(performanceTestRuns.id, id), eq(performanceTestRuns.status, 'Running')));
}

/** Ends a Queued or Running run and frees the slot; null when it had already ended. */
export async function finishRun(
  db: Db,
  id: string,
  end: { status: 'Completed' | 'Cancelled' | 'Failed'; results?: unknown; error?: string | null; at: Date },
): Promise<RunRow | null> {
  const [row] = await db
    .update(performanceTestRuns)
    .set({
      status: end.status,
      active: null,
      completedAt: end.at,
      ...(end.results === undefined ? {} : { results: end.results }),
      ...(end.error === undefined ? {} : { error: end.error }),
    })
    .where(and(eq(performanceTestRuns.id, id), isNotNull(performanceTestRuns.active)))
    .returning();
  return row ?? null;
}

/** Asks a Queued or Running run to stop (the process running it reads this); null when it has already ended. */
export async function requestCancel(db: Db, id: string, at: Date): Promise<RunRow | null> {
  const [row] = await db
    .update(performanceTestRuns)
    .set({ cancelRequestedAt: sql`coalesce(${performanceTestRuns.cancelRequestedAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(performanceTestRuns.id, id), isNotNull(performanceTestRuns.active)))
    .returning();
  return row ?? null;
}

/** Whether the run was asked to stop, or has ended some other way (another process failed it). */
export async function stopAsked(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ cancel: performanceTestRuns.cancelRequestedAt, active: performanceTestRuns.active })
    .from(performanceTestRuns)
    .where(eq(performanceTestRuns.id, id));
  return !row || row.cancel !== null || row.active === null;
}
