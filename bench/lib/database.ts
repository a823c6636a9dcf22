// A fresh PostgreSQL database for one benchmark run, made beside the one DATABASE_URL names and dropped
// afterwards: a database left by an earlier run keeps that run's connection (its fake upstream's port
// and its instance's encryption key), which a new run can neither reach nor decrypt.
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export interface BenchDatabase {
  /** DATABASE_URL for the server; undefined for PGlite */
  url: string | undefined;
  drop(): Promise<void>;
}

export async function benchDatabase(base: string | undefined): Promise<BenchDatabase> {
  if (!base) return { url: undefined, drop: async () => undefined };
  const name = `atrium_bench_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Runs `fn` on a database of its own on the PostgreSQL server of `url`, dropped afterwards. */
export async function withScratchDatabase<T>(url: string, fn: (url: string) => Promise<T>): Promise<T> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
    try {
      return await fn(url);
    } finally {
      await client.query(`drop database if exists ${name} with (force)`);
    }
  } finally {
    await client.end();
  }
}
