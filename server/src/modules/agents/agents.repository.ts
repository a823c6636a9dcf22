// Queries of the agents module: agents, their starter prompts, pins and recent use. SQL only; the
// rules live in agents.policy.ts and agents.service.ts.
import { and, asc, desc, eq, getTableColumns, isNotNull, or, sql } from 'drizzle-orm';
import type { Db, RootDb } from '../../db/client.js';
import { recordAudit, type DbOrTx } from '../../platform/audit.js';
import { insertRows, quoteName, runStatement, Statement } from '../../db/statement.js';
import { gptSystemPrompts, gptSystemShares, gptSystems, pinnedGptSystems, recentGptSystems } from '../../db/schema/index.js';

/** `sharedWithUserIds`: the people a personal agent is shared with (read where access is decided). */
export type AgentRow = typeof gptSystems.$inferSelect & { sharedWithUserIds?: string[] };
export type AgentWithPin = AgentRow & { isPinned: boolean };

const isPinnedBy = (userId: string) =>
  sql<boolean>`exists (select 1 from ${pinnedGptSystems} where ${pinnedGptSystems.userId} = ${userId} and ${pinnedGptSystems.gptSystemId} = ${gptSystems.id})`;

const gptSystemsColumns = () => getTableColumns(gptSystems);

// json (not a uuid[]) so that PGlite and node-postgres both hand back a plain array
const sharedWithUserIds = sql<
  string[]
>`coalesce((select json_agg(${gptSystemShares.userId}) from ${gptSystemShares} where ${gptSystemShares.gptSystemId} = ${gptSystems.id}), '[]'::json)`;
const isSharedWith = (userId: string) =>
  sql<boolean>`exists (select 1 from ${gptSystemShares} where ${gptSystemShares.userId} = ${userId} and ${gptSystemShares.gptSystemId} = ${gptSystems.id})`;

const usable = and(eq(gptSystems.isDeleted, false), isNotNull(gptSystems.publishedConfig));

export async function findAgent(db: Db, gptSystemId: string): Promise<AgentRow | null> {
  const [row] = await db
    .select({ ...gptSystemsColumns(), sharedWithUserIds })
    .from(gptSystems)
    .where(eq(gptSystems.id, gptSystemId))
    .limit(1);
  return row ?? null;
}

/** Published, live agents the caller could possibly use: every System agent, their own personal ones and those shared with them. */
export async function listCandidates(db: Db, userId: string): Promise<AgentWithPin[]> {
  return db
    .select({ ...gptSystemsColumns(), isPinned: isPinnedBy(userId), sharedWithUserIds })
    .from(gptSystems)
    .where(and(usable, or(eq(gptSystems.gptSystemType, 'System'), eq(gptSystems.ownerUserId, userId), isSharedWith(userId))))
    .orderBy(asc(gptSystems.name), asc(gptSystems.id));
}

/** One query, newest pin first: clients call this as a cheap token check. */
export async function listPinned(db: Db, userId: string): Promise<AgentRow[]> {
  return db
    .select({ ...gptSystemsColumns(), sharedWithUserIds })
    .from(pinnedGptSystems)
    .innerJoin(gptSystems, eq(gptSystems.id, pinnedGptSystems.gptSystemId))
    .where(and(eq(pinnedGptSystems.userId, userId), usable))
    .orderBy(desc(pinnedGptSystems.createdAt), asc(gptSystems.id));
}

export async function listRecent(db: Db, userId: string, limit: number): Promise<AgentWithPin[]> {
  return db
    .select({ ...gptSystemsColumns(), isPinned: isPinnedBy(userId), sharedWithUserIds })
    .from(recentGptSystems)
    .innerJoin(gptSystems, eq(gptSystems.id, recentGptSystems.gptSystemId))
    .where(and(eq(recentGptSystems.userId, userId), usable))
    .orderBy(desc(recentGptSystems.lastUsedAt), asc(gptSystems.id))
    .limit(limit);
}

export async function pin(db: Db, userId: string, gptSystemId: string): Promise<void> {
  await db.insert(pinnedGptSystems).values({ userId, gptSystemId }).onConflictDoNothing();
}

export async function unpin(db: Db, userId: string, gptSystemId: string): Promise<void> {
  await db.delete(pinnedGptSystems).where(and(eq(pinnedGptSystems.userId, userId), eq(pinnedGptSystems.gptSystemId, gptSystemId)));
}

/**
 * The upsert of agents' recent use as statement text (db/statement.ts), also a part of the chat turns' one
 * write. Each (person, agent) at most once: one statement cannot update a row twice.
 */
export const recentUpsertText = (st: Statement, uses: readonly { userId: string; gptSystemId: string; at: Date }[]) =>
  `${insertRows(
    st,
    recentGptSystems,
    uses.map((u) => ({ userId: u.userId, gptSystemId: u.gptSystemId, lastUsedAt: u.at })),
  )} ` +
  `on conflict (${quoteName(recentGptSystems.userId.name)}, ${quoteName(recentGptSystems.gptSystemId.name)}) ` +
  `do update set ${quoteName(recentGptSystems.lastUsedAt.name)} = excluded.${quoteName(recentGptSystems.lastUsedAt.name)}`;

export async function upsertRecent(db: RootDb, userId: string, gptSystemId: string, at: Date): Promise<void> {
  const st = new Statement();
  await runStatement(db, recentUpsertText(st, [{ userId, gptSystemId, at }]), st);
}

export async function listPrompts(db: Db, gptSystemId: string) {
  return db
    .select({ promptId: gptSystemPrompts.id, title: gptSystemPrompts.title, prompt: gptSystemPrompts.prompt })
    .from(gptSystemPrompts)
    .where(eq(gptSystemPrompts.gptSystemId, gptSystemId))
    .orderBy(asc(gptSystemPrompts.sortOrder), asc(gptSystemPrompts.createdAt), asc(gptSystemPrompts.id));
}

export async function countPrompts(db: Db, gptSystemId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(gptSystemPrompts)
    .where(eq(gptSystemPrompts.gptSystemId, gptSystemId));
  return row?.n ?? 0;
}

export async function insertPrompts(db: Db, gptSystemId: string, prompts: readonly { title: string; prompt: string }[]): Promise<void> {
  if (prompts.length === 0) return;
  await db.insert(gptSystemPrompts).values(prompts.map((p, i) => ({ gptSystemId, title: p.title, prompt: p.prompt, sortOrder: i })));
}

export async function findOldestSystemAgentByName(db: Db, name: string): Promise<AgentRow | null> {
  const [row] = await db
    .select()
    .from(gptSystems)
    .where(and(eq(gptSystems.gptSystemType, 'System'), eq(gptSystems.name, name)))
    .orderBy(asc(gptSystems.createdAt))
    .limit(1);
  return row ?? null;
}

export interface AvatarChange {
  gptSystemId: string;
  blobKey: string | null;
  contentType: string | null;
  before: { blobKey: string | null; contentType: string | null };
  actor: { userId: string; userName: string };
}

/** Points the agent at its new avatar and records the change in the audit trail, in one transaction (or the caller's). */
export async function setAvatar(db: DbOrTx, change: AvatarChange): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(gptSystems)
      .set({ avatarBlobKey: change.blobKey, avatarContentType: change.contentType, updatedAt: sql`now()` })
      .where(eq(gptSystems.id, change.gptSystemId));
    await recordAudit(tx, {
      aggregateType: 'GptSystem',
      aggregateId: change.gptSystemId,
      domainOperation: change.blobKey ? 'UpdateAvatar' : 'DeleteAvatar',
      actor: change.actor,
      before: change.before,
      after: { blobKey: change.blobKey, contentType: change.contentType },
    });
  });
}

/** How many live agents show a brand, per brand key (read by the brands module through the service). */
export async function countAgentsByBrand(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ brandKey: gptSystems.brandKey, count: sql<number>`count(*)::int` })
    .from(gptSystems)
    .where(eq(gptSystems.isDeleted, false))
    .groupBy(gptSystems.brandKey);
  return new Map(rows.map((r) => [r.brandKey, Number(r.count)]));
}

/** A live System agent (not deleted) by name whose live configuration names no deployment. */
export async function findLiveSystemAgentWithoutDeployment(db: Db, agentName: string): Promise<AgentRow | null> {
  const [row] = await db
    .select()
    .from(gptSystems)
    .where(
      and(
        eq(gptSystems.gptSystemType, 'System'),
        eq(gptSystems.name, agentName),
        eq(gptSystems.isDeleted, false),
        sql`${gptSystems.publishedConfig} is not null`,
        sql`coalesce(${gptSystems.publishedConfig}->>'deploymentName', '') = ''`,
      ),
    )
    .orderBy(asc(gptSystems.createdAt))
    .limit(1);
  return row ?? null;
}
