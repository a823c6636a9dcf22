// Queries of the instance module: the instance_settings and feature_flags tables.
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { featureFlags, instanceSettings } from '../../db/schema/index.js';

export async function readAllSettings(db: Db): Promise<Map<string, unknown>> {
  const rows = await db.select({ name: instanceSettings.name, value: instanceSettings.value }).from(instanceSettings);
  return new Map(rows.map((r) => [r.name, r.value]));
}

/** Inserts the settings that are missing; existing values are never overwritten. */
export async function insertMissingSettings(db: Db, values: Record<string, unknown>): Promise<void> {
  const rows = Object.entries(values).map(([name, value]) => ({ name, value }));
  if (rows.length > 0) await db.insert(instanceSettings).values(rows).onConflictDoNothing();
}

export async function listFeatureFlags(db: Db): Promise<{ name: string; enabled: boolean }[]> {
  return db.select({ name: featureFlags.name, enabled: featureFlags.enabled }).from(featureFlags).orderBy(asc(featureFlags.name));
}

export async function insertMissingFeatureFlags(db: Db, flags: { name: string; enabled: boolean }[]): Promise<void> {
  if (flags.length > 0) await db.insert(featureFlags).values(flags).onConflictDoNothing();
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
