// What other modules may ask of conversations without reaching into the module's tables.
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
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

/**
 * A signed-in person's view of one of their segments, for a report about it (the moderation module): the conversation
 * when it is theirs and not deleted (else null), and the segment when it belongs to that conversation (else null).
 */
export async function ownSegmentOf(
  { db }: DbContext,
  userId: string,
  conversationId: string,
  segmentId: string,
): Promise<{ conversation: { gptSystemId: string | null }; segment: { question: string } | null } | null> {
  const [conversation] = await db
    .select({ gptSystemId: conversations.gptSystemId })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId), isNull(conversations.deletedAt)))
    .limit(1);
  if (!conversation) return null;
  const [segment] = await db
    .select({ question: conversationSegments.question })
    .from(conversationSegments)
    .where(and(eq(conversationSegments.id, segmentId), eq(conversationSegments.conversationId, conversationId)))
    .limit(1);
  return { conversation, segment: segment ?? null };
}

export interface SegmentAround {
  id: string;
  parentSegmentId: string | null;
  question: string;
  answer: string;
  status: string;
  createdAt: Date;
}

/**
 * A segment with its neighbours on its branch, oldest first: up to `before` ancestors and up to `after` descendants
 * (each step the newest child: the latest regeneration or follow-up). Empty when the segment is gone. Deleted
 * conversations are included: moderators read what was reported.
 */
export async function segmentsAround({ db }: DbContext, conversationId: string, segmentId: string, before = 2, after = 2): Promise<SegmentAround[]> {
  const s = conversationSegments;
  const rows = await db
    .select({ id: s.id, parentSegmentId: s.parentSegmentId, question: s.question, answer: s.answer, status: s.status, createdAt: s.createdAt })
    .from(s)
    .where(eq(s.conversationId, conversationId))
    .orderBy(asc(s.createdAt), asc(s.id));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const reported = byId.get(segmentId);
  if (!reported) return [];
  const ancestors: SegmentAround[] = [];
  for (let p = reported.parentSegmentId; p && ancestors.length < before;) {
    const parent = byId.get(p);
    if (!parent) break;
    ancestors.unshift(parent);
    p = parent.parentSegmentId;
  }
  const descendants: SegmentAround[] = [];
  for (let current = reported; descendants.length < after;) {
    const children = rows.filter((r) => r.parentSegmentId === current.id);
    const next = children[children.length - 1];
    if (!next) break;
    descendants.push(next);
    current = next;
  }
  return [...ancestors, reported, ...descendants];
}

/**
 * The answer of a signed-in person's segment as it is stored now (an answer being written is saved as it grows), for
 * reading it aloud (the speech module); null when the conversation is not theirs, is deleted, or has no such segment.
 */
export async function answerToReadOf(
  { db }: DbContext,
  userId: string,
  conversationId: string,
  segmentId: string,
): Promise<{ answer: string; inProgress: boolean } | null> {
  const [row] = await db
    .select({ answer: conversationSegments.answer, status: conversationSegments.status })
    .from(conversationSegments)
    .innerJoin(conversations, eq(conversations.id, conversationSegments.conversationId))
    .where(
      and(
        eq(conversationSegments.id, segmentId),
        eq(conversationSegments.conversationId, conversationId),
        eq(conversations.userId, userId),
        isNull(conversations.deletedAt),
      ),
    )
    .limit(1);
  return row ? { answer: row.answer, inProgress: row.status === 'InProgress' } : null;
}
