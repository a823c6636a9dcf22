// Settings other modules keep as one JSON row of instance_settings under a name of their own (the usage limits' role
// budgets): read, and changed under the row's lock so that two changes at once both land. The value's shape is the
// owning module's to check.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { instanceSettings } from '../../db/schema/index.js';
import { readSetting } from './instance.repository.js';

export async function readNamedSetting({ db }: { db: Db }, name: string): Promise<unknown> {
  return (await readSetting(db, name))?.value ?? null;
}

/** Changes the setting in one transaction, the row locked: `change` gets the value now (null when none) and returns the new one. */
export async function changeNamedSetting<T>({ db }: { db: Db }, name: string, change: (value: unknown, tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const t: Db = tx;
    await t.execute(sql`insert into ${instanceSettings} (name, value) values (${name}, 'null'::jsonb) on conflict (name) do nothing`);
    const rows = (await t.execute(sql`select value from ${instanceSettings} where name = ${name} for update`)) as unknown as { rows: { value: unknown }[] };
    const next = await change(rows.rows[0]?.value ?? null, t);
    await t.execute(sql`update ${instanceSettings} set value = ${JSON.stringify(next)}::jsonb, updated_at = now() where name = ${name}`);
    return next;
  });
}
