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

/** Opens (creating it on the first start) the embedded database in `dataDir`; 'memory://' for one in memory. */
export function openEmbeddedDatabase(dataDir: string, options: EmbeddedDatabaseOptions = {}) {
  // before PGlite compiles its module
  for (const flag of WasmCompilerFlags) v8.setFlagsFromString(flag);
  const cache = options.cacheMb === undefined ? {} : { shared_buffers: `${options.cacheMb}MB` };
  const settings = Object.entries({ ...EmbeddedDatabaseSettings, ...cache }).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  return PGlite.create(dataDir, { extensions: { vector, pg_trgm }, startParams: [...PGlite.defaultStartParams, ...settings] });
}
