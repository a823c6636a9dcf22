// What a test can compare of the whole database: a checksum of every table's rows (to prove that a refused
// request wrote nothing) and the keys its rows have (for requests that name existing things).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function tableNames(db: Db): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  return rows.map((r) => r.name);
}

/** Table name -> row count and a checksum of its rows (in any order), in one statement. */
export async function tableChecksums(db: Db, options: { except?: readonly string[] } = {}): Promise<Map<string, string>> {
  const names = (await tableNames(db)).filter((n) => !options.except?.includes(n));
  const parts = names.map(
    (n) =>
      // an order-free sum of row hashes: cheap enough to take around every request of a fuzzer
      `select '${n.replaceAll("'", "''")}' as name, count(*)::text || ':' || coalesce(sum(hashtext(r::text)::bigint), 0)::text as sum from ${quoted(n)} r`,
  );
  const rows = await rowsOf<{ name: string; sum: string }>(db, sql.raw(parts.join(' union all ')));
  return new Map(rows.map((r) => [r.name, r.sum]));
}

/** The tables whose checksum differs between two snapshots. */
export const changedTables = (before: Map<string, string>, after: Map<string, string>): string[] =>
  [...new Set([...before.keys(), ...after.keys()])].filter((n) => before.get(n) !== after.get(n));

/** A value of one of the database's key columns: uuid columns and the text keys routes take (brand keys, file names). */
export interface KeyInDatabase {
  table: string;
  column: string;
  key: string;
}

export async function keysInDatabase(db: Db, textKeyColumns: readonly string[] = []): Promise<KeyInDatabase[]> {
  const texts = textKeyColumns.map((c) => `'${c.replaceAll("'", "''")}'`).join(',');
  const columns = await rowsOf<{ table: string; column: string }>(
    db,
    sql.raw(`select table_name as "table", column_name as "column" from information_schema.columns
      where table_schema = 'public' and (data_type = 'uuid'${texts ? ` or column_name in (${texts})` : ''}) order by 1, 2`),
  );
  if (columns.length === 0) return [];
  const literal = (s: string) => `'${s.replaceAll("'", "''")}'`;
  const parts = columns.map(
    (c) =>
      `select distinct ${literal(c.table)} as "table", ${literal(c.column)} as "column", ${quoted(c.column)}::text as key from ${quoted(c.table)} where ${quoted(c.column)} is not null`,
  );
  return rowsOf<KeyInDatabase>(db, sql.raw(parts.join(' union all ')));
}
