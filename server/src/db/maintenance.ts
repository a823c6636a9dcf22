// Planner statistics for the embedded database. PostgreSQL's autovacuum keeps them fresh; PGlite runs
// no background workers, so without this its tables never get statistics and the planner guesses:
// at 100k conversations the first list page took 231 ms instead of 0.2 ms on a bitmap scan + sort.
//
// PGlite runs one statement at a time (on a thread of its own, db/pglite-thread.ts), so ANALYZE holds
// every other statement while it runs: one ANALYZE of the whole database took 170-200 ms (measured when
// PGlite still ran on the server's thread, where it also held every open stream). It therefore goes a
// table at a time, and waits for a moment without chat turns in flight (at most MaxQuietWaitMs, then it
// runs anyway so statistics never go stale for long).
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from './client.js';

export const AnalyzeIntervalMs = 15 * 60 * 1000;
const FirstAnalyzeDelayMs = 10_000;
/** how often a postponed analysis looks again for a quiet moment */
const QuietCheckMs = 1000;
export const MaxQuietWaitMs = 5 * 60 * 1000;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Refreshes the statistics of every table of the application's schema, one table at a time (until `stopped`). */
export async function analyzeDatabase(handle: DatabaseHandle, stopped: () => boolean = () => false): Promise<void> {
  const result = (await handle.db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`)) as unknown as {
    rows: { tablename: string }[];
  };
  for (const { tablename } of result.rows) {
    if (stopped()) return;
    await handle.db.execute(sql`analyze ${sql.identifier('public')}.${sql.identifier(tablename)}`);
    await yieldToEventLoop();
  }
}

export interface MaintenanceOptions {
  intervalMs?: number;
  /** whether the server is busy now (chat turns in flight): the analysis waits for a quiet moment */
  busy?: () => boolean;
  maxQuietWaitMs?: number;
}

/** Schedules ANALYZE on PGlite (soon after start, then periodically); returns a stop function. */
export function startDatabaseMaintenance(handle: DatabaseHandle, logger: FastifyBaseLogger, options: MaintenanceOptions = {}): () => void {
  if (handle.kind !== 'pglite') return () => undefined;
  const { intervalMs = AnalyzeIntervalMs, busy = () => false, maxQuietWaitMs = MaxQuietWaitMs } = options;
  let running = false;
  let stopped = false;
  let quietTimer: NodeJS.Timeout | null = null;
  const analyze = async () => {
    running = true;
    const started = performance.now();
    try {
      await analyzeDatabase(handle, () => stopped);
      logger.debug({ ms: Math.round(performance.now() - started) }, 'database statistics refreshed');
    } catch (err) {
      logger.warn({ err }, 'could not refresh database statistics');
    } finally {
      running = false;
    }
  };
  const run = (due = Date.now()) => {
    if (running || stopped || quietTimer) return;
    if (busy() && Date.now() - due < maxQuietWaitMs) {
      quietTimer = setTimeout(
        () => {
          quietTimer = null;
          run(due);
        },
        Math.min(QuietCheckMs, intervalMs),
      );
      quietTimer.unref();
      return;
    }
    void analyze();
  };
  const first = setTimeout(() => run(), Math.min(FirstAnalyzeDelayMs, intervalMs));
  const every = setInterval(() => run(), intervalMs);
  first.unref();
  every.unref();
  return () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(every);
    if (quietTimer) clearTimeout(quietTimer);
  };
}
