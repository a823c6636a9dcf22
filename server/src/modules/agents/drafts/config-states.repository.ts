// Queries of configuration states, published versions, shares, share invitations and data-source links. SQL only; the
// rules live in config-states.service.ts and agents.policy.ts.
import { and, asc, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/audit.js';
import {
  gptSystemConfigStates,
  gptSystemRagDataSources,
  gptSystemShareInvitations,
  gptSystemShares,
  gptSystemVersions,
  gptSystems,
  type PublishedAgentConfig,
} from '../../../db/schema/index.js';
import { userNames } from '../../users/users.lookup.js';

export type ConfigStateRow = typeof gptSystemConfigStates.$inferSelect;
export type VersionRow = typeof gptSystemVersions.$inferSelect;
export type RagLinkRow = typeof gptSystemRagDataSources.$inferSelect;

export async function findConfigState(db: DbOrTx, id: string): Promise<ConfigStateRow | null> {
  const [row] = await db.select().from(gptSystemConfigStates).where(eq(gptSystemConfigStates.id, id)).limit(1);
  return row ?? null;
}

export async function insertConfigState(db: DbOrTx, values: typeof gptSystemConfigStates.$inferInsert): Promise<ConfigStateRow> {
  const [row] = await db.insert(gptSystemConfigStates).values(values).returning();
  return row!;
}

export async function updateConfigState(
  db: DbOrTx,
  id: string,
  values: Partial<Pick<ConfigStateRow, 'name' | 'description' | 'config' | 'gptSystemId' | 'avatarBlobKey' | 'avatarContentType'>>,
): Promise<ConfigStateRow> {
  const [row] = await db
    .update(gptSystemConfigStates)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(gptSystemConfigStates.id, id))
    .returning();
  return row!;
}

export async function deleteConfigState(db: DbOrTx, id: string): Promise<void> {
  await db.delete(gptSystemConfigStates).where(eq(gptSystemConfigStates.id, id));
}

/** Newest first. */
export async function listConfigStatesOfAgent(db: DbOrTx, gptSystemId: string): Promise<ConfigStateRow[]> {
  return db
    .select()
    .from(gptSystemConfigStates)
    .where(eq(gptSystemConfigStates.gptSystemId, gptSystemId))
    .orderBy(desc(gptSystemConfigStates.updatedAt), desc(gptSystemConfigStates.id));
}

/** A person's drafts of one type, newest first; `unlinkedOnly` keeps those not yet an agent. */
export async function listConfigStatesOfOwner(db: DbOrTx, ownerUserId: string, gptSystemType: string, unlinkedOnly = false): Promise<ConfigStateRow[]> {
  const where = [eq(gptSystemConfigStates.ownerUserId, ownerUserId), eq(gptSystemConfigStates.gptSystemType, gptSystemType)];
  if (unlinkedOnly) where.push(isNull(gptSystemConfigStates.gptSystemId));
  return db
    .select()
    .from(gptSystemConfigStates)
    .where(and(...where))
    .orderBy(desc(gptSystemConfigStates.updatedAt), desc(gptSystemConfigStates.id));
}

export async function listVersions(db: DbOrTx, gptSystemId: string): Promise<VersionRow[]> {
  return db.select().from(gptSystemVersions).where(eq(gptSystemVersions.gptSystemId, gptSystemId)).orderBy(desc(gptSystemVersions.version));
}

export async function findVersion(db: DbOrTx, gptSystemId: string, versionId: string): Promise<VersionRow | null> {
  const [row] = await db
    .select()
    .from(gptSystemVersions)
    .where(and(eq(gptSystemVersions.gptSystemId, gptSystemId), eq(gptSystemVersions.id, versionId)))
    .limit(1);
  return row ?? null;
}

/** Latest version number per agent, for lists. */
export async function latestVersions(db: DbOrTx, gptSystemIds: readonly string[]): Promise<Map<string, number>> {
  if (gptSystemIds.length === 0) return new Map();
  const rows = await db
    .select({ gptSystemId: gptSystemVersions.gptSystemId, version: sql<number>`max(${gptSystemVersions.version})::int` })
    .from(gptSystemVersions)
    .where(inArray(gptSystemVersions.gptSystemId, [...gptSystemIds]))
    .groupBy(gptSystemVersions.gptSystemId);
  return new Map(rows.map((r) => [r.gptSystemId, r.version]));
}

/**
 * Live System agents (not deleted) with no published version: what answers for them went live without the
 * publishing code, as the agent seeded at first start did before seeding recorded its version.
 */
export async function listLiveSystemAgentsWithoutVersions(db: DbOrTx) {
  return db
    .select({ id: gptSystems.id, name: gptSystems.name, description: gptSystems.description, publishedConfig: gptSystems.publishedConfig })
    .from(gptSystems)
    .where(
      and(
        eq(gptSystems.gptSystemType, 'System'),
        eq(gptSystems.isDeleted, false),
        sql`${gptSystems.publishedConfig} is not null`,
        sql`not exists (select 1 from ${gptSystemVersions} where ${gptSystemVersions.gptSystemId} = ${gptSystems.id})`,
      ),
    )
    .orderBy(asc(gptSystems.createdAt));
}

export interface NewVersion {
  gptSystemId: string;
  name: string;
  description: string;
  config: PublishedAgentConfig;
  configStateId: string | null;
  restoredFromVersion: number | null;
  /** who published it; no user id when the instance itself did (the agent seeded at first start) */
  actor: { userId: string | null; userName: string };
}

/**
 * Appends a version and makes it the live configuration, in the caller's transaction. The version
 * number is taken under a row lock on the agent, so that two publications cannot take the same one.
 */
export async function publishVersion(tx: DbOrTx, v: NewVersion): Promise<VersionRow> {
  await tx.execute(sql`select 1 from ${gptSystems} where ${gptSystems.id} = ${v.gptSystemId} for update`);
  const [max] = await tx
    .select({ n: sql<number>`coalesce(max(${gptSystemVersions.version}), 0)::int` })
    .from(gptSystemVersions)
    .where(eq(gptSystemVersions.gptSystemId, v.gptSystemId));
  const [row] = await tx
    .insert(gptSystemVersions)
    .values({
      gptSystemId: v.gptSystemId,
      version: (max?.n ?? 0) + 1,
      name: v.name,
      description: v.description,
      config: v.config,
      configStateId: v.configStateId,
      restoredFromVersion: v.restoredFromVersion,
      publishedByUserId: v.actor.userId,
      publishedByName: v.actor.userName,
    })
    .returning();
  await tx
    .update(gptSystems)
    .set({ publishedConfig: v.config, name: v.name, description: v.description, updatedAt: sql`now()` })
    .where(eq(gptSystems.id, v.gptSystemId));
  return row!;
}

/** The people a personal agent is shared with, by name (their names are the users module's). */
export async function listShares(db: DbOrTx, gptSystemId: string) {
  const shares = await db
    .select({ userId: gptSystemShares.userId, accepted: gptSystemShares.accepted })
    .from(gptSystemShares)
    .where(eq(gptSystemShares.gptSystemId, gptSystemId));
  const accepted = new Map(shares.map((s) => [s.userId, s.accepted]));
  const people = await userNames(
    { db },
    shares.map((s) => s.userId),
  );
  return people.map((p) => ({ userId: p.userId, displayName: p.displayName, email: p.emailAddress, accepted: accepted.get(p.userId)! }));
}

export async function isSharedWith(db: DbOrTx, gptSystemId: string, userId: string): Promise<{ accepted: boolean } | null> {
  const [row] = await db
    .select({ accepted: gptSystemShares.accepted })
    .from(gptSystemShares)
    .where(and(eq(gptSystemShares.gptSystemId, gptSystemId), eq(gptSystemShares.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Replaces the share list; people who stay keep their acceptance. */
export async function replaceShares(tx: DbOrTx, gptSystemId: string, userIds: readonly string[]): Promise<void> {
  const keep = [...new Set(userIds)];
  if (keep.length === 0) {
    await tx.delete(gptSystemShares).where(eq(gptSystemShares.gptSystemId, gptSystemId));
    return;
  }
  await tx.delete(gptSystemShares).where(and(eq(gptSystemShares.gptSystemId, gptSystemId), sql`${gptSystemShares.userId} not in ${keep}`));
  await tx
    .insert(gptSystemShares)
    .values(keep.map((userId) => ({ gptSystemId, userId })))
    .onConflictDoNothing();
}

export async function acceptShare(db: DbOrTx, gptSystemId: string, userId: string): Promise<void> {
  await db
    .update(gptSystemShares)
    .set({ accepted: true })
    .where(and(eq(gptSystemShares.gptSystemId, gptSystemId), eq(gptSystemShares.userId, userId)));
}

/** Pending invitations to the agent, by email, oldest first. */
export async function listInvitations(db: DbOrTx, gptSystemId: string) {
  return db
    .select({ email: gptSystemShareInvitations.email, invitedAt: gptSystemShareInvitations.invitedAt })
    .from(gptSystemShareInvitations)
    .where(eq(gptSystemShareInvitations.gptSystemId, gptSystemId))
    .orderBy(asc(gptSystemShareInvitations.invitedAt), asc(gptSystemShareInvitations.email));
}

/** Replaces the pending invitations (lower-case emails); those that stay keep when they were sent. */
export async function replaceInvitations(tx: DbOrTx, gptSystemId: string, emails: readonly string[]): Promise<void> {
  const keep = [...new Set(emails)];
  await tx
    .delete(gptSystemShareInvitations)
    .where(and(eq(gptSystemShareInvitations.gptSystemId, gptSystemId), keep.length ? notInArray(gptSystemShareInvitations.email, keep) : undefined));
  if (keep.length) {
    await tx
      .insert(gptSystemShareInvitations)
      .values(keep.map((email) => ({ gptSystemId, email })))
      .onConflictDoNothing();
  }
}

/**
 * Turns the invitations to this email into shares with this person, in one statement: the invitations go, and
 * a share is made for each live agent that is not their own. Returns the agents now shared with them.
 */
export async function claimInvitations(db: DbOrTx, userId: string, email: string): Promise<string[]> {
  const rows = await db.execute<{ gpt_system_id: string }>(sql`
    with claimed as (
      delete from ${gptSystemShareInvitations} where ${gptSystemShareInvitations.email} = ${email.toLowerCase()}
      returning ${gptSystemShareInvitations.gptSystemId}
    )
    insert into ${gptSystemShares} (gpt_system_id, user_id)
    select c.gpt_system_id, ${userId}::uuid from claimed c
    join ${gptSystems} g on g.id = c.gpt_system_id
    where g.is_deleted = false and g.owner_user_id is distinct from ${userId}::uuid
    on conflict do nothing
    returning gpt_system_id`);
  const list = (Array.isArray(rows) ? rows : (rows as { rows: { gpt_system_id: string }[] }).rows) as { gpt_system_id: string }[];
  return list.map((r) => r.gpt_system_id);
}

/** Live personal agents shared with the person. */
export async function listSharedWith(db: DbOrTx, userId: string) {
  return db
    .select({ agent: gptSystems })
    .from(gptSystemShares)
    .innerJoin(gptSystems, eq(gptSystems.id, gptSystemShares.gptSystemId))
    .where(and(eq(gptSystemShares.userId, userId), eq(gptSystems.isDeleted, false)))
    .orderBy(asc(gptSystems.name), asc(gptSystems.id));
}

export async function listRagLinks(db: DbOrTx, gptSystemId: string): Promise<RagLinkRow[]> {
  return db
    .select()
    .from(gptSystemRagDataSources)
    .where(eq(gptSystemRagDataSources.gptSystemId, gptSystemId))
    .orderBy(asc(gptSystemRagDataSources.createdAt), asc(gptSystemRagDataSources.id));
}

export async function findRagLink(db: DbOrTx, gptSystemId: string, id: string): Promise<RagLinkRow | null> {
  const [row] = await db
    .select()
    .from(gptSystemRagDataSources)
    .where(and(eq(gptSystemRagDataSources.gptSystemId, gptSystemId), eq(gptSystemRagDataSources.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertRagLink(db: DbOrTx, values: typeof gptSystemRagDataSources.$inferInsert): Promise<RagLinkRow | null> {
  const [row] = await db.insert(gptSystemRagDataSources).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateRagLink(db: DbOrTx, id: string, values: Partial<Pick<RagLinkRow, 'dataSourceType' | 'topK' | 'filters'>>): Promise<RagLinkRow> {
  const [row] = await db.update(gptSystemRagDataSources).set(values).where(eq(gptSystemRagDataSources.id, id)).returning();
  return row!;
}

export async function deleteRagLink(db: DbOrTx, id: string): Promise<void> {
  await db.delete(gptSystemRagDataSources).where(eq(gptSystemRagDataSources.id, id));
}

export async function insertAgent(db: DbOrTx, values: typeof gptSystems.$inferInsert) {
  const [row] = await db.insert(gptSystems).values(values).returning();
  return row!;
}

export async function updateAgent(
  db: DbOrTx,
  id: string,
  values: Partial<Pick<typeof gptSystems.$inferSelect, 'name' | 'description' | 'brandKey' | 'isPublic' | 'isDeleted' | 'publishedConfig'>>,
) {
  const [row] = await db
    .update(gptSystems)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(gptSystems.id, id))
    .returning();
  return row!;
}

/** Live agents of a type (admin lists), optionally those of one owner. */
export async function listAgents(db: DbOrTx, filter: { gptSystemType?: string; ownerUserId?: string; search?: string }) {
  const where = [eq(gptSystems.isDeleted, false)];
  if (filter.gptSystemType) where.push(eq(gptSystems.gptSystemType, filter.gptSystemType));
  if (filter.ownerUserId) where.push(eq(gptSystems.ownerUserId, filter.ownerUserId));
  if (filter.search) where.push(sql`lower(${gptSystems.name}) like ${`%${filter.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  return db
    .select()
    .from(gptSystems)
    .where(and(...where))
    .orderBy(asc(gptSystems.name), asc(gptSystems.id));
}
