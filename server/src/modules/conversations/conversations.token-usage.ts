// The tokens the recorded segments used, as the usage limits read them (docs/usage-limits.md): an agent's over a time
// range, and a person's (with one agent or all) since a time. The tables stay this module's; the usage-limits module
// calls these functions. A segment's tokens are its prompt and completion tokens, written when its answer ends; a
// performance test's segments do not count (docs/performance-tests.md).
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { conversationSegments, conversations } from '../../db/schema/index.js';

const s = conversationSegments;
const c = conversations;
const tokens = sql`coalesce(sum(coalesce(${s.promptTokens}, 0) + coalesce(${s.completionTokens}, 0)), 0)::bigint`;
const uuids = (ids: readonly string[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The tokens of each agent's segments created in [from, to): a range of conversation_segments_created_idx. */
export async function agentTokensBetween(db: Db, gptSystemIds: readonly string[], from: Date, to: Date): Promise<Map<string, number>> {
  const found = new Map<string, number>(gptSystemIds.map((id) => [id, 0]));
  if (gptSystemIds.length === 0 || from >= to) return found;
  const rows = await rowsOf<{ id: string; tokens: string | number }>(
    db,
    sql`select ${s.gptSystemId} as id, ${tokens} as tokens from ${s}
      where ${s.createdAt} >= ${at(from)} and ${s.createdAt} < ${at(to)} and ${s.gptSystemId} in (${uuids(gptSystemIds)})
        and ${s.performanceTestRunId} is null
      group by ${s.gptSystemId}`,
  );
  for (const r of rows) found.set(r.id, Number(r.tokens));
  return found;
}

/**
 * The tokens of each person's segments created since `from` (with one agent when named): their conversations changed
 * since then (conversations_user_modified_idx; a turn sets its conversation's last change to its segment's time),
 * then those conversations' segments since then (conversation_segments_conversation_idx). Deleted conversations count.
 */
export async function personTokensSince(db: Db, userIds: readonly string[], from: Date, gptSystemId: string | null = null): Promise<Map<string, number>> {
  const found = new Map<string, number>(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return found;
  const rows = await rowsOf<{ id: string; tokens: string | number }>(
    db,
    sql`select ${c.userId} as id, ${tokens} as tokens
      from ${c} join ${s} on ${s.conversationId} = ${c.id} and ${s.createdAt} >= ${at(from)} and ${s.performanceTestRunId} is null
      where ${c.userId} in (${uuids(userIds)}) and ${c.lastModifiedAt} >= ${at(from)}
        ${gptSystemId ? sql`and ${s.gptSystemId} = ${gptSystemId}::uuid` : sql``}
      group by ${c.userId}`,
  );
  for (const r of rows) found.set(r.id, Number(r.tokens));
  return found;
}
