// How the embedded database opens: PGlite with pgvector and pg_trgm (the trigram index of title search,
// migration 0002), and PostgreSQL settings sized for one person up to a department on a small machine.
// PGlite is PostgreSQL compiled to WebAssembly: everything PostgreSQL allocates (its shared memory, each
// statement's work memory, caches) lives in the module's linear memory, which grows and never shrinks, and
// its shared memory is written in full when it starts, so every megabyte of it is resident from the start.
// The stock settings (shared_buffers 128MB, wal_buffers 4MB, maintenance_work_mem 64MB) are a server's; the
// figures behind these are in bench/README.md ("Memory of the embedded server").
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pageinspect } from '@electric-sql/pglite/contrib/pageinspect';
import { warmsCache } from './pglite-warm.js';

/** PostgreSQL settings of the embedded database, passed as start-up options (`-c name=value`). */
export const EmbeddedDatabaseSettings = {
  /** the page cache inside the WebAssembly memory; pages beyond it come from the operating system's file cache */
  shared_buffers: '8MB',
  /** WAL written between flushes; the automatic size would be 1/32 of shared_buffers (256kB) */
  wal_buffers: '1MB',
  /** per sort or hash of a statement before it spills to a temporary file (PostgreSQL's default) */
  work_mem: '4MB',
  /** index builds of migrations; beyond it they sort on disk instead of growing the memory for good */
  maintenance_work_mem: '16MB',
  /** temporary tables only, which Atrium does not use */
  temp_buffers: '1MB',
} as const satisfies Record<string, string>;

/**
 * How V8 compiles PostgreSQL's WebAssembly: with its baseline compiler (Liftoff) only, function by function as
 * they are first called, never again with its optimising one (TurboFan). Optimising left 15-35 MB more resident
 * (compiled code and the compilers' memory, which the allocator keeps) for bulk writes and scans 15-40% faster;
 * the CPU of a chat turn did not go up without it. V8's flags are the process's: other WebAssembly in it (pdf.js's
 * decoders in the reading threads) is compiled the same way.
 */
export const WasmCompilerFlags = ['--no-wasm-dynamic-tiering', '--no-wasm-tier-up'] as const;

/** What a start may change of the settings: the page cache (DATABASE_CACHE_MB), in megabytes. */
export interface EmbeddedDatabaseOptions {
  cacheMb?: number | undefined;
}

/**
 * The page cache a start takes when DATABASE_CACHE_MB is not set: three quarters of what the file libraries' chunks
 * take on disk (their rows, text index, vectors and vector index), in steps of 8 MB, from 8 MB (the setting above)
 * to 512 MB. Searching a library reads its pages at random, and PGlite reads a page from outside its cache through
 * the file system at about 10 µs (PostgreSQL 1-2 µs): at 100,000 chunks (about 480 MB) a question read 1,500-2,000
 * of them with 8 MB, and hybrid retrieval's p95 went from 46 to 32 ms with 256 MB (bench/README.md, "Knowledge").
 * A database without file libraries (a first start, conversations alone) keeps 8 MB and its memory budget.
 */
export const AutoCache = { shareOfLibraries: 0.75, stepMb: 8, minMb: 8, maxMb: 512 } as const;

export function autoCacheMb(libraryBytes: number): number {
  const mb = Math.ceil((libraryBytes * AutoCache.shareOfLibraries) / 2 ** 20 / AutoCache.stepMb) * AutoCache.stepMb;
  return Math.min(AutoCache.maxMb, Math.max(AutoCache.minMb, mb));
}

/** What the file libraries' chunks take on disk, in bytes (0 before the migrations made their table). */
async function libraryBytes(pg: PGlite): Promise<number> {
  const result = await pg.query<{ bytes: string | number }>(
    `select (coalesce(pg_total_relation_size(to_regclass('library_chunks')), 0)
      + coalesce(pg_total_relation_size(to_regclass('library_chunk_vectors')), 0))::bigint::text as bytes`,
  );
  return Number(result.rows[0]?.bytes ?? 0);
}

/** How a start sized the page cache: the megabytes it took, and the libraries' size when it chose them itself. */
export interface CacheChoice {
  cacheMb: number;
  /** null: DATABASE_CACHE_MB gave it */
  libraryMb: number | null;
}

/**
 * Opens the database with the page cache given, or, without one, sized to its file libraries (autoCacheMb): opened
 * with the default, measured, and opened again with the larger cache when it wants one (a second start of about a
 * second, only where libraries hold more than about 16 MB).
 */
export async function openSizedDatabase(dataDir: string, options: EmbeddedDatabaseOptions = {}): Promise<{ pg: PGlite; cache: CacheChoice }> {
  if (options.cacheMb !== undefined) return { pg: await openEmbeddedDatabase(dataDir, options), cache: { cacheMb: options.cacheMb, libraryMb: null } };
  const pg = await openEmbeddedDatabase(dataDir);
  const bytes = await libraryBytes(pg);
  const cacheMb = autoCacheMb(bytes);
  const cache = { cacheMb, libraryMb: Math.round(bytes / 2 ** 20) };
  if (cacheMb <= AutoCache.minMb) return { pg, cache };
  await pg.close();
  return { pg: await openEmbeddedDatabase(dataDir, { cacheMb }), cache };
}

/** Opens (creating it on the first start) the embedded database in `dataDir`; 'memory://' for one in memory. */
export function openEmbeddedDatabase(dataDir: string, options: EmbeddedDatabaseOptions = {}) {
  // before PGlite compiles its module
  for (const flag of WasmCompilerFlags) v8.setFlagsFromString(flag);
  const cache = options.cacheMb === undefined ? {} : { shared_buffers: `${options.cacheMb}MB` };
  const settings = Object.entries({ ...EmbeddedDatabaseSettings, ...cache }).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  // a cache larger than the default is warmed after the start (pglite-warm.ts), through pageinspect
  const warmed = warmsCache(options.cacheMb);
  return PGlite.create(dataDir, {
    extensions: { vector, pg_trgm, ...(warmed ? { pageinspect } : {}) },
    startParams: [...PGlite.defaultStartParams, ...settings],
  });
}
