// Wire tests of the chat stream: docs/wire-protocol.md's request bodies over a real socket, read by three decoders.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Conversation, ResponseModelEvent } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { conversationSegments, conversations } from '../../db/schema/index.js';
import { composeOfflineAnswer } from '../../ai/offline-engine.js';
import { ModelError, type ModelGateway } from '../../ai/model.types.js';
import { redactSecrets } from '../../ai/provider-errors.js';
import { answerOf, baseUrl, dataOf, eventually, names, postStream, scriptedGateway, sleep, systemAgentId, type StreamResult } from '../../test/chat-stream.js';

const newBody = (question: string) => ({
  question,
  visionImageIds: [],
  attachmentIds: [],
  session: { sessionIdentifier: randomUUID() },
  segmentTraceLogLevel: 'NonPersisted',
});

const Order = ['conversation-and-segment-id', 'step-update', 'response-updated', 'cosmos-db-session-tokens', 'response-model', 'no-more-data'];

/** The event names with runs of response-updated folded into one. */
const shape = (r: StreamResult) => names(r.events).filter((n, i, all) => !(n === 'response-updated' && all[i - 1] === 'response-updated'));

function expectSameForAllDecoders(r: StreamResult) {
  expect(r.naive).toEqual(r.events);
  expect(r.spec).toEqual(r.events);
}

describe('the chat stream', () => {
  let t: TestApp;
  let base: string;
  let agentId: string;
  let user: { id: string; token: string };
  let offline: ModelGateway;

  beforeAll(async () => {
    // an answer whose client left goes on for 300 ms, for a resume (conversations.resume.test.ts), then stops
    t = await createTestApp({ ANSWER_GRACE_MS: '300' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = baseUrl(t);
    agentId = await systemAgentId(t);
    user = await t.createUser({ actions: ['GptSystemsRead'] });
    offline = t.ctx.models;
  });
  afterEach(() => {
    t.ctx.models = offline;
  });
  afterAll(() => t.close());

  const getConversation = async (id: string, token = user.token) => {
    const res = await fetch(`${base}/api/internal/userConversations/${id}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, body: (await res.json()) as Conversation };
  };
  const start = (question: string, headers?: Record<string, string>) =>
    postStream(base, `/userConversations/byGptSystemId/${agentId}`, newBody(question), { token: user.token, headers });

  it('answers a new conversation with the offline engine, events in order, the same for all three decoders', async () => {
    const requestId = randomUUID();
    const r = await start('What can you do?', { 'x-request-id': requestId, 'x-timezone': 'Not/AZone' });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(r.headers.get('cache-control')).toMatch(/no-cache/);
    expect(r.headers.get('x-accel-buffering')).toBe('no');
    expect(r.headers.get('x-request-id')).toBe(requestId);
    expect(shape(r)).toEqual(Order);
    expectSameForAllDecoders(r);
    // one block per event: `event:` and `data:` together, then a blank line
    expect(r.raw.startsWith('event: conversation-and-segment-id\ndata: ')).toBe(true);
    expect(r.raw.endsWith('event: no-more-data\ndata: \n\n')).toBe(true);

    const ids = dataOf<{ ConversationId: string; ConversationSegmentId: string }>(r.events, 'conversation-and-segment-id');
    expect(Object.keys(ids)).toEqual(['ConversationId', 'ConversationSegmentId']);
    expect(r.events[1]).toEqual({ event: 'step-update', data: 'Thinking' });
    expect(dataOf<unknown[]>(r.events, 'cosmos-db-session-tokens')).toEqual([]);
    const expected = composeOfflineAnswer({ passages: [] }).text;
    expect(answerOf(r.events)).toBe(expected);
    expect(r.events.filter((e) => e.event === 'response-updated').length).toBeGreaterThan(5);

    const model = dataOf<ResponseModelEvent>(r.events, 'response-model');
    expect(model).toMatchObject({
      conversationId: ids.ConversationId,
      conversationSegmentId: ids.ConversationSegmentId,
      citations: [],
      status: 'Success',
      answer: expected,
      question: 'What can you do?',
      answeredWithModel: { displayName: 'Offline (no model configured)', category: 'Offline' },
      lineage: { parentSegmentId: null, lineageType: 'Question' },
    });
    expect(model.errors).toBeUndefined();

    const { body } = await getConversation(ids.ConversationId);
    expect(body.title).toBe('What can you do?');
    expect(body.conversationSegmentTree.segmentPath).toEqual([ids.ConversationSegmentId]);
    expect(body.conversationSegmentTree.segments[0]).toMatchObject({ answer: expected, status: 'Success' });
  });

  it('sends multi-byte text as whole characters, even when the model splits a surrogate pair', async () => {
    const parts = ['Grüße ', 'aus ', 'Köln ', '\ud83c', '\udf0d', ' 世界', 'é'];
    t.ctx.models = scriptedGateway(async function* () {
      for (const text of parts) yield { type: 'text', text };
      yield { type: 'usage', promptTokens: 10, completionTokens: 7, estimated: false };
    });
    const r = await start('Say hello in many scripts');
    expectSameForAllDecoders(r);
    const pieces = r.events.filter((e) => e.event === 'response-updated').map((e) => e.data);
    for (const p of pieces) expect(p).not.toContain('\ufffd');
    expect(pieces.join('')).toBe(parts.join(''));
    expect(pieces).toContain('\ud83c\udf0d');
    // each data line is base64 of UTF-8
    const lines = r.raw.split('\n').filter((l) => l.startsWith('data: ') && l.length > 6);
    for (const l of lines) expect(l.slice(6)).toMatch(/^[A-Za-z0-9+/]+=*$/);
  });

  it('records usage on the segment: tokens, time to first token, duration, model, deployment, agent, brand, user', async () => {
    t.ctx.models = scriptedGateway(async function* () {
      await sleep(150);
      yield { type: 'text', text: 'Slow ' };
      yield { type: 'text', text: 'start.' };
      yield { type: 'usage', promptTokens: 42, completionTokens: 3, estimated: false };
    });
    const r = await start('Take your time');
    const ids = dataOf<{ ConversationSegmentId: string }>(r.events, 'conversation-and-segment-id');
    // the ids and the first step arrive before the slow first token
    const firstPiece = names(r.events).indexOf('response-updated');
    expect(r.times[0]!).toBeLessThan(r.times[firstPiece]! - 100);
    const [row] = await t.ctx.db.select().from(conversationSegments).where(eq(conversationSegments.id, ids.ConversationSegmentId));
    expect(row).toMatchObject({
      status: 'Success',
      model: 'scripted-model-1',
      deploymentName: 'scripted',
      promptTokens: 42,
      completionTokens: 3,
      tokensEstimated: false,
      gptSystemId: agentId,
      brandKey: 'default',
      userId: user.id,
    });
    expect(row!.timeToFirstTokenMs!).toBeGreaterThanOrEqual(150);
    expect(row!.durationMs!).toBeGreaterThanOrEqual(row!.timeToFirstTokenMs!);
    expect(row!.completedAt).not.toBeNull();
  });

  it('turns a model error before the first token into an error event, response-model with errors, then no-more-data', async () => {
    t.ctx.models = scriptedGateway(async function* () {
      await sleep(5);
      if (Date.now() > 0) throw new ModelError('The model provider answered 500: upstream is down.', 'upstream', 500);
      yield { type: 'text', text: 'never sent' };
    });
    const r = await start('Will this fail?');
    expect(r.status).toBe(200);
    expectSameForAllDecoders(r);
    expect(names(r.events)).toEqual(['conversation-and-segment-id', 'step-update', 'error', 'cosmos-db-session-tokens', 'response-model', 'no-more-data']);
    const model = dataOf<ResponseModelEvent>(r.events, 'response-model');
    const plain = `The model provider could not answer (HTTP 500). Please try again; if it keeps happening, give your administrator the reference ${model.conversationSegmentId}.`;
    expect(r.events[2]!.data).toBe(plain);
    expect(model.status).toBe('Failed');
    expect(model.errors).toEqual([{ code: 'model_error', message: plain }]);
    const [row] = await t.ctx.db.select().from(conversationSegments).where(eq(conversationSegments.id, model.conversationSegmentId));
    expect(row).toMatchObject({ status: 'Failed', answer: '' });
    expect(row!.executionLogs.some((l) => l.isError)).toBe(true);
  });

  it("never shows a person the provider's error text, which can repeat the key", async () => {
    const key = 'sk-proj-Abc123def456Ghi789jkl012Mno345pqr';
    t.ctx.models = scriptedGateway(async function* () {
      await sleep(5);
      if (Date.now() > 0)
        throw new ModelError(
          `The model provider failed (HTTP 401): Incorrect API key provided: Bearer ${key}. You can find your API key at …`,
          'upstream',
          401,
        );
      yield { type: 'text', text: 'never sent' };
    });
    const r = await start('Does my key leak?');
    const model = dataOf<ResponseModelEvent>(r.events, 'response-model');
    const everything = JSON.stringify(r.events);
    expect(everything).not.toContain(key);
    expect(everything).not.toContain('Incorrect API key');
    expect(model.errors![0]!.message).toContain(model.conversationSegmentId);
    const [row] = await t.ctx.db.select().from(conversationSegments).where(eq(conversationSegments.id, model.conversationSegmentId));
    const { providerError, ...shown } = row!;
    expect(JSON.stringify(row)).not.toContain(key);
    expect(JSON.stringify(shown)).not.toContain('Incorrect API key');
    expect(providerError).toContain('Incorrect API key provided: [redacted]');

    // administrators who look after connections read the provider's words by the reference; nobody else
    const reference = model.conversationSegmentId;
    const connectionsAdmin = await t.createUser({ actions: ['ConnectionsRead'] });
    const asAdmin = await fetch(`${base}/api/internal/admin/providerErrors/${reference}`, { headers: { authorization: `Bearer ${connectionsAdmin.token}` } });
    expect(asAdmin.status).toBe(200);
    const detail = (await asAdmin.json()) as { reference: string; detail: string };
    expect(detail.reference).toBe(reference);
    expect(detail.detail).toMatch(/^HTTP 401: .*Incorrect API key provided: \[redacted\]/);
    expect(detail.detail).not.toContain(key);
    const asOwner = await fetch(`${base}/api/internal/admin/providerErrors/${reference}`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(asOwner.status).toBe(403);
    const unknown = await fetch(`${base}/api/internal/admin/providerErrors/${randomUUID()}`, {
      headers: { authorization: `Bearer ${connectionsAdmin.token}` },
    });
    expect(unknown.status).toBe(404);
  });

  it('removes credentials and key-shaped text from provider errors kept for administrators', () => {
    const text = redactSecrets(
      'HTTP 401: Incorrect API key provided: sk-proj-Abc123def456Ghi789jkl012. Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig api-key=abcdef123456 token: "tok_987654321"',
      ['abcdef123456'],
    );
    for (const secret of ['sk-proj-Abc123def456Ghi789jkl012', 'eyJhbGciOiJIUzI1NiJ9', 'abcdef123456', 'tok_987654321']) expect(text).not.toContain(secret);
    expect(text).toContain('HTTP 401');
    expect(redactSecrets('The model is overloaded, try again later.')).toBe('The model is overloaded, try again later.');
  });

  it('keeps the partial answer when the model fails mid-stream, as events, never a broken socket', async () => {
    t.ctx.models = scriptedGateway(async function* () {
      yield { type: 'text', text: 'First half' };
      yield { type: 'text', text: ', then' };
      throw new Error('socket hang up');
    });
    const r = await start('Fail halfway');
    expectSameForAllDecoders(r);
    expect(shape(r)).toEqual([
      'conversation-and-segment-id',
      'step-update',
      'response-updated',
      'internal-server-error',
      'cosmos-db-session-tokens',
      'response-model',
      'no-more-data',
    ]);
    const model = dataOf<ResponseModelEvent>(r.events, 'response-model');
    expect(model).toMatchObject({ status: 'Failed', answer: 'First half, then' });
    expect(model.errors?.[0]?.code).toBe('internal_error');
  });

  it('stops the model call when the client disconnects and nobody reads the answer back, and keeps the partial answer as Aborted', async () => {
    let upstreamAborted = false;
    t.ctx.models = scriptedGateway(async function* (request) {
      request.signal.addEventListener('abort', () => (upstreamAborted = true));
      for (let i = 0; i < 200; i++) {
        yield { type: 'text', text: `w${i} ` };
        await sleep(10);
      }
    });
    const aborted = await postStream(base, `/userConversations/byGptSystemId/${agentId}`, newBody('Tell me a long story'), {
      token: user.token,
      abortAfterPieces: 3,
    });
    const ids = dataOf<{ ConversationSegmentId: string }>(aborted.events, 'conversation-and-segment-id');
    // a short turn writes its rows when it ends, so the row may not exist yet when the client has left
    const row = (await eventually(
      async () => (await t.ctx.db.select().from(conversationSegments).where(eq(conversationSegments.id, ids.ConversationSegmentId)))[0],
      (s) => s !== undefined && s.status !== 'InProgress',
    ))!;
    expect(row.status).toBe('Aborted');
    expect(row.answer.startsWith(answerOf(aborted.events))).toBe(true);
    expect(row.answer.length).toBeGreaterThan(0);
    expect(row.answer.split(' ').length).toBeLessThan(50);
    expect(upstreamAborted).toBe(true);
  });

  it('replaces the first-question title with a generated one after the first answer', async () => {
    t.ctx.models = scriptedGateway(async function* () {
      yield { type: 'text', text: 'Paris.' };
    }, '"Capital of France."');
    const long = `What is the capital of France? ${'Please answer briefly. '.repeat(10)}`;
    const r = await start(long);
    const ids = dataOf<{ ConversationId: string }>(r.events, 'conversation-and-segment-id');
    const title = await eventually(
      async () => (await t.ctx.db.select({ title: conversations.title }).from(conversations).where(eq(conversations.id, ids.ConversationId)))[0]!.title,
      (v) => v === 'Capital of France',
    );
    expect(title).toBe('Capital of France');
  });

  it('keeps the first question, cut to 100 characters, as the title when no model can name it', async () => {
    const long = `  ${'x'.repeat(150)}  `;
    const r = await start(long);
    const ids = dataOf<{ ConversationId: string }>(r.events, 'conversation-and-segment-id');
    await sleep(50);
    expect((await getConversation(ids.ConversationId)).body.title).toBe('x'.repeat(100));
  });

  describe('bad input is refused before anything is written', () => {
    const counts = async () => {
      const [c] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(conversations);
      const [s] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(conversationSegments);
      return [c!.n, s!.n];
    };

    it('unknown agent 404, agent not allowed 403, empty or over-long question 400, unknown uploads 400', async () => {
      const before = await counts();
      const unknown = await postStream(base, `/userConversations/byGptSystemId/${randomUUID()}`, newBody('hi'), { token: user.token });
      expect(unknown.status).toBe(404);
      const stranger = await t.createUser({ actions: [] });
      const denied = await postStream(base, `/userConversations/byGptSystemId/${agentId}`, newBody('hi'), { token: stranger.token });
      expect(denied.status).toBe(403);
      for (const question of ['', '   ', 'q'.repeat(32001)]) {
        const r = await start(question);
        expect(r.status).toBe(400);
        expect(r.json).toMatchObject({ code: 'validation_error' });
      }
      const withImage = await postStream(
        base,
        `/userConversations/byGptSystemId/${agentId}`,
        { ...newBody('hi'), visionImageIds: [randomUUID()] },
        { token: user.token },
      );
      expect(withImage.status).toBe(400);
      expect(await counts()).toEqual(before);
    });

    it('a question of exactly 32000 characters is accepted', async () => {
      const r = await start('q'.repeat(32000));
      expect(r.status).toBe(200);
      expect(dataOf<ResponseModelEvent>(r.events, 'response-model').status).toBe('Success');
    });
  });
});
