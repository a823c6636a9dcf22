// Conversation trees, follow-ups, regeneration and the conversation API, over a real socket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Conversation, ConversationList, ExecutionDetails, ResponseModelEvent } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { conversationSegments, conversations } from '../../db/schema/index.js';
import { listConversations } from './conversations.repository.js';
import { answerOf, baseUrl, dataOf, names, postStream, scriptedGateway, systemAgentId } from '../../test/chat-stream.js';

describe('conversations', () => {
  let t: TestApp;
  let base: string;
  let agentId: string;
  let user: { id: string; token: string };
  let other: { id: string; token: string };
  const gateway = scriptedGateway(async function* (request) {
    const question = request.messages[request.messages.length - 1]!.content;
    yield { type: 'text', text: `Answer to: ${question}` };
    yield { type: 'citation', title: 'Handbook', path: 'docs/handbook.pdf' };
    yield { type: 'usage', promptTokens: 20, completionTokens: 4, estimated: false };
  });

  beforeAll(async () => {
    t = await createTestApp();
    t.ctx.models = gateway;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = baseUrl(t);
    agentId = await systemAgentId(t);
    user = await t.createUser({ actions: ['GptSystemsRead'] });
    other = await t.createUser({ actions: ['GptSystemsRead'] });
  });
  afterAll(() => t.close());

  const call = async <T = unknown>(method: string, path: string, body?: unknown, token = user.token, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}/api/internal${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      text,
      body: (text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined) as T,
    };
  };
  const start = async (question: string, token = user.token) => {
    const r = await postStream(
      base,
      `/userConversations/byGptSystemId/${agentId}`,
      { question, visionImageIds: [], attachmentIds: [], session: { sessionIdentifier: randomUUID() }, segmentTraceLogLevel: 'NonPersisted' },
      { token },
    );
    const ids = dataOf<{ ConversationId: string; ConversationSegmentId: string }>(r.events, 'conversation-and-segment-id');
    return { conversationId: ids.ConversationId, segmentId: ids.ConversationSegmentId, r };
  };
  const followUp = (conversationId: string, body: Record<string, unknown>, token = user.token) =>
    postStream(
      base,
      `/userConversations/${conversationId}/segments`,
      { visionImageIds: [], attachmentIds: [], segmentTraceLogLevel: 'NonPersisted', ...body },
      { token },
    );
  const modelOf = (r: Awaited<ReturnType<typeof followUp>>) => dataOf<ResponseModelEvent>(r.events, 'response-model');
  const get = async (id: string) => (await call<Conversation>('GET', `/userConversations/${id}`)).body;
  const segment = (c: Conversation, id: string) => c.conversationSegmentTree.segments.find((s) => s.conversationSegmentId === id)!;

  it('continues by lineage, by a top-level parentId, and from the selected leaf, sending the lineage as history', async () => {
    const { conversationId, segmentId: s1 } = await start('First question');
    const byLineage = await followUp(conversationId, { question: 'Second', lineage: { parentSegmentId: s1, lineageType: 'Question' } });
    expect(byLineage.naive).toEqual(byLineage.events);
    expect(byLineage.spec).toEqual(byLineage.events);
    const s2 = modelOf(byLineage);
    expect(s2.lineage).toEqual({ parentSegmentId: s1, lineageType: 'Question' });
    expect(gateway.requests.at(-1)!.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'First question'],
      ['assistant', 'Answer to: First question'],
      ['user', 'Second'],
    ]);

    const byParentId = await followUp(conversationId, { question: 'Third, branching from the first', parentId: s1 });
    const s3 = modelOf(byParentId);
    expect(s3.lineage.parentSegmentId).toBe(s1);
    expect(gateway.requests.at(-1)!.messages).toHaveLength(3);

    // neither: the selected leaf, which is now the newest segment (s3)
    const byLeaf = await followUp(conversationId, { question: 'Fourth' });
    const s4 = modelOf(byLeaf);
    expect(s4.lineage.parentSegmentId).toBe(s3.conversationSegmentId);
    expect(gateway.requests.at(-1)!.messages.map((m) => m.content)).toEqual([
      'First question',
      'Answer to: First question',
      'Third, branching from the first',
      'Answer to: Third, branching from the first',
      'Fourth',
    ]);

    const c = await get(conversationId);
    expect(c.conversationSegmentTree.childrenSegmentIds).toEqual([s1]);
    expect(c.conversationSegmentTree.segmentPath).toEqual([s1, s3.conversationSegmentId, s4.conversationSegmentId]);
    expect(segment(c, s1).childrenSegmentIds).toEqual([s2.conversationSegmentId, s3.conversationSegmentId]);
    expect(segment(c, s1)).toMatchObject({
      question: 'First question',
      answer: 'Answer to: First question',
      status: 'Success',
      citations: [{ title: 'Handbook', path: 'docs/handbook.pdf' }],
      answeredWithModel: { displayName: 'Scripted model', category: 'OpenAI' },
      feedback: null,
      visionImages: [],
      attachments: [],
      regeneratedSegmentIds: [],
      lineage: { parentSegmentId: null, lineageType: 'Question' },
    });
    expect(c).toMatchObject({
      title: 'First question',
      gptSystem: { gptSystemId: agentId, name: 'Atrium Assistant', gptSystemType: 'System', isPublic: false },
    });

    // switching the selected leaf switches the path; selecting an inner segment follows its newest child
    expect(
      (await call('PUT', `/userConversations/${conversationId}/updateSelectedLeafSegmentId`, { selectedLeafSegmentId: s2.conversationSegmentId })).status,
    ).toBe(204);
    expect((await get(conversationId)).conversationSegmentTree.segmentPath).toEqual([s1, s2.conversationSegmentId]);
    expect((await call('PUT', `/userConversations/${conversationId}/updateSelectedLeafSegmentId`, { segmentId: s1 })).status).toBe(204);
    expect((await get(conversationId)).conversationSegmentTree.segmentPath).toEqual([s1, s3.conversationSegmentId, s4.conversationSegmentId]);
    const foreign = await start('Elsewhere');
    expect((await call('PUT', `/userConversations/${conversationId}/updateSelectedLeafSegmentId`, { selectedLeafSegmentId: foreign.segmentId })).status).toBe(
      400,
    );

    // a lineage naming no parent edits the first question: a second root, asked without history
    const rootEdit = modelOf(
      await followUp(conversationId, { question: 'First question, reworded', lineage: { parentSegmentId: null, lineageType: 'Question' } }),
    );
    expect(rootEdit.lineage.parentSegmentId).toBeNull();
    expect(gateway.requests.at(-1)!.messages.map((m) => m.content)).toEqual(['First question, reworded']);
    const tree = (await get(conversationId)).conversationSegmentTree;
    expect(tree.childrenSegmentIds).toEqual([s1, rootEdit.conversationSegmentId]);
    expect(tree.segmentPath).toEqual([rootEdit.conversationSegmentId]);
  });

  it('regenerates a segment as a sibling answering the same question, by route and by lineage type', async () => {
    const { conversationId, segmentId: s1 } = await start('Root');
    const s2 = modelOf(await followUp(conversationId, { question: 'Regenerate me', lineage: { parentSegmentId: s1, lineageType: 'Question' } }));
    const viaRoute = await postStream(base, `/userConversations/${conversationId}/segments/${s2.conversationSegmentId}/regenerate`, undefined, {
      token: user.token,
    });
    expect(names(viaRoute.events)[0]).toBe('conversation-and-segment-id');
    const r1 = modelOf(viaRoute);
    expect(r1).toMatchObject({ question: 'Regenerate me', lineage: { parentSegmentId: s1, lineageType: 'Regenerate' }, status: 'Success' });
    const viaLineage = await followUp(conversationId, {
      question: 'Regenerate me',
      lineage: { parentSegmentId: s2.conversationSegmentId, lineageType: 'Regenerate' },
    });
    const r2 = modelOf(viaLineage);
    expect(r2.lineage).toEqual({ parentSegmentId: s1, lineageType: 'Regenerate' });

    const c = await get(conversationId);
    expect(segment(c, s2.conversationSegmentId).regeneratedSegmentIds).toEqual([r1.conversationSegmentId, r2.conversationSegmentId]);
    expect(segment(c, s1).childrenSegmentIds).toEqual([s2.conversationSegmentId, r1.conversationSegmentId, r2.conversationSegmentId]);
    expect(c.conversationSegmentTree.segmentPath).toEqual([s1, r2.conversationSegmentId]);
  });

  it("refuses a parent segment of another conversation (400) and someone else's conversation (404), writing nothing", async () => {
    const mine = await start('Mine');
    const another = await start('Another');
    const count = async () => (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(conversationSegments))[0]!.n;
    const before = await count();
    const wrongParent = await followUp(mine.conversationId, { question: 'x', lineage: { parentSegmentId: another.segmentId, lineageType: 'Question' } });
    expect(wrongParent.status).toBe(400);
    expect((await followUp(mine.conversationId, { question: 'x', parentId: another.segmentId })).status).toBe(400);
    expect((await followUp(mine.conversationId, { question: 'x' }, other.token)).status).toBe(404);
    expect((await followUp(randomUUID(), { question: 'x' })).status).toBe(404);
    expect((await followUp(mine.conversationId, { question: '' })).status).toBe(400);
    expect(await count()).toBe(before);
    for (const [method, path] of [
      ['GET', ''],
      ['DELETE', ''],
      ['PUT', '/archive'],
      ['GET', '/export'],
      ['GET', '/citations'],
      ['GET', '/traceLogs'],
    ] as const) {
      expect((await call(method, `/userConversations/${mine.conversationId}${path}`, undefined, other.token)).status).toBe(404);
    }
    expect((await call('PUT', '/userConversations/updateTitle', { conversationId: mine.conversationId, title: 'Stolen' }, other.token)).status).toBe(404);
  });

  describe('the list', () => {
    let lister: { id: string; token: string };
    const ids: string[] = [];
    beforeAll(async () => {
      lister = await t.createUser({ actions: ['GptSystemsRead'] });
      for (let i = 1; i <= 7; i++) ids.push((await start(`Topic number ${i}${i === 5 ? ' about 100% Zebras_' : ''}`, lister.token)).conversationId);
    });
    const list = async (query: string) => (await call<ConversationList>('GET', `/userConversations${query}`, undefined, lister.token)).body;

    it('pages newest first with an opaque continuation token', async () => {
      const seen: string[] = [];
      const sizes: number[] = [];
      let token: string | null = null;
      do {
        const page: ConversationList = await list(`?pageSize=3${token ? `&continuationToken=${encodeURIComponent(token)}` : ''}`);
        sizes.push(page.items.length);
        seen.push(...page.items.map((i) => i.conversationId));
        token = page.continuationToken;
      } while (token);
      expect(sizes).toEqual([3, 3, 1]);
      expect(seen).toEqual([...ids].reverse());
      const first = (await list('?pageSize=50')).items[0]!;
      expect(first).toMatchObject({
        conversationId: ids[6],
        title: 'Topic number 7',
        conversationStatus: 'InProgress',
        gptSystem: { gptSystemId: agentId, name: 'Atrium Assistant', gptSystemType: 'System', isPublic: false },
        gptSystemId: agentId,
        isShareable: false,
        isHidden: false,
        archived: false,
      });
      expect(first.currentUserActions.length).toBeGreaterThan(0);
      expect((await call('GET', '/userConversations?continuationToken=not-a-token', undefined, lister.token)).status).toBe(400);
      expect((await call('GET', '/userConversations?pageSize=201', undefined, lister.token)).status).toBe(400);
    });

    it('moves a conversation with a new answer to the top', async () => {
      await followUp(ids[0]!, { question: 'Back to the first' }, lister.token);
      expect((await list('?pageSize=1')).items[0]!.conversationId).toBe(ids[0]);
    });

    it('hides archived and deleted conversations unless asked, and lists archived ones on their own', async () => {
      expect((await call('PUT', `/userConversations/${ids[1]}/archive`, undefined, lister.token)).status).toBe(204);
      expect((await call('DELETE', `/userConversations/${ids[2]}`, undefined, lister.token)).status).toBe(204);
      const plain = (await list('')).items.map((i) => i.conversationId);
      expect(plain).not.toContain(ids[1]);
      expect(plain).not.toContain(ids[2]);
      expect((await list('?includeArchived=true')).items.map((i) => i.conversationId)).toContain(ids[1]);
      const withDeleted = (await list('?includeDeleted=true')).items;
      expect(withDeleted.find((i) => i.conversationId === ids[2])).toMatchObject({ isDeleted: true });
      expect((await list('/archived')).items.map((i) => i.conversationId)).toEqual([ids[1]]);
      expect((await call('PUT', `/userConversations/${ids[1]}/unArchive`, undefined, lister.token)).status).toBe(204);
      expect((await list('/archived')).items).toEqual([]);
      expect((await call('PUT', `/userConversations/${ids[2]}/archive`, undefined, lister.token)).status).toBe(404);
    });

    it('searches titles case-insensitively, treating % and _ literally', async () => {
      expect((await list('?title=ZEBRAS')).items.map((i) => i.conversationId)).toEqual([ids[4]]);
      expect((await list('?search=100%25%20zeb')).items.map((i) => i.conversationId)).toEqual([ids[4]]);
      expect((await list('?title=_')).items.map((i) => i.conversationId)).toEqual([ids[4]]);
      expect((await list('?title=nothing-like-this')).items).toEqual([]);
    });

    it('treats a backslash in the search literally, also along the trigram index', async () => {
      expect((await call('PUT', `/userConversations/${ids[5]}/updateTitle`, { title: 'Copy C:\\Temp\\x_y to 50%_done' }, lister.token)).status).toBe(204);
      const found = async (term: string) => (await list(`?title=${encodeURIComponent(term)}`)).items.map((i) => i.conversationId);
      expect(await found('\\temp\\')).toEqual([ids[5]]);
      expect(await found('\\')).toEqual([ids[5]]);
      expect(await found('50%_')).toEqual([ids[5]]);
      expect(await found('c:\\temp\\x%y')).toEqual([]);
      // a small table is scanned; force the index so that the escaped pattern is checked against it too
      expect(t.ctx.database.titleSearchIndexed).toBe(true);
      // small pending-list merges (migration 0009): a 4 MB merge held PGlite's one thread for 100-200 ms
      const options = (await t.ctx.db.execute(sql`select reloptions from pg_class where relname = 'conversations_title_trgm_idx'`)) as unknown as {
        rows: { reloptions: string[] }[];
      };
      expect(options.rows[0]!.reloptions).toContain('gin_pending_list_limit=256');
      const viaIndex = await t.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_indexscan = off`);
        const plan = (await tx.execute(sql`explain select id from conversations where title_lower like ${'%\\\\temp\\\\x\\_y%'}`)) as unknown as {
          rows: Record<string, string>[];
        };
        const rows = await listConversations(tx as never, {
          userId: lister.id,
          includeArchived: true,
          includeDeleted: true,
          onlyArchived: false,
          titleContains: '\\temp\\x_y',
          after: null,
          limit: 10,
        });
        return { plan: plan.rows.map((r) => Object.values(r)[0]).join('\n'), ids: rows.map((r) => r.row.id) };
      });
      expect(viaIndex.plan).toContain('conversations_title_trgm_idx');
      expect(viaIndex.ids).toEqual([ids[5]]);
    });
  });

  it('renames by both paths (1..200 characters) and exports the selected branch as a text download', async () => {
    const { conversationId, segmentId } = await start('Export me');
    await followUp(conversationId, { question: 'And this', parentId: segmentId });
    expect((await call('PUT', '/userConversations/updateTitle', { conversationId, title: '' })).status).toBe(400);
    expect((await call('PUT', '/userConversations/updateTitle', { conversationId, title: 'x'.repeat(201) })).status).toBe(400);
    expect((await call('PUT', `/userConversations/${conversationId}/updateTitle`, { title: 'Plan: a/b <c> "d" \\e| f? g*' })).status).toBe(204);
    expect((await get(conversationId)).title).toBe('Plan: a/b <c> "d" \\e| f? g*');
    const res = await call('GET', `/userConversations/${conversationId}/export`, undefined, user.token, { 'x-timezone': 'Europe/Berlin' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.headers.get('content-disposition')).toContain('filename="Plan ab c d e f g.txt"');
    expect(res.text.indexOf('Export me')).toBeLessThan(res.text.indexOf('Answer to: Export me'));
    expect(res.text.indexOf('Answer to: Export me')).toBeLessThan(res.text.indexOf('And this'));
    expect(res.text).toContain('Answer to: And this');
    expect((await call('PUT', '/userConversations/updateTitle', { conversationId, title: 'Renamed' })).status).toBe(204);
    expect((await get(conversationId)).title).toBe('Renamed');
  });

  it('takes feedback (thumbs and a comment), removes it by both paths, and shows citations, execution details and trace logs', async () => {
    const { conversationId, segmentId } = await start('Rate me');
    const given = await call('POST', `/userConversations/${conversationId}/segments/${segmentId}/feedback`, {
      feedbackType: 'Negative',
      comment: ' Too short ',
    });
    expect(given.status).toBe(200);
    expect(given.body).toMatchObject({ feedbackType: 'Negative', isPositive: false, comment: 'Too short' });
    expect(segment(await get(conversationId), segmentId).feedback).toMatchObject({ feedbackType: 'Negative', comment: 'Too short' });
    expect((await call('POST', `/userConversations/${conversationId}/segments/${segmentId}/feedback`, { isPositive: true })).body).toMatchObject({
      feedbackType: 'Positive',
    });
    expect((await call('POST', `/userConversations/${conversationId}/segments/${segmentId}/feedback`, { comment: 'no verdict' })).status).toBe(400);
    expect((await call('POST', `/userConversations/${conversationId}/segments/${segmentId}/feedback`, { rating: 1, comment: 'c'.repeat(2001) })).status).toBe(
      400,
    );
    expect((await call('DELETE', `/userConversations/${conversationId}/segments/${segmentId}/removeFeedback`)).status).toBe(204);
    expect(segment(await get(conversationId), segmentId).feedback).toBeNull();
    await call('POST', `/userConversations/${conversationId}/segments/${segmentId}/feedback`, { rating: 5 });
    expect((await call('DELETE', `/userConversations/${conversationId}/removeFeedback`, { segmentId })).status).toBe(204);
    expect(segment(await get(conversationId), segmentId).feedback).toBeNull();
    const byQuery = await call('DELETE', `/userConversations/${conversationId}/removeFeedback?segmentId=${segmentId}`);
    expect(byQuery.text).toBe('');
    expect(byQuery.status).toBe(204);

    const citations = await call<{ items: unknown[] }>('GET', `/userConversations/${conversationId}/citations`);
    expect(citations.body.items).toEqual([{ conversationSegmentId: segmentId, citations: [{ title: 'Handbook', path: 'docs/handbook.pdf' }] }]);
    const details = (await call<ExecutionDetails>('GET', `/userConversations/${conversationId}/segments/${segmentId}/executionDetails`)).body;
    expect(details).toMatchObject({
      conversationSegmentId: segmentId,
      status: 'Success',
      usage: { model: 'scripted-model-1', deploymentName: 'scripted', promptTokens: 20, completionTokens: 4, tokensEstimated: false },
    });
    expect(details.usage.durationMs).toBeGreaterThanOrEqual(0);
    expect(details.executionLogs.map((l) => l.executionLogType)).toContain('ModelSelected');
    const traces = await call<{ items: { conversationSegmentId: string }[] }>('GET', `/userConversations/${conversationId}/traceLogs`);
    expect(traces.body.items.length).toBeGreaterThan(0);
    expect(traces.body.items.every((i) => i.conversationSegmentId === segmentId)).toBe(true);
  });

  it('keeps two new conversations with one session identifier apart, and answers a temporary one without listing it', async () => {
    const session = { sessionIdentifier: randomUUID() };
    const body = { question: 'Same session', visionImageIds: [], attachmentIds: [], session };
    const a = await postStream(base, `/userConversations/byGptSystemId/${agentId}`, body, { token: other.token });
    const b = await postStream(base, `/userConversations/byGptSystemId/${agentId}`, { ...body, isTemporary: true }, { token: other.token });
    const idA = dataOf<{ ConversationId: string }>(a.events, 'conversation-and-segment-id').ConversationId;
    const idB = dataOf<{ ConversationId: string }>(b.events, 'conversation-and-segment-id').ConversationId;
    expect(idA).not.toBe(idB);
    expect(answerOf(b.events)).toBe('Answer to: Same session');
    const listed = (await call<ConversationList>('GET', '/userConversations', undefined, other.token)).body.items.map((i) => i.conversationId);
    expect(listed).toContain(idA);
    expect(listed).not.toContain(idB);
    const rows = await t.ctx.db
      .select({ id: conversations.id, s: conversations.sessionIdentifier })
      .from(conversations)
      .where(sql`${conversations.id} in (${idA}, ${idB})`);
    expect(rows.map((r) => r.s)).toEqual([session.sessionIdentifier, session.sessionIdentifier]);
  });
});
