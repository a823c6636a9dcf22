// What other modules may ask of conversations without reaching into the module's tables.
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { ProviderError } from '@atrium/contract';
import type { Db } from '../../db/client.js';
import { conversationSegments, conversations } from '../../db/schema/index.js';

/** Whether the conversation exists and is not deleted (what it holds, e.g. generated images, is gone with it). */
export async function isConversationLive(db: Db, conversationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), isNull(conversations.deletedAt)))
    .limit(1);
  return row !== undefined;
}

/** What the model provider said when the answer with this id failed (credentials removed); null when none is kept. */
export async function providerErrorOf(db: Db, reference: string): Promise<ProviderError | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(reference)) return null;
  const s = conversationSegments;
  const [row] = await db
    .select({ reference: s.id, at: s.completedAt, createdAt: s.createdAt, model: s.model, deploymentName: s.deploymentName, detail: s.providerError })
    .from(s)
    .where(and(eq(s.id, reference.toLowerCase()), isNotNull(s.providerError)))
    .limit(1);
  if (!row?.detail) return null;
  return {
    reference: row.reference,
    occurredAt: (row.at ?? row.createdAt).toISOString(),
    model: row.model,
    deploymentName: row.deploymentName,
    detail: row.detail,
  };
}
