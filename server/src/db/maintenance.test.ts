import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { openTestDatabase, testDbKind } from '../test/harness.js';
import type { DatabaseHandle } from './client.js';
import { analyzeDatabase, startDatabaseMaintenance } from './maintenance.js';
import { users } from './schema/index.js';

const estimatedUsers = async (h: DatabaseHandle) => {
  const result = (await h.db.execute(sql`select reltuples::int as n from pg_class where relname = 'users'`)) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
};

describe('database statistics', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
    await handle.db.insert(users).values(Array.from({ length: 300 }, (_, i) => ({ email: `p${i}@example.test`, displayName: `P ${i}` })));
  });
  afterAll(() => handle.close());

  it('analyze gives the planner row estimates', async () => {
    await analyzeDatabase(handle);
    expect(await estimatedUsers(handle)).toBe(300);
  });

  it.runIf(testDbKind() === 'pglite')('PGlite, which has no autovacuum, is analyzed on a schedule', async () => {
    await handle.db.insert(users).values(Array.from({ length: 200 }, (_, i) => ({ email: `q${i}@example.test`, displayName: `Q ${i}` })));
    const stop = startDatabaseMaintenance(handle, pino({ level: 'silent' }), { intervalMs: 50 });
    try {
      await expect.poll(() => estimatedUsers(handle), { timeout: 5000, interval: 50 }).toBe(500);
    } finally {
      stop();
    }
  });

  it.runIf(testDbKind() === 'pglite')('waits for a moment without chat turns in flight, but not longer than its limit', async () => {
    await handle.db.insert(users).values(Array.from({ length: 100 }, (_, i) => ({ email: `r${i}@example.test`, displayName: `R ${i}` })));
    let busy = true;
    const stop = startDatabaseMaintenance(handle, pino({ level: 'silent' }), { intervalMs: 50, busy: () => busy, maxQuietWaitMs: 60_000 });
    try {
      await new Promise((r) => setTimeout(r, 400));
      expect(await estimatedUsers(handle)).toBe(500);
      busy = false;
      await expect.poll(() => estimatedUsers(handle), { timeout: 5000, interval: 50 }).toBe(600);
    } finally {
      stop();
    }

    await handle.db.insert(users).values(Array.from({ length: 50 }, (_, i) => ({ email: `s${i}@example.test`, displayName: `S ${i}` })));
    const always = startDatabaseMaintenance(handle, pino({ level: 'silent' }), { intervalMs: 50, busy: () => true, maxQuietWaitMs: 200 });
    try {
      await expect.poll(() => estimatedUsers(handle), { timeout: 5000, interval: 50 }).toBe(650);
    } finally {
      always();
    }
  });
});
