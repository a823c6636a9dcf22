// Creates the database handle: embedded PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// Applies the generated migrations with the migrator of the driver in use.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.js';
import type { PGliteThread } from './pglite-thread.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
declare const rootDatabase: unique symbol;
/**
 * The database itself, never a transaction's handle (which is a Db too, structurally). What sends text on the
 * database's own client (db/statement.ts runStatement, the chat path's write lane) asks for this type, so a
 * transaction cannot be handed to it and silently escaped.
 */
export type RootDb = Db & { readonly [rootDatabase]: true };

export interface DatabaseHandle {
  db: RootDb;
  kind: 'pglite' | 'postgres';
  /** whether the pgvector extension can be used */
  vectorAvailable: boolean;
  /** whether title search has its trigram index (pg_trgm); set by migrateDatabase */
  titleSearchIndexed: boolean;
  close(): Promise<void>;
  /** PostgreSQL: applies the migrations while holding an advisory lock */
  migrateExclusively?: () => Promise<void>;
  /**
   * How engines that bring their own SQL reach this database (the jobs engine, platform/jobs.ts): PGlite's
   * thread, whose single connection they share with the app, or PostgreSQL's address, for a pool of their own.
   */
  connection: { kind: 'pglite'; thread: PGliteThread } | { kind: 'postgres'; url: string };
  /** PostgreSQL: the pool's connections now (the metrics); PGlite has one connection and no pool */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

export const migrationsFolder = (() => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/db (tests, tsx) or dist/db (built): migrations stay in src/db/migrations
  const candidates = [path.join(here, 'migrations'), path.resolve(here, '../../src/db/migrations')];
  return candidates.find((c) => fs.existsSync(path.join(c, 'meta', '_journal.json'))) ?? candidates[0]!;
})();

export interface OpenOptions {
  /** postgres:// URL; when null, PGlite */
  databaseUrl: string | null;
  /** PGlite data directory; 'memory://' for an in-memory database */
  pgliteDir: string;
  /** PGlite's page cache in megabytes (DATABASE_CACHE_MB); pglite-open.ts's when absent */
  pgliteCacheMb?: number | undefined;
  migrate?: boolean;
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  const handle = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options.pgliteDir, options.pgliteCacheMb);
  if (options.migrate !== false) await migrateDatabase(handle);
  return handle;
}

async function openPglite(dir: string, cacheMb: number | undefined): Promise<DatabaseHandle> {
  const { PGliteThread } = await import('./pglite-thread.js');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (!dir.startsWith('memory://')) fs.mkdirSync(path.dirname(dir), { recursive: true });
  // PGlite with pgvector and pg_trgm (the trigram index of title search, migration 0002), on a thread of
  // its own so that no statement holds the answer streams of the server's thread
  const client = await PGliteThread.create(dir, { cacheMb });
  const db = drizzle(client as never, { schema }) as unknown as RootDb;
  return {
    db,
    kind: 'pglite',
    vectorAvailable: true,
    titleSearchIndexed: false,
    close: () => client.close(),
    connection: { kind: 'pglite', thread: client },
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.default.Pool({ connectionString: url, max: 10 });
  // An idle connection the server ends (restart, failover, pg_terminate_backend) is reported as a pool
  // 'error' event; unhandled, it would crash the process. The pool drops that client and the next
  // query opens a new one, so there is nothing else to do here.
  pool.on('error', () => undefined);
  const { rows } = await pool.query<{ available: boolean }>("select exists(select 1 from pg_available_extensions where name = 'vector') as available");
  const db = drizzle(pool, { schema }) as unknown as RootDb;
  return {
    db,
    kind: 'postgres',
    vectorAvailable: rows[0]?.available ?? false,
    titleSearchIndexed: false,
    close: () => pool.end(),
    connection: { kind: 'postgres', url },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    // Several server processes may start together against one database: a session advisory lock
    // on one connection makes them apply the migrations one after the other (the later ones find
    // nothing left to do) instead of racing to create the same tables.
    migrateExclusively: async () => {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MigrationLockKey]);
        await migrate(drizzle(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MigrationLockKey]).catch(() => undefined);
        client.release();
      }
    },
  };
}

/** Advisory lock key of migrations (an arbitrary constant, distinct from the seed's). */
const MigrationLockKey = 727_274_001;

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(handle.db as never, { migrationsFolder });
  } else if (handle.migrateExclusively) {
    await handle.migrateExclusively();
  } else {
    throw new Error('A PostgreSQL handle must be opened by openDatabase');
  }
  // migration 0002 skips the index where pg_trgm cannot be created (some PostgreSQL servers)
  const result = (await handle.db.execute(
    sql`select exists(select 1 from pg_indexes where indexname = 'conversations_title_trgm_idx') as indexed`,
  )) as unknown as {
    rows: { indexed: boolean }[];
  };
  handle.titleSearchIndexed = result.rows[0]?.indexed ?? false;
}
