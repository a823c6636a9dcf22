// Queries of the chat-access-policies module: the chat_access_policies table.
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/audit.js';
import { chatAccessPolicies } from '../../db/schema/index.js';

export type PolicyRow = typeof chatAccessPolicies.$inferSelect;
export type PolicyValues = Omit<typeof chatAccessPolicies.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export const listPolicies = (db: DbOrTx): Promise<PolicyRow[]> =>
  db.select().from(chatAccessPolicies).orderBy(asc(chatAccessPolicies.name), asc(chatAccessPolicies.id));

export async function findPolicy(db: DbOrTx, id: string): Promise<PolicyRow | null> {
  const [row] = await db.select().from(chatAccessPolicies).where(eq(chatAccessPolicies.id, id));
  return row ?? null;
}

export async function insertPolicy(db: DbOrTx, values: PolicyValues): Promise<PolicyRow> {
  const [row] = await db.insert(chatAccessPolicies).values(values).returning();
  return row!;
}

export async function updatePolicy(db: DbOrTx, id: string, values: PolicyValues): Promise<PolicyRow> {
  const [row] = await db
    .update(chatAccessPolicies)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(chatAccessPolicies.id, id))
    .returning();
  return row!;
}

export async function deletePolicy(db: DbOrTx, id: string): Promise<void> {
  await db.delete(chatAccessPolicies).where(eq(chatAccessPolicies.id, id));
}
