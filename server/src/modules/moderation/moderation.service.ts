// Rules of the moderation module (docs/moderation.md): a signed-in person reports an answer of a conversation they
// can read; moderators list, read, resolve (or reopen) and delete reports. Every change is audited in its transaction.
import { decodePageToken, encodePageToken } from '../../platform/keyset-page.js';
import type { z } from 'zod';
import type {
  ModerationReason,
  ModerationReport,
  ModerationReportFacets,
  ModerationReportInputSchema,
  ModerationReportList,
  ModerationReportQuerySchema,
  ModerationReportReceipt,
  ModerationReportStatus,
  ModerationReportUpdateSchema,
  ModerationSegmentList,
} from '@atrium/contract';
import type { Db } from '../../db/client.js';
import { recordAudit, type AuditActor } from '../../platform/audit.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { DbContext } from '../../platform/context.js';
import { agentNamesById } from '../agents/agents.lookup.js';
import { ownSegmentOf, segmentsAround } from '../conversations/conversations.lookup.js';
import { userNames, type UserName } from '../users/users.lookup.js';
import * as repo from './moderation.repository.js';
import type { ReportRow } from './moderation.repository.js';

type Input = z.output<typeof ModerationReportInputSchema>;
type Update = z.output<typeof ModerationReportUpdateSchema>;

const AggregateType = 'ModerationReport';
const PreviewLength = 200;

const preview = (question: string) => {
  const flat = question.replace(/\s+/g, ' ').trim();
  return flat.length > PreviewLength ? `${flat.slice(0, PreviewLength - 1)}…` : flat;
};

const snapshot = (row: ReportRow) => ({
  gptSystemId: row.gptSystemId,
  conversationId: row.conversationId,
  conversationSegmentId: row.conversationSegmentId,
  reason: row.reason,
  comment: row.comment,
  reportStatus: row.status,
  resolutionComment: row.resolutionComment,
});

async function presentAll(db: Db, rows: readonly ReportRow[]): Promise<ModerationReport[]> {
  const [agents, people] = await Promise.all([
    agentNamesById(
      { db },
      rows.map((r) => r.gptSystemId),
    ),
    userNames(
      { db },
      rows.flatMap((r) => [r.reporterUserId, r.resolvedByUserId].filter((id): id is string => id !== null)),
    ),
  ]);
  const agentName = new Map(agents.map((a) => [a.gptSystemId, a.name]));
  const person = new Map(people.map((p) => [p.userId, p]));
  const who = (id: string | null): UserName | null => (id ? (person.get(id) ?? null) : null);
  return rows.map((row) => ({
    moderationReportId: row.id,
    gptSystemId: row.gptSystemId,
    gptSystemName: agentName.get(row.gptSystemId) ?? null,
    conversationId: row.conversationId,
    conversationSegmentId: row.conversationSegmentId,
    reason: row.reason as ModerationReason,
    comment: row.comment,
    reportStatus: row.status as ModerationReportStatus,
    reportedBy: who(row.reporterUserId),
    questionPreview: row.questionPreview,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolvedBy: who(row.resolvedByUserId),
    resolutionComment: row.resolutionComment,
  }));
}

const presentOne = async (db: Db, row: ReportRow) => (await presentAll(db, [row]))[0]!;

const isUniqueViolation = (e: unknown): boolean => {
  for (let c: unknown = e; c && typeof c === 'object'; c = (c as { cause?: unknown }).cause) if ((c as { code?: unknown }).code === '23505') return true;
  return false;
};

const alreadyReported = () =>
  conflict('You have already reported this answer; a moderator will look at it.', [
    { field: 'conversationSegmentId', message: 'An open report of this answer exists' },
  ]);

/**
 * A person reports an answer. A conversation they cannot read (someone else's, a deleted one, an unknown id) is not
 * found; a segment of another conversation or an agent that is not the conversation's is bad input.
 */
export async function createReport({ db }: DbContext, reporter: AuditActor & { userId: string }, input: Input): Promise<ModerationReportReceipt> {
  const found = await ownSegmentOf({ db }, reporter.userId, input.conversationId, input.conversationSegmentId);
  if (!found) throw notFound('The conversation');
  if (!found.segment) {
    throw badRequest('The answer is not part of this conversation.', [{ field: 'conversationSegmentId', message: 'No such segment in the conversation' }]);
  }
  if (found.conversation.gptSystemId !== input.gptSystemId) {
    throw badRequest('The conversation is not with this agent.', [{ field: 'gptSystemId', message: "Use the conversation's agent" }]);
  }
  const row = await db.transaction(async (tx) => {
    const created = await repo.insertReport(tx, {
      gptSystemId: input.gptSystemId,
      conversationId: input.conversationId,
      conversationSegmentId: input.conversationSegmentId,
      reason: input.reason,
      comment: input.comment,
      reporterUserId: reporter.userId,
      questionPreview: preview(found.segment!.question),
    });
    if (!created) throw alreadyReported();
    await recordAudit(tx, { aggregateType: AggregateType, aggregateId: created.id, domainOperation: 'Created', actor: reporter, after: snapshot(created) });
    return created;
  });
  return { moderationReportId: row.id, reportStatus: row.status as ModerationReportStatus, createdAt: row.createdAt.toISOString() };
}

/**
 * A report the server files itself (an agent's automatic moderation, reason Automatic): no reporter, audited as the
 * system's.
 */
export async function createAutomaticReport(
  { db }: DbContext,
  report: { gptSystemId: string; conversationId: string; conversationSegmentId: string; question: string; comment: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const created = await repo.insertReport(tx, {
      gptSystemId: report.gptSystemId,
      conversationId: report.conversationId,
      conversationSegmentId: report.conversationSegmentId,
      reason: 'Automatic',
      comment: report.comment.slice(0, 2000),
      reporterUserId: null,
      questionPreview: preview(report.question),
    });
    if (created) {
      await recordAudit(tx, {
        aggregateType: AggregateType,
        aggregateId: created.id,
        domainOperation: 'Created',
        actor: { userId: null, userName: 'Automatic moderation' },
        after: snapshot(created),
      });
    }
  });
}

const encodeToken = encodePageToken;
const decodeToken = decodePageToken;

export async function listReports({ db }: DbContext, query: z.output<typeof ModerationReportQuerySchema>): Promise<ModerationReportList> {
  if (query.createdFrom && query.createdTo && Date.parse(query.createdFrom) > Date.parse(query.createdTo)) {
    throw badRequest('The date range is empty.', [{ field: 'createdTo', message: 'Must not be before createdFrom' }]);
  }
  const rows = await repo.listReports(
    db,
    { status: query.reportStatus ?? null, gptSystemId: query.gptSystemId ?? null, from: query.createdFrom ?? null, to: query.createdTo ?? null },
    query.continuationToken ? decodeToken(query.continuationToken) : null,
    query.pageSize + 1,
  );
  const page = rows.slice(0, query.pageSize);
  const last = page[page.length - 1];
  return { items: await presentAll(db, page), continuationToken: rows.length > query.pageSize && last ? encodeToken(last) : null };
}

export async function getReport({ db }: DbContext, id: string): Promise<ModerationReport> {
  const row = await repo.findReport(db, id);
  if (!row) throw notFound('The moderation report');
  return presentOne(db, row);
}

/** Resolves a report (or reopens it): who resolved it and when are kept; reopening clears them. */
export async function updateReport({ db }: DbContext, actor: AuditActor, id: string, update: Update): Promise<ModerationReport> {
  try {
    const row = await db.transaction(async (tx) => {
      const before = await repo.findReport(tx, id, { forUpdate: true });
      if (!before) throw notFound('The moderation report');
      const resolving = update.reportStatus === 'Resolved';
      const changesStatus = before.status !== update.reportStatus;
      const updated = await repo.updateReport(tx, id, {
        status: update.reportStatus,
        resolutionComment: update.resolutionComment,
        ...(changesStatus && resolving ? { resolvedAt: new Date(), resolvedByUserId: actor.userId } : {}),
        ...(!resolving ? { resolvedAt: null, resolvedByUserId: null } : {}),
      });
      await recordAudit(tx, {
        aggregateType: AggregateType,
        aggregateId: id,
        domainOperation: changesStatus ? (resolving ? 'Resolved' : 'Reopened') : 'Updated',
        actor,
        before: snapshot(before),
        after: snapshot(updated!),
      });
      return updated!;
    });
    return presentOne(db, row);
  } catch (e) {
    // reopening while the same person has reported the answer again
    if (isUniqueViolation(e)) throw alreadyReported();
    throw e;
  }
}

export async function deleteReport({ db }: DbContext, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await repo.findReport(tx, id, { forUpdate: true });
    if (!before) throw notFound('The moderation report');
    await repo.deleteReport(tx, id);
    await recordAudit(tx, { aggregateType: AggregateType, aggregateId: id, domainOperation: 'Deleted', actor, before: snapshot(before) });
  });
}

export async function reportSegments({ db }: DbContext, id: string): Promise<ModerationSegmentList> {
  const row = await repo.findReport(db, id);
  if (!row) throw notFound('The moderation report');
  const segments = await segmentsAround({ db }, row.conversationId, row.conversationSegmentId);
  return {
    items: segments.map((s) => ({
      conversationSegmentId: s.id,
      parentSegmentId: s.parentSegmentId,
      question: s.question,
      answer: s.answer,
      status: s.status,
      createdAt: s.createdAt.toISOString(),
      isReported: s.id === row.conversationSegmentId,
    })),
    continuationToken: null,
  };
}

export async function facets({ db }: DbContext): Promise<ModerationReportFacets> {
  return { gptSystems: await agentNamesById({ db }, await repo.reportedAgentIds(db)) };
}

export const countOpenReports = ({ db }: DbContext): Promise<number> => repo.countOpen(db);

/** The audit log's aggregateRootName for a report: its agent and reason. */
export async function reportName({ db }: DbContext, id: string): Promise<string | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const row = await repo.findReport(db, id);
  if (!row) return null;
  const [agent] = await agentNamesById({ db }, [row.gptSystemId]);
  return `${row.reason} report${agent ? ` on ${agent.name}` : ''}`;
}
