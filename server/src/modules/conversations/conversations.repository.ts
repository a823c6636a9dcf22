// Queries of the conversations module: conversations, their segments and the usage written on them.
import { and, asc, eq, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  conversationSegments,
  conversations,
  type ConversationRow,
  type SegmentFeedback,
  type SegmentRow,
} from '../../db/schema/index.js';
import type { SegmentOutcome } from '../../ai/chat-orchestrator.js';

export type NewConversation = typeof conversations.$inferInsert;
export type NewSegment = typeof conversationSegments.$inferInsert;

export async function findConversation(db: Db, id: string): Promise<ConversationRow | null> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id)).limit(1);
  return row ?? null;
}

export async function listSegments(db: Db, conversationId: string): Promise<SegmentRow[]> {
  return db.select().from(conversationSegments).where(eq(conversationSegments.conversationId, conversationId)).orderBy(asc(conversationSegments.createdAt), asc(conversationSegments.id));
}

/** What prompt assembly and lineage checks need: no logs, citations or usage. */
export async function listLineage(db: Db, conversationId: string) {
  return db
    .select({
      id: conversationSegments.id,
      parentSegmentId: conversationSegments.parentSegmentId,
      question: conversationSegments.question,
      answer: conversationSegments.answer,
      createdAt: conversationSegments.createdAt,
      // the uploads of earlier questions go to the model again; naming them here spares a query when there are none
      visionImageIds: conversationSegments.visionImageIds,
      attachmentIds: conversationSegments.attachmentIds,
    })
    .from(conversationSegments)
    .where(eq(conversationSegments.conversationId, conversationId))
    .orderBy(asc(conversationSegments.createdAt), asc(conversationSegments.id));
}

export type LineageRow = Awaited<ReturnType<typeof listLineage>>[number];

export async function findSegment(db: Db, conversationId: string, segmentId: string): Promise<SegmentRow | null> {
  const [row] = await db
    .select()
    .from(conversationSegments)
    .where(and(eq(conversationSegments.id, segmentId), eq(conversationSegments.conversationId, conversationId)))
    .limit(1);
  return row ?? null;
}

/**
 * The rows of a new turn in one statement (data-modifying WITH queries commit together, and the segment's
 * reference to a conversation inserted beside it is checked at the statement's end): the conversation when
 * it is new, the segment, the conversation's selected leaf, and `also` (the agent's recent use). One
 * round trip instead of a transaction of five: with PGlite every statement costs the server's thread.
 */
export async function createTurn(
  db: Db,
  conversation: NewConversation | null,
  segment: NewSegment & { id: string; conversationId: string },
  at: Date,
  also?: SQLWrapper,
): Promise<void> {
  const writes: SQLWrapper[] = [
    conversation
      ? db.insert(conversations).values({ ...conversation, selectedLeafSegmentId: segment.id, lastModifiedAt: at })
      : db.update(conversations).set({ selectedLeafSegmentId: segment.id, lastModifiedAt: at }).where(eq(conversations.id, segment.conversationId)),
    db.insert(conversationSegments).values(segment),
    ...(also ? [also] : []),
  ];
  // each builder renders in parentheses: with w0 as (insert …), w1 as (insert …) select 1
  await db.execute(sql`with ${sql.join(writes.map((w, i) => sql`${sql.raw(`w${i}`)} as ${w}`), sql`, `)} select 1`);
}

export async function saveAnswer(db: Db, segmentId: string, answer: string): Promise<void> {
  await db.update(conversationSegments).set({ answer }).where(and(eq(conversationSegments.id, segmentId), eq(conversationSegments.status, 'InProgress')));
}

/** The columns a finished segment gets from its outcome. */
export const finishedColumns = (outcome: SegmentOutcome) => ({
  answer: outcome.answer,
  status: outcome.status,
  completedAt: outcome.completedAt,
  citations: outcome.citations,
  answeredWithModel: outcome.answeredWithModel,
  executionLogs: outcome.executionLogs,
  ...outcome.usage,
});

export async function finishSegment(db: Db, segmentId: string, outcome: SegmentOutcome): Promise<SegmentRow> {
  const [row] = await db.update(conversationSegments).set(finishedColumns(outcome)).where(eq(conversationSegments.id, segmentId)).returning();
  if (!row) throw new Error(`segment ${segmentId} vanished before it finished`);
  return row;
}

/** Only while the title is still the first question: a rename in the meantime wins. */
export async function replaceInitialTitle(db: Db, conversationId: string, initialTitle: string, title: string): Promise<void> {
  await db
    .update(conversations)
    .set({ title, titleIsGenerated: true })
    .where(and(eq(conversations.id, conversationId), eq(conversations.title, initialTitle), eq(conversations.titleIsGenerated, false)));
}

export async function updateConversation(
  db: Db,
  id: string,
  values: Partial<Pick<ConversationRow, 'title' | 'titleIsGenerated' | 'archived' | 'deletedAt' | 'selectedLeafSegmentId' | 'lastModifiedAt'>>,
): Promise<void> {
  await db.update(conversations).set(values).where(eq(conversations.id, id));
}

export async function setFeedback(db: Db, segmentId: string, feedback: SegmentFeedback | null): Promise<void> {
  await db.update(conversationSegments).set({ feedback }).where(eq(conversationSegments.id, segmentId));
}

export interface ListFilter {
  userId: string;
  includeArchived: boolean;
  includeDeleted: boolean;
  onlyArchived: boolean;
  /** lower-case text the title must contain */
  titleContains: string | null;
  after: { lastModifiedAt: string; id: string } | null;
  limit: number;
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Newest lastModifiedAt first, keyset-paged over (last_modified_at, id) along conversations_user_modified_idx. */
export async function listConversations(db: Db, f: ListFilter) {
  // previews of configuration states are not part of a person's conversations
  const where: SQL[] = [eq(conversations.userId, f.userId), eq(conversations.isTemporary, false), isNull(conversations.configStateId)];
  if (!f.includeDeleted) where.push(isNull(conversations.deletedAt));
  if (f.onlyArchived) where.push(eq(conversations.archived, true));
  else if (!f.includeArchived) where.push(eq(conversations.archived, false));
  if (f.titleContains) where.push(sql`${conversations.titleLower} like ${`%${likeEscape(f.titleContains)}%`}`);
  if (f.after) where.push(sql`(${conversations.lastModifiedAt}, ${conversations.id}) < (${f.after.lastModifiedAt}::timestamptz, ${f.after.id}::uuid)`);
  return db
    .select({
      row: conversations,
      // the exact stored value (microseconds) for the continuation token; a JS Date keeps only milliseconds
      cursor: sql<string>`${conversations.lastModifiedAt}::text`,
    })
    .from(conversations)
    .where(and(...where))
    // NULLS LAST as in the index (drizzle-kit writes it), so that the planner walks the index in order
    .orderBy(sql`${conversations.lastModifiedAt} desc nulls last`, sql`${conversations.id} desc nulls last`)
    .limit(f.limit);
}
