// Resumable answers (conversations.resume.ts): an answer read back after a lost connection, on the same process without
// Redis and on another process with Redis (two apps sharing the database and the local Redis, as CI runs it); the stop
// call made on either process; how long answers are kept; who may read them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { SseDecoder, type ResponseModelEvent, type SseEvent } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { conversationSegments } from '../../db/schema/index.js';
import { answerOf, baseUrl, dataOf, eventually, names, scriptedGateway, sleep, systemAgentId } from '../../test/chat-stream.js';
import { answerKey } from '../../platform/answer-log.js';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const Pieces = 30;
const expectedAnswer = Array.from({ length: Pieces }, (_, i) => `w${i} `).join('');

/** A model that answers w0 … w29, a piece every `ms`. */
const slowModel = (ms: number, pieces = Pieces) =>
  scriptedGateway(async function* () {
    for (let i = 0; i < pieces; i++) {
      yield { type: 'text', text: `w${i} ` };
      await sleep(ms);
    }
  });

interface Read {
  status: number;
  events: SseEvent[];
  json?: unknown;
}

/** Reads a stream (POST a question, or GET an answer back); `leaveAfter`: the client goes away after that many events. */
async function readStream(
  url: string,
  init: { method: 'GET' | 'POST'; token: string; body?: unknown; headers?: Record<string, string> },
  options: { leaveAfter?: number; onEvent?: (e: SseEvent) => void } = {},
): Promise<Read> {
  const controller = new AbortController();
  const res = await fetch(url, {
    method: init.method,
    headers: { authorization: `Bearer ${init.token}`, ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
    body: init.body ? JSON.stringify(init.body) : undefined,
    signal: controller.signal,
  });
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) return { status: res.status, events: [], json: await res.json() };
  const decoder = new SseDecoder();
  const events: SseEvent[] = [];
  const reader = res.body!.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const e of decoder.push(value)) {
        if (options.leaveAfter !== undefined && events.length >= options.leaveAfter) break;
        events.push(e);
        options.onEvent?.(e);
      }
      if (options.leaveAfter !== undefined && events.length >= options.leaveAfter) {
        controller.abort();
        break;
      }
    }
  } catch (e) {
    if (!controller.signal.aborted) throw e;
  }
  return { status: res.status, events };
}

const newBody = (question: string) => ({
  question,
  visionImageIds: [],
  attachmentIds: [],
  session: { sessionIdentifier: randomUUID() },
  segmentTraceLogLevel: 'NonPersisted',
});

const idsOf = (events: SseEvent[]) => dataOf<{ ConversationId: string; ConversationSegmentId: string }>(events, 'conversation-and-segment-id');
const withoutIds = (events: SseEvent[]) => events.map(({ event, data }) => ({ event, data }));

/** One app (a server process) listening, with a person who may chat. */
async function serve(t: TestApp) {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const api = `${baseUrl(t)}/api/internal`;
  return { api, agentId: await systemAgentId(t) };
}

function callsOf(api: string, agentId: string, token: string) {
  return {
    ask: (options: Parameters<typeof readStream>[2] = {}) =>
      readStream(`${api}/userConversations/byGptSystemId/${agentId}`, { method: 'POST', token, body: newBody('Count for me') }, options),
    resume: (
      ids: { ConversationId: string; ConversationSegmentId: string },
      after: number | null,
      options: Parameters<typeof readStream>[2] = {},
      as = token,
    ) =>
      readStream(
        `${api}/userConversations/${ids.ConversationId}/segments/${ids.ConversationSegmentId}/stream`,
        { method: 'GET', token: as, ...(after === null ? {} : { headers: { 'last-event-id': String(after) } }) },
        options,
      ),
    stop: (ids: { ConversationId: string; ConversationSegmentId: string }, as = token) =>
      fetch(`${api}/userConversations/${ids.ConversationId}/segments/${ids.ConversationSegmentId}/stop`, {
        method: 'POST',
        headers: { authorization: `Bearer ${as}` },
      }),
  };
}

/** The complete stream: its events in order, one answer, ended. */
function expectWhole(events: SseEvent[]) {
  const folded = names(events).filter((n, i, all) => !(n === 'response-updated' && all[i - 1] === 'response-updated'));
  expect(folded).toEqual(['conversation-and-segment-id', 'step-update', 'response-updated', 'cosmos-db-session-tokens', 'response-model', 'no-more-data']);
  expect(answerOf(events)).toBe(expectedAnswer);
  expect(dataOf<ResponseModelEvent>(events, 'response-model').status).toBe('Success');
}

describe('resumable answers on one process (no Redis)', () => {
  let t: TestApp;
  let calls: ReturnType<typeof callsOf>;
  let user: { token: string };
  let other: { token: string };

  beforeAll(async () => {
    t = await createTestApp({ ANSWER_GRACE_MS: '1000', ANSWER_KEEP_MS: '1500' });
    const { api, agentId } = await serve(t);
    user = await t.createUser({ actions: ['GptSystemsRead'] });
    other = await t.createUser({ actions: ['GptSystemsRead'] });
    calls = callsOf(api, agentId, user.token);
  });
  afterAll(async () => {
    // fetch's pool keeps a spare connection after an aborted request: close() would wait for it
    t.app.server.closeAllConnections();
    await t.close();
  });

  it('reads the rest back after a lost connection, numbered, with nothing twice, and the answer completes', async () => {
    t.ctx.models = slowModel(25);
    const first = await calls.ask({ leaveAfter: 6 });
    expect(first.events).toHaveLength(6);
    const ids = idsOf(first.events);
    const rest = await calls.resume(ids, 6);
    expect(rest.status).toBe(200);
    expect(rest.events[0]!.id).toBe('7');
    expect(rest.events.map((e) => Number(e.id))).toEqual(rest.events.map((_, i) => 7 + i));
    expectWhole([...first.events, ...withoutIds(rest.events)]);
    const row = await eventually(
      async () => (await t.ctx.db.select().from(conversationSegments).where(eq(conversationSegments.id, ids.ConversationSegmentId)))[0],
      (s) => s !== undefined && s.status !== 'InProgress',
    );
    expect(row!.status).toBe('Success');
    expect(row!.answer).toBe(expectedAnswer);

    // from the start (no Last-Event-ID), and from a later point given as the query
    const all = await calls.resume(ids, null);
    expectWhole(withoutIds(all.events));
    const fromQuery = await readStream(
      `${baseUrl(t)}/api/internal/userConversations/${ids.ConversationId}/segments/${ids.ConversationSegmentId}/stream?lastEventId=${all.events.length - 2}`,
      { method: 'GET', token: user.token },
    );
    expect(fromQuery.events).toEqual(all.events.slice(-2));
  });

  it('refuses someone else, another conversation and an unknown answer with 404, and a bad Last-Event-ID with 400', async () => {
    t.ctx.models = slowModel(5, 3);
    const whole = await calls.ask();
    const ids = idsOf(whole.events);
    expect((await calls.resume(ids, 0, {}, other.token)).status).toBe(404);
    expect((await calls.resume({ ...ids, ConversationId: randomUUID() }, 0)).status).toBe(404);
    expect((await calls.resume({ ...ids, ConversationSegmentId: randomUUID() }, 0)).status).toBe(404);
    const bad = await readStream(`${baseUrl(t)}/api/internal/userConversations/${ids.ConversationId}/segments/${ids.ConversationSegmentId}/stream`, {
      method: 'GET',
      token: other.token,
      headers: { 'last-event-id': 'seven' },
    });
    expect(bad.status).toBe(400);
    expect((await calls.stop(ids, other.token)).status).toBe(404);
  });

  it('forgets an answer its keeping time after its last event (404; the conversation has it)', async () => {
    t.ctx.models = slowModel(5, 3);
    const ids = idsOf((await calls.ask()).events);
    expect((await calls.resume(ids, 0)).status).toBe(200);
    await sleep(1700);
    const gone = await calls.resume(ids, 0);
    expect(gone.status).toBe(404);
    expect(gone.json).toMatchObject({ code: 'not_found' });
  });

  it('stops an answer with the stop call: its client gets the end, the segment is Aborted with what it had', async () => {
    t.ctx.models = slowModel(20, 500);
    let ids: ReturnType<typeof idsOf> | null = null;
    let stopped: Promise<Response> | null = null;
    const original = await calls.ask({
      onEvent: (e) => {
        if (e.event === 'conversation-and-segment-id') ids = JSON.parse(e.data) as ReturnType<typeof idsOf>;
        if (e.event === 'response-updated' && !stopped) stopped = sleep(100).then(() => calls.stop(ids!));
      },
    });
    expect((await stopped!).status).toBe(204);
    const model = dataOf<ResponseModelEvent>(original.events, 'response-model');
    expect(model.status).toBe('Aborted');
    expect(names(original.events).at(-1)).toBe('no-more-data');
    const row = (await t.ctx.db.select().from(conversationSegments).where(eq(conversationSegments.id, ids!.ConversationSegmentId)))[0]!;
    expect(row.status).toBe('Aborted');
    expect(row.answer.split(' ').length).toBeLessThan(100);
    // stopping it again, once ended, is fine
    expect((await calls.stop(ids!)).status).toBe(204);
  });
});

describe('resumable answers across two processes sharing Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let onA: ReturnType<typeof callsOf>;
  let onB: ReturnType<typeof callsOf>;
  let redis: Redis;

  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl, ANSWER_GRACE_MS: '800', ANSWER_KEEP_MS: '1500' };
    a = await createTestApp(env);
    b = await createTestApp(env, undefined, { database: a.ctx.database });
    const served = [await serve(a), await serve(b)];
    const user = await a.createUser({ actions: ['GptSystemsRead'] });
    onA = callsOf(served[0]!.api, served[0]!.agentId, user.token);
    onB = callsOf(served[1]!.api, served[1]!.agentId, user.token);
    redis = new Redis(redisUrl);
  });
  afterAll(async () => {
    redis.disconnect();
    for (const app of [b, a]) {
      app.app.server.closeAllConnections();
      await app.close();
    }
  });

  it('starts an answer on A, reads the rest on B from a middle event: exactly the rest, then the live tail', async () => {
    a.ctx.models = slowModel(30);
    const first = await onA.ask({ leaveAfter: 8 });
    const ids = idsOf(first.events);
    // the answer goes on after its client left: B reads it back (and keeps it going past A's grace time)
    const rest = await onB.resume(ids, 8);
    expect(rest.status).toBe(200);
    expect(rest.events.map((e) => Number(e.id))).toEqual(rest.events.map((_, i) => 9 + i));
    expectWhole([...first.events, ...withoutIds(rest.events)]);
    // in Redis, a stream under the segment's id that expires
    expect(await redis.pttl(answerKey(ids.ConversationSegmentId))).toBeGreaterThan(0);
    const row = (await a.ctx.db.select().from(conversationSegments).where(eq(conversationSegments.id, ids.ConversationSegmentId)))[0]!;
    expect(row.status).toBe('Success');

    // a second reader from another point on A gets the same events there
    const again = await onA.resume(ids, 20);
    expect(withoutIds(again.events)).toEqual(withoutIds(rest.events.slice(20 - 8)));
  });

  it('stops on B an answer A streams: A ends it as Aborted, B answers once it ended', async () => {
    a.ctx.models = slowModel(20, 500);
    let ids: ReturnType<typeof idsOf> | null = null;
    let stopped: Promise<Response> | null = null;
    const original = await onA.ask({
      onEvent: (e) => {
        if (e.event === 'conversation-and-segment-id') ids = JSON.parse(e.data) as ReturnType<typeof idsOf>;
        if (e.event === 'response-updated' && !stopped) stopped = sleep(100).then(() => onB.stop(ids!));
      },
    });
    const answered = await stopped!;
    expect(answered.status).toBe(204);
    expect(dataOf<ResponseModelEvent>(original.events, 'response-model').status).toBe('Aborted');
    const row = (await b.ctx.db.select().from(conversationSegments).where(eq(conversationSegments.id, ids!.ConversationSegmentId)))[0]!;
    expect(row.status).toBe('Aborted');
    expect(row.answer.split(' ').length).toBeLessThan(100);
  });

  it('forgets an answer in Redis its keeping time after its last event', async () => {
    a.ctx.models = slowModel(5, 3);
    const ids = idsOf((await onA.ask()).events);
    expect((await onB.resume(ids, 0)).status).toBe(200);
    await sleep(1700);
    expect(await redis.exists(answerKey(ids.ConversationSegmentId))).toBe(0);
    expect((await onB.resume(ids, 0)).status).toBe(404);
  });
});
