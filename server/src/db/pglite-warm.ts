// Warming the embedded database's page cache after a start. PGlite reads a page from outside its cache at about
// 10 µs (PostgreSQL 1-2 µs from the file system's cache), and a question to a library of 100,000 chunks reads
// 1,500-2,000 pages at random: the first questions after a restart took twice as long as the same ones later
// (hybrid p95 72.6 against 37.6 ms, bench/README.md, "Knowledge"). PostgreSQL's pg_prewarm is not among PGlite's
// extensions; pageinspect is, and its get_raw_page reads a page through the page cache (and keeps it there, as
// any read does) before copying it out. A start whose cache was sized for file libraries (pglite-open.ts) reads
// their search structures in, most used first, in short statements that queue with the server's own.
import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

export const CacheWarming = {
  /** caches larger than this (the embedded database's default, 8 MB) are warmed */
  aboveMb: 8,
  /** pages one statement reads (8 MB): other statements wait at most for one of these, about 10-20 ms */
  batchPages: 1024,
  /** the share of the page cache warming may fill: the rest stays for what the server reads on its own */
  shareOfCache: 0.9,
};

/** Whether a start with a page cache of `cacheMb` warms it (and so loads pageinspect). */
export const warmsCache = (cacheMb: number | undefined): cacheMb is number => cacheMb !== undefined && cacheMb > CacheWarming.aboveMb;

/** One relation to read in: its name as get_raw_page takes it, and its pages. */
interface WarmedRelation {
  name: string;
  pages: number;
}

/**
 * The file libraries' relations in the order they are read in, by how much of each a question reads: the vector
 * index (HNSW: every vector question walks it, 600-1,100 pages at 100,000 chunks), the text index (GIN), the other
 * indexes (ids, the TOAST index), then the chunks' rows and their tsvectors out of line (TOAST: each chunk a full-text
 * question ranks, 150 to 5,000 of them, reads both), and last the vectors' rows (40 a question). Each whole, until the
 * budget is spent: at 100,000 chunks (499 MB, a cache of 376 MB) all but the vectors' rows.
 */
async function relationsToWarm(db: Db): Promise<WarmedRelation[]> {
  const result = (await db.execute(sql`
    with tables as (
      select c.oid, c.reltoastrelid, t.ord from (values ('library_chunks', 0), ('library_chunk_vectors', 1)) t(name, ord)
      join pg_class c on c.oid = to_regclass(t.name)
    ), relations as (
      select i.indexrelid as oid, case a.amname when 'hnsw' then 0 when 'gin' then 1 else 2 end as tier, t.ord
      from tables t join pg_index i on i.indrelid = t.oid join pg_class ic on ic.oid = i.indexrelid join pg_am a on a.oid = ic.relam
      union all
      select i.indexrelid, 2, t.ord from tables t join pg_index i on i.indrelid = t.reltoastrelid where t.reltoastrelid <> 0
      union all
      select t.oid, 3 + 2 * t.ord, t.ord from tables t
      union all
      select t.reltoastrelid, 4 + 2 * t.ord, t.ord from tables t where t.reltoastrelid <> 0
    )
    select r.oid::regclass::text as name, (pg_relation_size(r.oid) / current_setting('block_size')::int)::int as pages
    from relations r order by r.tier, r.ord, r.oid`)) as unknown as { rows: { name: string; pages: number }[] };
  return result.rows.map((r) => ({ name: r.name, pages: Number(r.pages) })).filter((r) => r.pages > 0);
}

export interface WarmingResult {
  /** pages read in */
  pages: number;
  /** the relations read, whole or in part */
  relations: number;
  ms: number;
}

/**
 * Reads the file libraries' pages into a page cache of `cacheMb` megabytes, up to `CacheWarming.shareOfCache` of it;
 * stops early when `stopped()` says so (the server is shutting down). pageinspect is created for the reading and
 * dropped after it (nothing of it stays in the schema). Null when there is nothing to warm.
 */
export async function warmPageCache(db: Db, cacheMb: number, stopped: () => boolean = () => false): Promise<WarmingResult | null> {
  const started = performance.now();
  const relations = await relationsToWarm(db);
  let budget = Math.floor((cacheMb * 2 ** 20 * CacheWarming.shareOfCache) / 8192);
  if (relations.length === 0 || budget <= 0) return null;
  await db.execute(sql`create extension if not exists pageinspect`);
  let pages = 0;
  let read = 0;
  try {
    for (const relation of relations) {
      if (budget <= 0 || stopped()) break;
      const last = Math.min(relation.pages, budget) - 1;
      read += 1;
      for (let from = 0; from <= last && !stopped(); from += CacheWarming.batchPages) {
        const to = Math.min(last, from + CacheWarming.batchPages - 1);
        // a page the relation no longer has (it shrank since it was measured: a VACUUM truncated it) ends the relation
        const result = (await db.execute(sql`
          select count(get_raw_page(${relation.name}::text, b))::int as n
          from generate_series(${from}::bigint, least(${to}::bigint, pg_relation_size(${relation.name}::regclass) / current_setting('block_size')::int - 1)) b`)) as unknown as {
          rows: { n: number }[];
        };
        const n = Number(result.rows[0]?.n ?? 0);
        pages += n;
        budget -= n;
        if (n < to - from + 1) break;
      }
    }
  } finally {
    await db.execute(sql`drop extension if exists pageinspect`);
  }
  return { pages, relations: read, ms: Math.round(performance.now() - started) };
}
