// What other modules may ask of conversations without reaching into the module's tables.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { conversations } from '../../db/schema/index.js';

/** Whether the conversation exists and is not deleted (what it holds, e.g. generated images, is gone with it). */
export async function isConversationLive(db: Db, conversationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), isNull(conversations.deletedAt)))
    .limit(1);
  return row !== undefined;
}
