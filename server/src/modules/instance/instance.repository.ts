// Queries of the instance module: the instance_settings and feature_flags tables.
import { asc, eq, max, sql } from 'drizzle-orm';
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

export async function readSetting(db: Db, name: string): Promise<{ value: unknown; updatedAt: Date } | null> {
  const [row] = await db
    .select({ value: instanceSettings.value, updatedAt: instanceSettings.updatedAt })
    .from(instanceSettings)
    .where(eq(instanceSettings.name, name));
  return row ?? null;
}

export async function upsertSetting(db: Db, name: string, value: unknown): Promise<void> {
  await db
    .insert(instanceSettings)
    .values({ name, value, updatedAt: new Date() })
    .onConflictDoUpdate({ target: instanceSettings.name, set: { value, updatedAt: new Date() } });
}

export async function deleteSetting(db: Db, name: string): Promise<void> {
  await db.delete(instanceSettings).where(eq(instanceSettings.name, name));
}

export async function upsertFeatureFlag(db: Db, name: string, enabled: boolean): Promise<void> {
  await db
    .insert(featureFlags)
    .values({ name, enabled, updatedAt: new Date() })
    .onConflictDoUpdate({ target: featureFlags.name, set: { enabled, updatedAt: new Date() } });
}

/** The newest change of any setting or flag: the version clients use to bust their cached copy. */
export async function lastSettingsChange(db: Db): Promise<Date | null> {
  const [a] = await db.select({ at: max(instanceSettings.updatedAt) }).from(instanceSettings);
  const [b] = await db.select({ at: max(featureFlags.updatedAt) }).from(featureFlags);
  const times = [a?.at, b?.at].filter((d): d is Date => d instanceof Date);
  return times.length === 0 ? null : new Date(Math.max(...times.map((d) => d.getTime())));
}
