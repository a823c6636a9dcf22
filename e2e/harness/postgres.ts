// A database of its own for a test that starts server processes on PostgreSQL: made beside the one `base` names
// (TEST_DATABASE_URL), dropped afterwards with whatever connections are still open to it.
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  /** DATABASE_URL for the servers */
  url: string;
  drop(): Promise<void>;
}

async function onServer(base: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function scratchDatabase(base: string, prefix: string): Promise<ScratchDatabase> {
  const name = `atrium_${prefix}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await onServer(base, `create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(base, `drop database if exists ${name} with (force)`) };
}
