// The embedded database's memory settings (pglite-open.ts, pglite-thread.ts) are applied where the server opens
// it, on a thread of its own, and a new file-backed database is created in a process of its own and then opened
// with them. The values are written out here so that changing them is a decision, not an accident; the figures
// behind them are in bench/README.md ("Memory of the embedded server").
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PGliteThread } from './pglite-thread.js';
import { AutoCache, autoCacheMb } from './pglite-open.js';

const expected = { shared_buffers: '8MB', wal_buffers: '1MB', work_mem: '4MB', maintenance_work_mem: '16MB', temp_buffers: '1MB' };
const settingsOf = async (db: PGliteThread) => {
  const shown: Record<string, string> = {};
  for (const name of Object.keys(expected)) shown[name] = (await db.query<Record<string, string>>(`show ${name}`)).rows[0]![name]!;
  return shown;
};

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the embedded database on a small machine', () => {
  it('runs PostgreSQL with its memory settings, on a thread with a small young generation', async () => {
    const db = await PGliteThread.create('memory://');
    try {
      expect(await settingsOf(db)).toEqual(expected);
      expect(db.cache).toEqual({ cacheMb: 8, libraryMb: 0 });
      expect(db.resourceLimits.maxYoungGenerationSizeMb).toBe(4);
    } finally {
      await db.close();
    }
  }, 60_000);

  it('takes a larger page cache when one is configured (DATABASE_CACHE_MB), the other settings as they are', async () => {
    const db = await PGliteThread.create('memory://', { cacheMb: 64 });
    try {
      expect(await settingsOf(db)).toEqual({ ...expected, shared_buffers: '64MB' });
      expect(db.cache).toEqual({ cacheMb: 64, libraryMb: null });
    } finally {
      await db.close();
    }
  }, 60_000);

  it('creates a new data directory in a process of its own, then opens it with the same settings', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-pglite-open-'));
    dirs.push(dir);
    const dataDir = path.join(dir, 'db');
    const db = await PGliteThread.create(dataDir);
    try {
      expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
      expect(await settingsOf(db)).toEqual(expected);
      await db.exec('create table kept (id int primary key)');
    } finally {
      await db.close();
    }
    // opened again: the database it created, not a new one
    const again = await PGliteThread.create(dataDir);
    try {
      expect((await again.query<{ n: number }>("select count(*)::int as n from pg_tables where tablename = 'kept'")).rows[0]!.n).toBe(1);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('says why when the data directory cannot be created', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-pglite-open-'));
    dirs.push(dir);
    // a file where the data directory's parent should be
    fs.writeFileSync(path.join(dir, 'file'), '');
    await expect(PGliteThread.create(path.join(dir, 'file', 'db'))).rejects.toThrow(/Creating the embedded database in .* failed \(exit code 1\)/);
  }, 60_000);

  it('sizes the page cache to the file libraries when none is configured: three quarters of them in steps of 8 MB, from 8 to 512 MB', () => {
    const mb = 2 ** 20;
    expect(autoCacheMb(0)).toBe(8);
    expect(autoCacheMb(10 * mb)).toBe(8);
    expect(autoCacheMb(11 * mb)).toBe(16);
    expect(autoCacheMb(480 * mb)).toBe(360);
    expect(autoCacheMb(5_000 * mb)).toBe(AutoCache.maxMb);
    expect(AutoCache.maxMb).toBe(512);
  });

  it('opens a database whose libraries have grown with a larger page cache, unless one is configured', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-pglite-open-'));
    dirs.push(dir);
    const dataDir = path.join(dir, 'db');
    const db = await PGliteThread.create(dataDir);
    try {
      expect(db.cache).toEqual({ cacheMb: 8, libraryMb: 0 });
      // about 12 MB of chunks that do not compress (the cache is sized by what the table takes on disk)
      await db.exec(`create table library_chunks (id int primary key, text text);
        alter table library_chunks alter column text set storage external;
        insert into library_chunks select g, (select string_agg(md5(random()::text || g || i), '') from generate_series(1, 40) i)
        from generate_series(1, 9000) g;`);
    } finally {
      await db.close();
    }
    const sized = await PGliteThread.create(dataDir);
    try {
      expect(sized.cache.libraryMb).toBeGreaterThanOrEqual(11);
      expect(sized.cache.libraryMb).toBeLessThanOrEqual(21);
      expect(sized.cache.cacheMb).toBe(16);
      expect(await settingsOf(sized)).toEqual({ ...expected, shared_buffers: '16MB' });
      // the same database, opened again: its rows are there
      expect((await sized.query<{ n: number }>('select count(*)::int as n from library_chunks')).rows[0]!.n).toBe(9000);
    } finally {
      await sized.close();
    }
    const configured = await PGliteThread.create(dataDir, { cacheMb: 8 });
    try {
      expect(configured.cache).toEqual({ cacheMb: 8, libraryMb: null });
      expect(await settingsOf(configured)).toEqual(expected);
    } finally {
      await configured.close();
    }
  }, 180_000);
});
