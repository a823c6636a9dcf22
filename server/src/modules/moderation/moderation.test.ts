// Moderation reports: a person reports an answer of their own conversation (and nothing else), moderators list with
// filters and pages, read the reported segments, resolve, reopen and delete, with refusals and audit rows.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AdminOverview, ModerationReport, ModerationReportFacets, ModerationReportList, ModerationSegmentList } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { auditLog, conversationSegments, conversations, moderationReports } from '../../db/schema/index.js';
import { createAgent } from '../agents/agents.test-factory.js';

describe('moderation reports', () => {
  let t: TestApp;
  let moderator: { id: string; token: string };
  let reader: { id: string; token: string };
  let alice: { id: string; token: string };
  let bob: { id: string; token: string };
  let agent: { id: string; name: string };
  let other: { id: string; name: string };
  /** alice's conversation with agent: three segments on one branch (s1 → s2 → s3) and s2b regenerated beside s2 */
  let conv: { id: string; s1: string; s2: string; s2b: string; s3: string };
  /** bob's conversation with the other agent */
  let bobsConv: { id: string; s1: string };

  const call = async <T = unknown>(method: string, url: string, token: string, payload?: unknown) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url: `/api/internal${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const json = String(res.headers['content-type'] ?? '').includes('json');
    return { status: res.statusCode, body: (json && res.body ? JSON.parse(res.body) : undefined) as T };
  };

  async function conversationOf(userId: string, gptSystemId: string, questions: Array<{ key: string; parent: string | null }>, at = new Date()) {
    const [c] = await t.ctx.db.insert(conversations).values({ userId, gptSystemId, title: 'Chat' }).returning();
    const ids: Record<string, string> = {};
    let i = 0;
    for (const q of questions) {
      const [s] = await t.ctx.db
        .insert(conversationSegments)
        .values({
          conversationId: c!.id,
          parentSegmentId: q.parent ? ids[q.parent]! : null,
          question: `Question ${q.key}`,
          answer: `Answer ${q.key}`,
          status: 'Success',
          createdAt: new Date(at.getTime() + i++ * 1000),
        })
        .returning();
      ids[q.key] = s!.id;
    }
    return { id: c!.id, ids };
  }

  const report = (token: string, body: Record<string, unknown>) =>
    call<{ moderationReportId: string; reportStatus: string }>('POST', '/admin/moderationReports', token, {
      gptSystemId: agent.id,
      conversationId: conv.id,
      conversationSegmentId: conv.s2,
      reason: 'Harmful',
      comment: 'Rude answer',
      ...body,
    });
  const auditOf = (id: string) =>
    t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.aggregateType, 'ModerationReport'), eq(auditLog.aggregateId, id)));

  beforeAll(async () => {
    t = await createTestApp();
    moderator = await t.createUser({ actions: ['ModerationReportsRead', 'ModerationReportsWrite', 'GptSystemsRead'], displayName: 'Mona Moderator' });
    reader = await t.createUser({ actions: ['ModerationReportsRead', 'GptSystemsRead'] });
    alice = await t.createUser({ actions: ['GptSystemsRead'], displayName: 'Alice' });
    bob = await t.createUser({ actions: ['GptSystemsRead'], displayName: 'Bob' });
    const a = await createAgent(t.ctx.db, { name: 'Tutor' });
    const o = await createAgent(t.ctx.db, { name: 'Librarian', gptSystemType: 'User' });
    agent = { id: a.id, name: a.name };
    other = { id: o.id, name: o.name };
    const c = await conversationOf(alice.id, agent.id, [
      { key: '1', parent: null },
      { key: '2', parent: '1' },
      { key: '2b', parent: '1' },
      { key: '3', parent: '2' },
    ]);
    conv = { id: c.id, s1: c.ids['1']!, s2: c.ids['2']!, s2b: c.ids['2b']!, s3: c.ids['3']! };
    const b = await conversationOf(bob.id, other.id, [{ key: '1', parent: null }]);
    bobsConv = { id: b.id, s1: b.ids['1']! };
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.ctx.db.delete(moderationReports);
  });

  it('lets a person report an answer of their conversation, once while it is open, and audits it', async () => {
    const res = await report(alice.token, {});
    expect(res.status).toBe(201);
    expect(res.body.reportStatus).toBe('Open');
    const [row] = await t.ctx.db.select().from(moderationReports);
    expect(row).toMatchObject({ reporterUserId: alice.id, reason: 'Harmful', comment: 'Rude answer', status: 'Open', questionPreview: 'Question 2' });
    const audit = await auditOf(res.body.moderationReportId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ domainOperation: 'Created', userId: alice.id });
    expect((audit[0]!.details as { after: { reason: string } }).after.reason).toBe('Harmful');

    const again = await report(alice.token, { reason: 'Other' });
    expect(again.status).toBe(409);
    expect(await t.ctx.db.select().from(moderationReports)).toHaveLength(1);
  });

  it('answers 404 for a conversation the person cannot read, and changes nothing', async () => {
    const audited = async () => (await t.ctx.db.select().from(auditLog).where(eq(auditLog.aggregateType, 'ModerationReport'))).length;
    const auditedBefore = await audited();
    // bob's report of alice's conversation, of a deleted conversation and of an unknown one
    expect((await report(bob.token, {})).status).toBe(404);
    expect((await report(alice.token, { conversationId: randomUUID() })).status).toBe(404);
    const deleted = await conversationOf(alice.id, agent.id, [{ key: '1', parent: null }]);
    await t.ctx.db.update(conversations).set({ deletedAt: new Date() }).where(eq(conversations.id, deleted.id));
    expect((await report(alice.token, { conversationId: deleted.id, conversationSegmentId: deleted.ids['1'] })).status).toBe(404);
    expect(await t.ctx.db.select().from(moderationReports)).toHaveLength(0);
    expect(await audited()).toBe(auditedBefore);
  });

  it('refuses bad input: a segment of another conversation, another agent, an unknown reason, a long comment', async () => {
    const segment = await report(alice.token, { conversationSegmentId: bobsConv.s1 });
    expect(segment.status).toBe(400);
    expect(segment.body).toMatchObject({ code: expect.any(String), details: [{ field: 'conversationSegmentId' }] });
    const wrongAgent = await report(alice.token, { gptSystemId: other.id });
    expect(wrongAgent.status).toBe(400);
    expect(wrongAgent.body).toMatchObject({ details: [{ field: 'gptSystemId' }] });
    expect((await report(alice.token, { reason: 'Automatic' })).status).toBe(400);
    expect((await report(alice.token, { reason: 'Nope' })).status).toBe(400);
    expect((await report(alice.token, { comment: 'x'.repeat(2001) })).status).toBe(400);
    expect((await report(alice.token, { conversationId: 'not-a-uuid' })).status).toBe(400);
    expect(await t.ctx.db.select().from(moderationReports)).toHaveLength(0);
  });

  it('refuses the moderators’ calls to people without the actions (403) and writes to readers', async () => {
    const { body } = await report(alice.token, {});
    const id = body.moderationReportId;
    for (const [method, url] of [
      ['GET', '/admin/moderationReports'],
      ['GET', '/admin/moderationReports/facets'],
      ['GET', `/admin/moderationReports/${id}`],
      ['GET', `/admin/moderationReports/${id}/conversationSegments`],
      ['PUT', `/admin/moderationReports/${id}`],
      ['DELETE', `/admin/moderationReports/${id}`],
    ] as const) {
      expect((await call(method, url, alice.token, method === 'PUT' ? { reportStatus: 'Resolved' } : undefined)).status, `${method} ${url}`).toBe(403);
    }
    expect((await call('GET', `/admin/moderationReports/${id}`, reader.token)).status).toBe(200);
    expect((await call('PUT', `/admin/moderationReports/${id}`, reader.token, { reportStatus: 'Resolved' })).status).toBe(403);
    expect((await call('DELETE', `/admin/moderationReports/${id}`, reader.token)).status).toBe(403);
    const [row] = await t.ctx.db.select().from(moderationReports);
    expect(row!.status).toBe('Open');
  });

  it('lists newest first with status, agent and date filters and pages', async () => {
    const first = (await report(alice.token, { conversationSegmentId: conv.s1, reason: 'Inaccurate' })).body.moderationReportId;
    const second = (await report(alice.token, { conversationSegmentId: conv.s3 })).body.moderationReportId;
    const third = (
      await report(bob.token, { gptSystemId: other.id, conversationId: bobsConv.id, conversationSegmentId: bobsConv.s1, reason: 'PersonalData', comment: '' })
    ).body.moderationReportId;
    // spread the reports over three days
    const day = 24 * 3600 * 1000;
    const now = Date.now();
    await t.ctx.db
      .update(moderationReports)
      .set({ createdAt: new Date(now - 2 * day) })
      .where(eq(moderationReports.id, first));
    await t.ctx.db
      .update(moderationReports)
      .set({ createdAt: new Date(now - day) })
      .where(eq(moderationReports.id, second));
    await call('PUT', `/admin/moderationReports/${second}`, moderator.token, { reportStatus: 'Resolved' });

    const list = async (query: string) => {
      const res = await call<ModerationReportList>('GET', `/admin/moderationReports${query}`, reader.token);
      expect(res.status, query).toBe(200);
      return res.body;
    };
    const all = await list('');
    expect(all.items.map((r) => r.moderationReportId)).toEqual([third, second, first]);
    expect(all.items[0]).toMatchObject({
      gptSystemName: 'Librarian',
      reason: 'PersonalData',
      reportedBy: { userId: bob.id, displayName: 'Bob' },
      questionPreview: 'Question 1',
      currentUserActions: [],
    });
    expect(all.items[1]).toMatchObject({ reportStatus: 'Resolved', resolvedBy: { userId: moderator.id } });
    expect((await list('?reportStatus=Open')).items.map((r) => r.moderationReportId)).toEqual([third, first]);
    expect((await list('?reportStatus=Resolved')).items.map((r) => r.moderationReportId)).toEqual([second]);
    expect((await list(`?gptSystemId=${other.id}`)).items.map((r) => r.moderationReportId)).toEqual([third]);
    const from = encodeURIComponent(new Date(now - 1.5 * day).toISOString());
    const to = encodeURIComponent(new Date(now - 0.5 * day).toISOString());
    expect((await list(`?createdFrom=${from}&createdTo=${to}`)).items.map((r) => r.moderationReportId)).toEqual([second]);
    expect((await list(`?createdFrom=${from}&reportStatus=Open&gptSystemId=${agent.id}`)).items).toEqual([]);

    const page1 = await list('?pageSize=2');
    expect(page1.items.map((r) => r.moderationReportId)).toEqual([third, second]);
    const page2 = await list(`?pageSize=2&continuationToken=${page1.continuationToken}`);
    expect(page2.items.map((r) => r.moderationReportId)).toEqual([first]);
    expect(page2.continuationToken).toBeNull();

    expect((await call('GET', '/admin/moderationReports?continuationToken=garbage', reader.token)).status).toBe(400);
    expect((await call('GET', '/admin/moderationReports?reportStatus=Closed', reader.token)).status).toBe(400);
    expect((await call('GET', `/admin/moderationReports?createdFrom=${to}&createdTo=${from}`, reader.token)).status).toBe(400);

    const facets = await call<ModerationReportFacets>('GET', '/admin/moderationReports/facets', reader.token);
    expect(facets.body.gptSystems.map((a) => a.name)).toEqual(['Librarian', 'Tutor']);
  });

  it('shows the moderators the reported segment with its neighbours on its branch', async () => {
    const id = (await report(alice.token, {})).body.moderationReportId;
    const res = await call<ModerationSegmentList>('GET', `/admin/moderationReports/${id}/conversationSegments`, reader.token);
    expect(res.status).toBe(200);
    // s2b, regenerated beside s2, is not on s2's branch
    expect(res.body.items.map((s) => [s.question, s.answer, s.isReported])).toEqual([
      ['Question 1', 'Answer 1', false],
      ['Question 2', 'Answer 2', true],
      ['Question 3', 'Answer 3', false],
    ]);
    // the conversation deleted by its owner is still evidence; removed for good, nothing is shown
    await t.ctx.db.update(conversations).set({ deletedAt: new Date() }).where(eq(conversations.id, conv.id));
    expect((await call<ModerationSegmentList>('GET', `/admin/moderationReports/${id}/conversationSegments`, reader.token)).body.items).toHaveLength(3);
    await t.ctx.db.update(conversations).set({ deletedAt: null }).where(eq(conversations.id, conv.id));
    expect((await call('GET', `/admin/moderationReports/${randomUUID()}/conversationSegments`, reader.token)).status).toBe(404);
  });

  it('resolves, reopens and deletes, auditing each change, and counts the open reports for the sidebar', async () => {
    const id = (await report(alice.token, {})).body.moderationReportId;
    await report(bob.token, { gptSystemId: other.id, conversationId: bobsConv.id, conversationSegmentId: bobsConv.s1 });
    const openCount = async () => (await call<AdminOverview>('GET', '/admin/overview', moderator.token)).body.items.find((i) => i.key === 'moderation')?.count;
    expect(await openCount()).toBe(2);
    // people who may not read reports get no count
    expect((await call<AdminOverview>('GET', '/admin/overview', alice.token)).body.items.find((i) => i.key === 'moderation')).toBeUndefined();

    const resolved = await call<ModerationReport>('PUT', `/admin/moderationReports/${id}`, moderator.token, {
      reportStatus: 'Resolved',
      resolutionComment: 'Prompt tightened',
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({
      reportStatus: 'Resolved',
      resolutionComment: 'Prompt tightened',
      resolvedBy: { userId: moderator.id, displayName: 'Mona Moderator' },
      currentUserActions: ['Edit', 'Delete'],
    });
    expect(resolved.body.resolvedAt).not.toBeNull();
    expect(await openCount()).toBe(1);

    // while resolved, alice may report the answer again; reopening the first would make two open reports of hers
    expect((await report(alice.token, { reason: 'Other' })).status).toBe(201);
    expect((await call('PUT', `/admin/moderationReports/${id}`, moderator.token, { reportStatus: 'Open' })).status).toBe(409);
    await t.ctx.db.delete(moderationReports).where(and(eq(moderationReports.reason, 'Other')));
    const reopened = await call<ModerationReport>('PUT', `/admin/moderationReports/${id}`, moderator.token, { reportStatus: 'Open' });
    expect(reopened.body).toMatchObject({ reportStatus: 'Open', resolvedAt: null, resolvedBy: null });

    expect((await call('PUT', `/admin/moderationReports/${id}`, moderator.token, { reportStatus: 'Gone' })).status).toBe(400);
    // the audit log names the report by its reason and agent
    const auditor = (await t.createUser({ actions: ['ConfigurationAuditLogRead'] })).token;
    const name = await call<{ name: string | null }>('GET', `/admin/audit/aggregateRootName?type=ModerationReport&aggregateRootId=${id}`, auditor);
    expect(name.body.name).toBe('Harmful report on Tutor');
    expect((await call('DELETE', `/admin/moderationReports/${id}`, moderator.token)).status).toBe(204);
    expect((await call('GET', `/admin/moderationReports/${id}`, moderator.token)).status).toBe(404);
    expect((await call('DELETE', `/admin/moderationReports/${id}`, moderator.token)).status).toBe(404);
    expect((await call('PUT', `/admin/moderationReports/${randomUUID()}`, moderator.token, { reportStatus: 'Resolved' })).status).toBe(404);

    const audit = await auditOf(id);
    expect(audit.map((a) => a.domainOperation).sort()).toEqual(['Created', 'Deleted', 'Reopened', 'Resolved']);
    const resolvedRow = audit.find((a) => a.domainOperation === 'Resolved')!;
    expect(resolvedRow.userId).toBe(moderator.id);
    expect(resolvedRow.details).toMatchObject({ before: { reportStatus: 'Open' }, after: { reportStatus: 'Resolved', resolutionComment: 'Prompt tightened' } });
  });
});
