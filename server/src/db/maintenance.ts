// Planner statistics for the embedded database. PostgreSQL's autovacuum keeps them fresh; PGlite runs
// no background workers, so without this its tables never get statistics and the planner guesses:
// at 100k conversations the first list page took 231 ms instead of 0.2 ms on a bitmap scan + sort.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from './client.js';

export const AnalyzeIntervalMs = 15 * 60 * 1000;
const FirstAnalyzeDelayMs = 10_000;

/** Refreshes the statistics of every table now. */
export async function analyzeDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(sql`analyze`);
}

/** Schedules ANALYZE on PGlite (soon after start, then periodically); returns a stop function. */
export function startDatabaseMaintenance(handle: DatabaseHandle, logger: FastifyBaseLogger, intervalMs = AnalyzeIntervalMs): () => void {
  if (handle.kind !== 'pglite') return () => undefined;
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    const started = performance.now();
    try {
      await analyzeDatabase(handle);
      logger.debug({ ms: Math.round(performance.now() - started) }, 'database statistics refreshed');
    } catch (err) {
      logger.warn({ err }, 'could not refresh database statistics');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void run(), Math.min(FirstAnalyzeDelayMs, intervalMs));
  const every = setInterval(() => void run(), intervalMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
