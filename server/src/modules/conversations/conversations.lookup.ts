// What other modules may ask of conversations without reaching into the module's tables.
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { ProviderError } from '@atrium/contract';
import { conversationSegments, conversations } from '../../db/schema/index.js';
import type { DbContext } from '../../platform/context.js';

/** Whether the conversation exists and is not deleted (what it holds, e.g. generated images, is gone with it). */
export async function isConversationLive({ db }: DbContext, conversationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), isNull(conversations.deletedAt)))
    .limit(1);
  return row !== undefined;
}

/** What the model provider said when the answer with this id failed (credentials removed); null when none is kept. */
export async function providerErrorOf({ db }: DbContext, reference: string): Promise<ProviderError | null> {
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

/**
 * The public endpoint a visitor's conversation was started at (docs/public-chat.md), or null (a person's, unknown or
 * deleted): which endpoint's origins and limits apply to a call naming the conversation. Whether the caller may read
 * it is the service's to decide (ownConversation with the visitor's session identifier).
 */
export async function publicEndpointOfConversation({ db }: DbContext, conversationId: string): Promise<string | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(conversationId)) return null;
  const [row] = await db
    .select({ name: conversations.publicEndpointName })
    .from(conversations)
    .where(
      and(eq(conversations.id, conversationId), isNull(conversations.userId), isNotNull(conversations.publicEndpointName), isNull(conversations.deletedAt)),
    )
    .limit(1);
  return row?.name ?? null;
}
