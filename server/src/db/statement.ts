// Parameterised statements built as text, for the hot write path of chat turns. Drizzle's builders
// allocate objects for every row × column (param wrappers, chunks, escaped names) and rebuild the same
// text each time: for a batch of 16 turns that was a quarter of everything the server allocated under
// the chat benchmark, and its garbage collections paused every stream. These helpers write the same
// SQL drizzle would (`insert … values …` with `default` for absent values, each value mapped by its
// column as drizzle maps it) and run it on the driver's client, PGlite or node-postgres alike.
import { getTableColumns, getTableName, is, sql, SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, RootDb } from './client.js';

export const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;

export class Statement {
  readonly params: unknown[] = [];

  /** The placeholder of a new parameter; a column maps the value as drizzle would (JSON text, ISO dates). */
  param(value: unknown, column?: PgColumn): string {
    if (is(value, SQL)) throw new Error('Statement.param takes values, not SQL');
    this.params.push(value === null || value === undefined ? null : column ? column.mapToDriverValue(value) : value);
    return `$${this.params.length}`;
  }
}

/** drizzle's rule (Column.shouldDisableInsert, internal): generated columns are never written */
const insertDisabled = (c: PgColumn) => c.generated !== undefined && c.generated.type !== 'byDefault';

type Insertable = readonly (readonly [key: string, column: PgColumn])[];
const insertableColumns = new WeakMap<PgTable, { entries: Insertable; names: string }>();

function insertable(table: PgTable) {
  let found = insertableColumns.get(table);
  if (!found) {
    const entries = Object.entries(getTableColumns(table) as Record<string, PgColumn>).filter(([, c]) => !insertDisabled(c));
    found = { entries, names: entries.map(([, c]) => quoteName(c.name)).join(', ') };
    insertableColumns.set(table, found);
  }
  return found;
}

/** `insert into "table" (…) values (…), (…)` for these rows, their values added to `st`. */
export function insertRows<T extends PgTable>(st: Statement, table: T, rows: readonly T['$inferInsert'][]): string {
  if (rows.length === 0) throw new Error('insertRows needs at least one row');
  const { entries, names } = insertable(table);
  const values = rows.map((row) => {
    const record = row as Record<string, unknown>;
    const list = entries.map(([key, column]) => {
      const value = record[key];
      if (value !== undefined) return st.param(value, column);
      if (column.defaultFn) {
        const made = column.defaultFn();
        if (is(made, SQL)) throw new Error(`insertRows: the default of ${column.name} is SQL`);
        return st.param(made, column);
      }
      return 'default';
    });
    return `(${list.join(', ')})`;
  });
  return `insert into ${quoteName(getTableName(table))} (${names}) values ${values.join(', ')}`;
}

interface QueryClient {
  query(text: string, params: unknown[]): Promise<unknown>;
}

/** Runs the statement on the database's own client (no result is read). */
export async function runStatement(db: RootDb, text: string, st: Statement): Promise<void> {
  await (db as unknown as { $client: QueryClient }).$client.query(text, st.params);
}

/**
 * Runs the statement in a transaction (or on any handle drizzle gives): the database's own client is not the
 * transaction's, so its placeholders become drizzle parameters. Values never hold placeholders (they travel apart).
 */
export async function runStatementIn(tx: Db, text: string, st: Statement): Promise<void> {
  const parts = text.split(/\$(\d+)/);
  await tx.execute(sql.join(parts.map((p, i) => (i % 2 === 1 ? sql`${st.params[Number(p) - 1]}` : sql.raw(p)))));
}
