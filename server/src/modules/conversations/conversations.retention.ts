// What the retention sweep (modules/retention, docs/retention.md) needs of conversations: the expired ones, a batch
// at a time; the uploads their questions named; whether other conversations still name them; deleting them (their
// segments and generated images' rows go with them, by cascade); and clearing old answers' execution details.
//
// Batches walk the primary key (keyset on id): conversations have no index on last_modified_at alone, so one sweep
// reads the table once along its key instead of scanning it for every batch.
import { and, asc, gt, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { conversationSegments, conversations } from '../../db/schema/index.js';
import type { DbContext } from '../../platform/context.js';

export type ConversationKind = 'signedIn' | 'public';

export interface ExpiredConversation {
  id: string;
  userId: string | null;
  publicEndpointName: string | null;
  sessionIdentifier: string | null;
}

const ofKind = (kind: ConversationKind): SQL => (kind === 'signedIn' ? isNotNull(conversations.userId) : isNull(conversations.userId))!;

/** Conversations of the kind last changed before `cutoff`, after `afterId` in id order. */
export async function expiredConversations(
  { db }: DbContext,
  kind: ConversationKind,
  cutoff: Date,
  afterId: string | null,
  limit: number,
): Promise<ExpiredConversation[]> {
  return db
    .select({
      id: conversations.id,
      userId: conversations.userId,
      publicEndpointName: conversations.publicEndpointName,
      sessionIdentifier: conversations.sessionIdentifier,
    })
    .from(conversations)
    .where(and(lt(conversations.lastModifiedAt, cutoff), ofKind(kind), afterId ? gt(conversations.id, afterId) : undefined))
    .orderBy(asc(conversations.id))
    .limit(limit);
}

/** The vision image and attachment ids the conversations' questions named. */
export async function uploadsNamedBy({ db }: DbContext, ids: readonly string[]): Promise<{ visionImageIds: string[]; attachmentIds: string[] }> {
  if (ids.length === 0) return { visionImageIds: [], attachmentIds: [] };
  const rows = await db
    .select({ visionImageIds: conversationSegments.visionImageIds, attachmentIds: conversationSegments.attachmentIds })
    .from(conversationSegments)
    .where(inArray(conversationSegments.conversationId, [...ids]));
  return {
    visionImageIds: [...new Set(rows.flatMap((r) => r.visionImageIds))],
    attachmentIds: [...new Set(rows.flatMap((r) => r.attachmentIds))],
  };
}

/**
 * Which of the upload ids a conversation outside `excluded` of the same owners (the people, the visitors' endpoints
 * and sessions) still names: those stay when the excluded ones are deleted.
 */
export async function uploadsStillNamed({ db }: DbContext, excluded: readonly ExpiredConversation[], uploadIds: readonly string[]): Promise<Set<string>> {
  if (uploadIds.length === 0 || excluded.length === 0) return new Set();
  const users = [...new Set(excluded.flatMap((c) => (c.userId ? [c.userId] : [])))];
  const endpoints = [...new Set(excluded.flatMap((c) => (c.userId === null && c.publicEndpointName ? [c.publicEndpointName] : [])))];
  const sessions = [...new Set(excluded.flatMap((c) => (c.userId === null && c.sessionIdentifier ? [c.sessionIdentifier] : [])))];
  const owners: SQL[] = [];
  if (users.length) owners.push(inArray(conversations.userId, users));
  if (endpoints.length && sessions.length)
    owners.push(and(isNull(conversations.userId), inArray(conversations.publicEndpointName, endpoints), inArray(conversations.sessionIdentifier, sessions))!);
  if (owners.length === 0) return new Set();
  const ids = sql`array[${sql.join(
    uploadIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`;
  const rows = await db
    .select({ visionImageIds: conversationSegments.visionImageIds, attachmentIds: conversationSegments.attachmentIds })
    .from(conversationSegments)
    .innerJoin(conversations, sql`${conversations.id} = ${conversationSegments.conversationId}`)
    .where(
      and(
        sql`(${sql.join(owners, sql` or `)})`,
        sql`not (${inArray(
          conversations.id,
          excluded.map((c) => c.id),
        )})`,
        sql`(jsonb_exists_any(${conversationSegments.visionImageIds}, ${ids}) or jsonb_exists_any(${conversationSegments.attachmentIds}, ${ids}))`,
      ),
    );
  const wanted = new Set(uploadIds);
  return new Set(rows.flatMap((r) => [...r.visionImageIds, ...r.attachmentIds]).filter((id) => wanted.has(id)));
}

/** Deletes the conversations (their segments and generated images' rows by cascade); how many were deleted. */
export async function deleteConversations(db: Db, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .delete(conversations)
    .where(inArray(conversations.id, [...ids]))
    .returning({ id: conversations.id });
  return rows.length;
}

/**
 * Clears the execution details (execution logs and the provider's error) of up to `limit` segments created in
 * [from, cutoff) that still have some, oldest first: how many were cleared, and the creation time of the last one
 * (the next batch's `from`: the scan walks conversation_segments_created_idx once). `from` null: since the first.
 */
export async function clearTraceLogs(
  { db }: DbContext,
  range: { from: Date | null; cutoff: Date },
  limit: number,
): Promise<{ cleared: number; last: Date | null }> {
  const s = conversationSegments;
  const rows = (await db.execute(sql`
    update ${s} set execution_logs = '[]'::jsonb, provider_error = null
    where ${s.id} in (
      select ${s.id} from ${s}
      where ${s.createdAt} < ${range.cutoff.toISOString()}::timestamptz
        ${range.from ? sql`and ${s.createdAt} >= ${range.from.toISOString()}::timestamptz` : sql``}
        and (${s.executionLogs} <> '[]'::jsonb or ${s.providerError} is not null)
      order by ${s.createdAt}
      limit ${limit}
    )
    returning ${s.createdAt} as at`)) as unknown as { rows: { at: string | Date }[] };
  const times = rows.rows.map((r) => new Date(r.at).getTime());
  return { cleared: times.length, last: times.length ? new Date(Math.max(...times)) : null };
}
