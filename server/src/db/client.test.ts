import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { testDbKind } from '../test/harness.js';
import { migrateDatabase, openDatabase } from './client.js';

describe.runIf(testDbKind() === 'postgres')('migrations on a shared PostgreSQL', () => {
  it('several processes starting together apply them once, without racing', async () => {
    const pg = await import('pg');
    const base = process.env.TEST_DATABASE_URL!;
    const name = `atrium_migrate_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const admin = new pg.default.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const handles = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString(), pgliteDir: '', migrate: false })));
    try {
      await Promise.all(handles.map((h) => migrateDatabase(h)));
      const applied = (await handles[0]!.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number }[] };
      const journal = await import('./migrations/meta/_journal.json', { with: { type: 'json' } });
      expect(applied.rows[0]!.n).toBe(journal.default.entries.length);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });

  it('survives the server ending idle connections (restart, failover) and reconnects', async () => {
    const pg = await import('pg');
    const base = process.env.TEST_DATABASE_URL!;
    const name = `atrium_idle_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const admin = new pg.default.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: url.toString(), pgliteDir: '', migrate: false });
    try {
      await handle.db.execute(sql`select 1`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
      await new Promise((r) => setTimeout(r, 200));
      const again = (await handle.db.execute(sql`select 2 as n`)) as unknown as { rows: { n: number }[] };
      expect(again.rows[0]!.n).toBe(2);
    } finally {
      await handle.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
