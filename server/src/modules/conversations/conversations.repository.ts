// Queries of the conversations module: conversations, their segments and the usage written on them.
import { and, asc, eq, getTableName, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, RootDb } from '../../db/client.js';
import { quoteName, runStatement, runStatementIn, Statement, insertRows } from '../../db/statement.js';
import { laneFor, WriteLane } from '../../db/write-lane.js';
import {
  conversationSegments,
  conversations,
  type ConversationRow,
  type SegmentExecutionLog,
  type SegmentFeedback,
  type SegmentRow,
} from '../../db/schema/index.js';
import type { SegmentOutcome } from '../../ai/chat-turn.js';
import { ownerIsGone, ProcessId } from '../../platform/server-processes.js';
import { agentUseStatement } from '../agents/agents.service.js';

export type NewConversation = typeof conversations.$inferInsert;
export type NewSegment = typeof conversationSegments.$inferInsert;

export async function findConversation(db: Db, id: string): Promise<ConversationRow | null> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id)).limit(1);
  return row ?? null;
}

export async function listSegments(db: Db, conversationId: string): Promise<SegmentRow[]> {
  return db
    .select()
    .from(conversationSegments)
    .where(eq(conversationSegments.conversationId, conversationId))
    .orderBy(asc(conversationSegments.createdAt), asc(conversationSegments.id));
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

/** A turn's rows: the conversation when it is new (else its selected leaf moves), the segment, the agent's recent use. */
export interface TurnWrite {
  conversation: NewConversation | null;
  segment: NewSegment & { id: string; conversationId: string };
  at: Date;
  /** null for previews, which are not a use of an agent */
  use: { userId: string; gptSystemId: string; at: Date } | null;
}

/**
 * The rows of these turns in one statement of data-modifying WITH queries: they commit together, and a
 * segment's reference to a conversation inserted beside it is checked at the statement's end. Built as
 * text (db/statement.ts): drizzle's builders cost more here than the database did.
 */
function turnsStatement(writes: readonly TurnWrite[]): { text: string; st: Statement } {
  const st = new Statement();
  const created = writes.filter((w) => w.conversation !== null);
  // a conversation continued twice in one batch gets the later leaf (one statement updates a row once)
  const continued = new Map<string, TurnWrite>();
  for (const w of writes) if (!w.conversation && (continued.get(w.segment.conversationId)?.at ?? 0) <= w.at) continued.set(w.segment.conversationId, w);
  const uses = writes.flatMap((w) => (w.use ? [w.use] : []));
  const c = conversations;
  const parts: string[] = [
    ...(created.length
      ? [
          insertRows(
            st,
            c,
            created.map((w) => ({ ...w.conversation!, selectedLeafSegmentId: w.segment.id, lastModifiedAt: w.at })),
          ),
        ]
      : []),
    ...[...continued.values()].map(
      (w) =>
        `update ${quoteName(getTableName(c))} set ${quoteName(c.selectedLeafSegmentId.name)} = ${st.param(w.segment.id)}, ` +
        `${quoteName(c.lastModifiedAt.name)} = ${st.param(w.at, c.lastModifiedAt)} where ${quoteName(c.id.name)} = ${st.param(w.segment.conversationId)}`,
    ),
    insertRows(
      st,
      conversationSegments,
      writes.map((w) => w.segment),
    ),
    ...(uses.length ? [agentUseStatement(st, uses)] : []),
  ];
  return { text: `with ${parts.map((p, i) => `w${i} as (${p})`).join(', ')} select 1`, st };
}

const runTurns = (db: RootDb, writes: readonly TurnWrite[]) => {
  const { text, st } = turnsStatement(writes);
  return runStatement(db, text, st);
};

/**
 * Writes one turn's rows in the caller's transaction, not through the lane: a turn near its person's usage limit is
 * started under their lock (usage-limits.claims.ts). The same statement.
 */
export async function createTurnIn(tx: Db, write: TurnWrite): Promise<void> {
  const { text, st } = turnsStatement([write]);
  await runStatementIn(tx, text, st);
}

/**
 * Whether an answer of the person is being written (InProgress) that started since `since`, with this agent or (null)
 * any: the usage limits' check near a person's limit (usage-limits.claims.ts). Read through the person's conversations
 * changed since then (conversations_user_modified_idx; a turn sets its conversation's last change to its own time).
 */
export async function personAnswerInProgress(db: Db, userId: string, since: Date, gptSystemId: string | null): Promise<boolean> {
  const s = conversationSegments;
  const c = conversations;
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(c)
    .innerJoin(s, eq(s.conversationId, c.id))
    .where(
      and(
        eq(c.userId, userId),
        sql`${c.lastModifiedAt} >= ${since.toISOString()}::timestamptz`,
        sql`${s.createdAt} >= ${since.toISOString()}::timestamptz`,
        eq(s.status, 'InProgress'),
        isNull(s.performanceTestRunId),
        gptSystemId ? eq(s.gptSystemId, gptSystemId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Turns per statement (db/write-lane.ts). */
const MaxTurnsPerWrite = 16;

const lanes = new WeakMap<RootDb, WriteLane<TurnWrite>>();
/** The chat path's writes of this database: turns grouped into one statement, the other writes in order with them. */
const lane = (db: RootDb) => laneFor(lanes, db, () => new WriteLane<TurnWrite>((writes) => runTurns(db, writes), MaxTurnsPerWrite));
const inLane = <T>(db: RootDb, work: () => Promise<T>): Promise<T> => lane(db).run(work);

/** Writes a turn's rows; turns waiting for the lane together go in one statement (a group commit). */
export function createTurn(db: RootDb, write: TurnWrite): Promise<void> {
  return lane(db).add(write);
}

export async function saveAnswer(db: RootDb, segmentId: string, answer: string): Promise<void> {
  await inLane(db, async () => {
    await db
      .update(conversationSegments)
      .set({ answer })
      .where(and(eq(conversationSegments.id, segmentId), eq(conversationSegments.status, 'InProgress'), ownedHere));
  });
}

/**
 * Only the process that owns an answer writes it: one that lost it to a takeover (it was cut from Redis long enough
 * to be taken for dead, platform/answer-leases.ts) no longer does, so an answer is never finished twice.
 */
const ownedHere = sql`${conversationSegments.ownerProcessId} = ${ProcessId}::uuid`;

/** The segment's status; null when there is no such segment. */
export async function segmentStatus(db: RootDb, segmentId: string): Promise<string | null> {
  const [row] = await db.select({ status: conversationSegments.status }).from(conversationSegments).where(eq(conversationSegments.id, segmentId)).limit(1);
  return row?.status ?? null;
}

/**
 * Makes this process the owner of an answer another process was writing when it died; null when it is not there to
 * take (it ended meanwhile, or someone else took it).
 */
export async function claimSegment(db: RootDb, segmentId: string): Promise<SegmentRow | null> {
  const [row] = await inLane(db, () =>
    db
      .update(conversationSegments)
      .set({ ownerProcessId: ProcessId })
      .where(
        and(
          eq(conversationSegments.id, segmentId),
          eq(conversationSegments.status, 'InProgress'),
          sql`${conversationSegments.ownerProcessId} is distinct from ${ProcessId}::uuid`,
        ),
      )
      .returning(),
  );
  return row ?? null;
}

/** The columns a finished segment gets from its outcome. */
export const finishedColumns = (outcome: SegmentOutcome) => ({
  answer: outcome.answer,
  status: outcome.status,
  completedAt: outcome.completedAt,
  citations: outcome.citations,
  answeredWithModel: outcome.answeredWithModel,
  executionLogs: outcome.executionLogs,
  providerError: outcome.providerError,
  codeInterpreterOutput: outcome.codeInterpreterOutput ?? null,
  ...outcome.usage,
});

export async function finishSegment(db: RootDb, segmentId: string, outcome: SegmentOutcome): Promise<SegmentRow> {
  const [row] = await inLane(db, () =>
    db
      .update(conversationSegments)
      .set(finishedColumns(outcome))
      .where(and(eq(conversationSegments.id, segmentId), ownedHere))
      .returning(),
  );
  if (!row) throw new Error(`segment ${segmentId} vanished, or was taken over by another process, before it finished`);
  return row;
}

/** An empty conversation (POST /userConversations): no segment and no title until its first question. */
export async function insertConversation(db: RootDb, values: NewConversation): Promise<ConversationRow> {
  return inLane(db, async () => {
    const [row] = await db.insert(conversations).values(values).returning();
    return row!;
  });
}

/** The first question of an empty conversation becomes its title, unless someone named it meanwhile. */
export async function setFirstTitle(db: RootDb, conversationId: string, title: string): Promise<void> {
  await inLane(db, async () => {
    await db
      .update(conversations)
      .set({ title })
      .where(and(eq(conversations.id, conversationId), eq(conversations.title, '')));
  });
}

/** Only while the title is still the first question: a rename in the meantime wins. */
export async function replaceInitialTitle(db: RootDb, conversationId: string, initialTitle: string, title: string): Promise<void> {
  await inLane(db, async () => {
    await db
      .update(conversations)
      .set({ title, titleIsGenerated: true })
      .where(and(eq(conversations.id, conversationId), eq(conversations.title, initialTitle), eq(conversations.titleIsGenerated, false)));
  });
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
  // previews of configuration states and performance tests' questions are not part of a person's conversations
  const where: SQL[] = [
    eq(conversations.userId, f.userId),
    eq(conversations.isTemporary, false),
    isNull(conversations.configStateId),
    isNull(conversations.performanceTestRunId),
  ];
  // an empty conversation (POST /userConversations) joins the list with its first question
  where.push(sql`(${conversations.selectedLeafSegmentId} is not null or ${conversations.title} <> '')`);
  if (!f.includeDeleted) where.push(isNull(conversations.deletedAt));
  if (f.onlyArchived) where.push(eq(conversations.archived, true));
  else if (!f.includeArchived) where.push(eq(conversations.archived, false));
  if (f.titleContains) where.push(sql`${conversations.titleLower} like ${`%${likeEscape(f.titleContains)}%`}`);
  if (f.after) where.push(sql`(${conversations.lastModifiedAt}, ${conversations.id}) < (${f.after.lastModifiedAt}::timestamptz, ${f.after.id}::uuid)`);
  return (
    db
      .select({
        row: conversations,
        // the exact stored value (microseconds) for the continuation token; a JS Date keeps only milliseconds
        cursor: sql<string>`${conversations.lastModifiedAt}::text`,
      })
      .from(conversations)
      .where(and(...where))
      // NULLS LAST as in the index (drizzle-kit writes it), so that the planner walks the index in order
      .orderBy(sql`${conversations.lastModifiedAt} desc nulls last`, sql`${conversations.id} desc nulls last`)
      .limit(f.limit)
  );
}

/** A visitor's conversations with a public endpoint (docs/public-chat.md), newest first: the visitor index's walk. */
export async function listVisitorConversations(db: Db, f: { endpointName: string; sessionIdentifier: string; limit: number }) {
  return db
    .select({ id: conversations.id, title: conversations.title, lastModifiedAt: conversations.lastModifiedAt })
    .from(conversations)
    .where(
      and(
        eq(conversations.publicEndpointName, f.endpointName),
        eq(conversations.sessionIdentifier, f.sessionIdentifier),
        isNull(conversations.userId),
        isNull(conversations.deletedAt),
      ),
    )
    .orderBy(sql`${conversations.lastModifiedAt} desc nulls last`)
    .limit(f.limit);
}

export const InterruptedMessage = 'The server stopped while this answer was being written; it ends here. Regenerate it to get a whole answer.';

/**
 * Ends the answers whose server process is gone (platform/server-processes.ts) as interrupted: 'Aborted',
 * the status clients know for an answer that ended early, with the text saved so far and an execution log
 * saying why. Returns how many were ended.
 */
export async function endAnswersOfStoppedProcesses(db: Db, onlyProcess = false): Promise<number> {
  return endInterrupted(db, ownerIsGone(sql`${conversationSegments.ownerProcessId}`, onlyProcess));
}

/** Ends, as interrupted, an answer this process took over and could not answer again (its person or agent is gone). */
export async function endTakenOverAnswer(db: Db, segmentId: string): Promise<void> {
  await endInterrupted(db, and(eq(conversationSegments.id, segmentId), ownedHere)!);
}

async function endInterrupted(db: Db, which: SQL): Promise<number> {
  const log: SegmentExecutionLog = {
    createdAt: new Date().toISOString(),
    executionLogType: 'Interrupted',
    executionLogDetailLevel: 'Error',
    message: InterruptedMessage,
    isError: true,
  };
  const s = conversationSegments;
  const ended = await db
    .update(s)
    .set({
      status: 'Aborted',
      completedAt: sql`now()`,
      ownerProcessId: null,
      executionLogs: sql`${s.executionLogs} || ${JSON.stringify([log])}::jsonb`,
    })
    .where(and(eq(s.status, 'InProgress'), which))
    .returning({ id: s.id });
  return ended.length;
}
