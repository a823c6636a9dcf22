// Warming the embedded database's page cache after a start (pglite-warm.ts): a database whose file libraries hold
// pages on disk is opened again with a cold cache, warmed, and the pages a search reads are then found in the cache
// instead of read from the file system (PostgreSQL's own buffer counts say which).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { PGliteThread } from './pglite-thread.js';
import { CacheWarming, warmPageCache, warmsCache } from './pglite-warm.js';
import type { Db } from './client.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const asDb = (thread: PGliteThread) => drizzle(thread as never) as unknown as Db;

/** A data directory with a library_chunks table of about 6 MB: rows, out-of-line texts, a text index. */
async function filledDirectory(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-pglite-warm-'));
  dirs.push(dir);
  const dataDir = path.join(dir, 'db');
  const db = await PGliteThread.create(dataDir, { cacheMb: 16 });
  try {
    await db.exec(`create table library_chunks (id int primary key, text text, search tsvector);
      alter table library_chunks alter column text set storage external;
      insert into library_chunks select g, t, to_tsvector('simple', t)
      from (select g, (select string_agg(md5(random()::text || g || i), ' ') from generate_series(1, 30) i) || ' word' || (g % 50) as t
        from generate_series(1, 1000) g) s;
      create index library_chunks_search on library_chunks using gin (search);`);
  } finally {
    await db.close();
  }
  return dataDir;
}

/** Pages a search of the text index and the rows it finds read from outside the cache (PostgreSQL's "shared read"). */
async function pagesReadBySearch(thread: PGliteThread): Promise<{ read: number; hit: number }> {
  const result = await thread.query<{ 'QUERY PLAN': { Plan: Record<string, number> }[] }>(
    `explain (analyze, buffers, format json) select sum(length(text)) from library_chunks where search @@ 'word7'::tsquery`,
  );
  const plan = result.rows[0]!['QUERY PLAN'][0]!.Plan;
  return { read: plan['Shared Read Blocks']!, hit: plan['Shared Hit Blocks']! };
}

describe('warming the embedded database page cache', () => {
  it('warms only a cache larger than the default one', () => {
    expect(warmsCache(undefined)).toBe(false);
    expect(warmsCache(8)).toBe(false);
    expect(warmsCache(16)).toBe(true);
  });

  it('reads the file libraries pages in after a start, and leaves no extension behind', async () => {
    const dataDir = await filledDirectory();
    // opened again: a search reads its pages from the file system
    const cold = await PGliteThread.create(dataDir, { cacheMb: 16 });
    try {
      expect((await pagesReadBySearch(cold)).read).toBeGreaterThan(20);
    } finally {
      await cold.close();
    }
    const thread = await PGliteThread.create(dataDir, { cacheMb: 16 });
    try {
      const db = asDb(thread);
      const warmed = await warmPageCache(db, 16);
      const total = await thread.query<{ pages: number }>(
        `select sum(pg_relation_size(oid) / 8192)::int as pages from pg_class
         where oid in ('library_chunks'::regclass, 'library_chunks_pkey'::regclass, 'library_chunks_search'::regclass,
           (select reltoastrelid from pg_class where relname = 'library_chunks'),
           (select indexrelid from pg_index where indrelid = (select reltoastrelid from pg_class where relname = 'library_chunks')))`,
      );
      // every page of the table, its text index, primary key, TOAST table and TOAST index: they fit the budget
      expect(warmed).toMatchObject({ pages: total.rows[0]!.pages, relations: 5 });
      expect(warmed!.pages).toBeGreaterThan(300);
      const after = await pagesReadBySearch(thread);
      expect(after.read).toBe(0);
      expect(after.hit).toBeGreaterThan(20);
      expect((await thread.query<{ n: number }>(`select count(*)::int as n from pg_extension where extname = 'pageinspect'`)).rows[0]!.n).toBe(0);
    } finally {
      await thread.close();
    }
  }, 180_000);

  it('reads no more than its share of the cache, the indexes first', async () => {
    const dataDir = await filledDirectory();
    const thread = await PGliteThread.create(dataDir, { cacheMb: 16 });
    const share = CacheWarming.shareOfCache;
    try {
      // a budget of the text index's pages exactly: the index (GIN) comes before the rows
      const gin = (await thread.query<{ pages: number }>(`select (pg_relation_size('library_chunks_search') / 8192)::int as pages`)).rows[0]!.pages;
      CacheWarming.shareOfCache = (gin * 8192) / (16 * 2 ** 20);
      const warmed = await warmPageCache(asDb(thread), 16);
      expect(warmed).toMatchObject({ pages: gin, relations: 1 });
      const plan = (
        await thread.query<{ 'QUERY PLAN': { Plan: Record<string, unknown> & { Plans: Record<string, unknown>[] } }[] }>(
          `explain (analyze, buffers, format json) select id from library_chunks where search @@ 'word7'::tsquery`,
        )
      ).rows[0]!['QUERY PLAN'][0]!.Plan;
      // the index's pages come from the cache, the rows' from the file system
      expect(plan.Plans.find((p) => p['Node Type'] === 'Bitmap Index Scan')!['Shared Read Blocks']).toBe(0);
      expect(plan['Shared Read Blocks']).toBeGreaterThan(0);
    } finally {
      CacheWarming.shareOfCache = share;
      await thread.close();
    }
  }, 180_000);

  it('stops when told to, and warms nothing where there are no file libraries', async () => {
    const dataDir = await filledDirectory();
    const thread = await PGliteThread.create(dataDir, { cacheMb: 16 });
    try {
      expect(await warmPageCache(asDb(thread), 16, () => true)).toMatchObject({ pages: 0 });
      await thread.exec('drop table library_chunks');
      expect(await warmPageCache(asDb(thread), 16)).toBeNull();
    } finally {
      await thread.close();
    }
  }, 180_000);
});
