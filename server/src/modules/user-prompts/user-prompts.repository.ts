// Queries of a person's saved prompts. Every query is scoped to the owner: another person's prompt
// simply does not match.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userPrompts } from '../../db/schema/index.js';

/** created_at with its full microsecond precision, so that keyset paging never skips or repeats a row */
const createdAtKey = sql<string>`to_char(${userPrompts.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const columns = {
  id: userPrompts.id,
  title: userPrompts.title,
  prompt: userPrompts.prompt,
  createdAt: userPrompts.createdAt,
  updatedAt: userPrompts.updatedAt,
  createdAtKey,
};

export type UserPromptRow = { id: string; title: string; prompt: string; createdAt: Date; updatedAt: Date; createdAtKey: string };

export interface PageAfter {
  createdAt: string;
  id: string;
}

/** Newest first; `limit` rows after the given position. */
export async function listPage(db: Db, userId: string, limit: number, after: PageAfter | null): Promise<UserPromptRow[]> {
  const position = after ? sql`(${userPrompts.createdAt}, ${userPrompts.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : undefined;
  return db
    .select(columns)
    .from(userPrompts)
    .where(and(eq(userPrompts.userId, userId), position))
    .orderBy(desc(userPrompts.createdAt), desc(userPrompts.id))
    .limit(limit);
}

export async function insert(db: Db, userId: string, values: { title: string; prompt: string }): Promise<UserPromptRow> {
  const [row] = await db
    .insert(userPrompts)
    .values({ userId, ...values })
    .returning(columns);
  return row!;
}

export async function update(db: Db, userId: string, id: string, values: { title: string; prompt: string }): Promise<UserPromptRow | null> {
  const [row] = await db
    .update(userPrompts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(userPrompts.id, id), eq(userPrompts.userId, userId)))
    .returning(columns);
  return row ?? null;
}

export async function remove(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(userPrompts)
    .where(and(eq(userPrompts.id, id), eq(userPrompts.userId, userId)))
    .returning({ id: userPrompts.id });
  return rows.length > 0;
}
