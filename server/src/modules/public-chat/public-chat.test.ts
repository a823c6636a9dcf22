// The visitor API over real HTTP (docs/public-chat.md): endpoints registered by publishing, every visitor call, and
// every refusal (unknown, disabled or clashing names, foreign sessions, bad identifiers, limits, origins).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { PublicChatMessages, type Conversation, type PublicEndpointConfigurationInput, type PublicEndpointDetails } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { baseUrl, dataOf, eventually, jsonCaller, postStream, scriptedGateway } from '../../test/chat-stream.js';
import { conversations, publicEndpoints } from '../../db/schema/index.js';
import { upsertSetting } from '../instance/instance.repository.js';
import type { ModelGateway } from '../../ai/model.types.js';

const suffix = randomUUID().slice(0, 8);
const Site = 'https://www.example.edu';

describe('public chat', () => {
  let t: TestApp;
  let base: string;
  let admin: { id: string; token: string };
  let offline: ModelGateway;
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-public-web-'));

  beforeAll(async () => {
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Atrium</title><div id="root"></div>');
    t = await createTestApp({ WEB_DIST_DIR: webDir });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = baseUrl(t);
    admin = await t.createUser({ actions: ['GptSystemsRead', 'GptSystemsCreate', 'GptSystemsWrite'] });
    offline = t.ctx.models;
  });
  afterEach(() => {
    t.ctx.models = offline;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const call = jsonCaller(
    () => base,
    () => admin.token,
  );

  /** A visitor's JSON call: no token, the session identifier in the header when given. */
  async function visit<T = unknown>(method: string, url: string, o: { session?: string; origin?: string; body?: unknown } = {}) {
    const res = await fetch(`${base}/api/internal${url}`, {
      method,
      headers: {
        ...(o.session ? { SessionIdentifier: o.session } : {}),
        ...(o.origin ? { origin: o.origin } : {}),
        ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    });
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      text,
      body: (text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined) as T,
    };
  }

  const ask = (endpoint: string, session: string, question: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    postStream(
      base,
      `/public-conversations/${endpoint}`,
      { question, visionImageIds: [], attachmentIds: [], session: { sessionIdentifier: session }, ...extra },
      { token: '', headers },
    );

  /** A System agent published with this endpoint (through the admin API, as an administrator would). */
  async function publishAgent(endpoint: PublicEndpointConfigurationInput | null, name = `Agent ${randomUUID().slice(0, 6)}`) {
    const created = await call<{ gptSystemId: string; configStateId: string }>('POST', '/admin/gptSystems', {
      gptSystemName: name,
      description: 'Answers visitors',
      config: { systemPrompt: 'You help {{userName}}.', ...(endpoint ? { publicEndpointConfiguration: endpoint } : {}) },
    });
    expect(created.status).toBe(201);
    const pub = await call('PUT', `/admin/gptSystems/${created.body.gptSystemId}/publishing`, { configStateId: created.body.configStateId });
    return { ...created.body, status: pub.status, body: pub.body };
  }

  const endpoint = (name: string, over: Partial<PublicEndpointConfigurationInput> = {}): PublicEndpointConfigurationInput => ({
    endpointName: `${name}-${suffix}`,
    isEnabled: true,
    allowedOrigins: [Site],
    ...over,
  });

  const visitorConversations = async () =>
    (await t.ctx.db.select({ n: count() }).from(conversations).where(eq(conversations.publicEndpointName, conversations.publicEndpointName)))[0]!.n;

  it('registers an endpoint when its agent is published and answers a visitor on both paths, with no token', async () => {
    const e = endpoint('admissions');
    const agent = await publishAgent(e);
    expect(agent.status).toBe(200);
    const [row] = await t.ctx.db.select().from(publicEndpoints).where(eq(publicEndpoints.gptSystemId, agent.gptSystemId));
    expect(row).toMatchObject({ endpointName: e.endpointName, configuration: { isEnabled: true, questionsPerVisitorPerDay: 50, allowedOrigins: [Site] } });

    const session = randomUUID();
    const first = await ask(e.endpointName, session, 'When do applications close?');
    expect(first.status).toBe(200);
    const ids = dataOf<{ ConversationId: string; ConversationSegmentId: string }>(first.events, 'conversation-and-segment-id');
    expect(first.events.at(-1)!.event).toBe('no-more-data');
    const older = await postStream(
      base,
      `/publicConversations/byGptPublicEndpoint/${e.endpointName}`,
      { question: 'Another', session: { sessionIdentifier: session } },
      { token: '' },
    );
    expect(older.status).toBe(200);

    // the row: no user, the endpoint and the visitor
    const [stored] = await t.ctx.db.select().from(conversations).where(eq(conversations.id, ids.ConversationId));
    expect(stored).toMatchObject({ userId: null, publicEndpointName: e.endpointName, sessionIdentifier: session, clientAddress: '127.0.0.1' });

    // the system prompt names the visitor as such
    const scripted = scriptedGateway(async function* (request) {
      yield { type: 'text', text: request.system.split('\n\n')[0]! };
    });
    t.ctx.models = scripted;
    const follow = await postStream(
      base,
      `/public-conversations/${ids.ConversationId}/segments`,
      { question: 'And the fees?', session: { sessionIdentifier: session } },
      { token: '' },
    );
    expect(follow.status).toBe(200);
    expect(scripted.requests[0]!.system).toContain('You help Visitor.');
    // the history of the conversation went with it
    expect(scripted.requests[0]!.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    t.ctx.models = offline;

    // GET, by header and by query, and on the older path
    const got = await visit<Conversation>('GET', `/public-conversations/${ids.ConversationId}`, { session });
    expect(got.status).toBe(200);
    expect(got.body.conversationSegmentTree.segments).toHaveLength(2);
    expect((await visit('GET', `/publicConversations/${ids.ConversationId}?sessionIdentifier=${session}`)).status).toBe(200);

    const segmentId = ids.ConversationSegmentId;
    const fb = await visit<{ feedbackType: string }>('POST', `/public-conversations/${ids.ConversationId}/segments/${segmentId}/feedback`, {
      session,
      body: { feedbackType: 'Positive', comment: 'Helpful' },
    });
    expect(fb.status).toBe(200);
    expect(fb.body.feedbackType).toBe('Positive');
    expect((await visit('DELETE', `/publicConversations/${ids.ConversationId}/segments/${segmentId}/removeFeedback`, { session })).status).toBe(204);
    expect(
      (await visit('PUT', `/public-conversations/${ids.ConversationId}/updateSelectedLeafSegmentId`, { session, body: { selectedLeafSegmentId: segmentId } }))
        .status,
    ).toBe(204);
    const exported = await visit('GET', `/public-conversations/${ids.ConversationId}/export`, { session });
    expect(exported.status).toBe(200);
    expect(exported.text).toContain('When do applications close?');
    const citations = await visit<{ items: unknown[] }>('GET', `/publicConversations/${ids.ConversationId}/citations`, { session });
    expect(citations.status).toBe(200);
    expect(citations.body.items.length).toBe(2);

    // details: the agent, the visitor's own conversations (newest first), nobody else's
    const details = await visit<PublicEndpointDetails>('GET', `/public-conversations/${e.endpointName}/details`, { session });
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({
      endpointName: e.endpointName,
      gptSystemId: agent.gptSystemId,
      requireGuidelinesConsent: false,
      showCitations: true,
      maxQuestionLength: 2000,
    });
    expect(details.body.conversations.map((c) => c.conversationId)).toContain(ids.ConversationId);
    expect(details.body.conversations).toHaveLength(2);
    const stranger = await visit<PublicEndpointDetails>('GET', `/publicConversations/byGptPublicEndpoint/${e.endpointName}/details`, { session: randomUUID() });
    expect(stranger.body.conversations).toEqual([]);
    expect((await visit<PublicEndpointDetails>('GET', `/public-conversations/${e.endpointName}/details`)).body.conversations).toEqual([]);
    const prompts = await visit<{ items: unknown[] }>('GET', `/public-conversations/${e.endpointName}/promptsForConversation`);
    expect(prompts.status).toBe(200);
    expect(Array.isArray(prompts.body.items)).toBe(true);
    expect((await visit('GET', `/publicConversations/byGptPublicEndpoint/${e.endpointName}/promptsForConversation`)).status).toBe(200);

    // another session, a missing or malformed identifier: 404 and 400, for every call naming the conversation
    const other = randomUUID();
    for (const [method, url, body] of [
      ['GET', `/public-conversations/${ids.ConversationId}`, undefined],
      ['GET', `/public-conversations/${ids.ConversationId}/export`, undefined],
      ['GET', `/public-conversations/${ids.ConversationId}/citations`, undefined],
      ['POST', `/public-conversations/${ids.ConversationId}/segments/${segmentId}/feedback`, { feedbackType: 'Negative' }],
      ['DELETE', `/public-conversations/${ids.ConversationId}/segments/${segmentId}/removeFeedback`, undefined],
      ['PUT', `/public-conversations/${ids.ConversationId}/updateSelectedLeafSegmentId`, { selectedLeafSegmentId: segmentId }],
    ] as const) {
      expect((await visit(method, url, { session: other, body })).status, `${method} ${url}`).toBe(404);
      const bad = await visit<{ details: { field: string }[] }>(method, url, { session: 'not-a-uuid', body });
      expect(bad.status, `${method} ${url}`).toBe(400);
      expect(bad.body.details[0]!.field).toBe('sessionIdentifier');
      expect((await visit(method, url, { body })).status, `${method} ${url}`).toBe(400);
    }
    const foreign = await postStream(
      base,
      `/public-conversations/${ids.ConversationId}/segments`,
      { question: 'Mine now?', session: { sessionIdentifier: other } },
      { token: '' },
    );
    expect(foreign.status).toBe(404);
    // a version 1 uuid (time-based, guessable) is no session identifier
    const v1 = await ask(e.endpointName, '6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'Hi');
    expect(v1.status).toBe(400);
    expect(JSON.stringify(v1.json)).toContain('session.sessionIdentifier');
    const none = await postStream(base, `/public-conversations/${e.endpointName}`, { question: 'Hi' }, { token: '' });
    expect(none.status).toBe(400);

    // the signed-in API knows nothing of it: no token, 401; a person's token, 404
    expect((await visit('GET', `/userConversations/${ids.ConversationId}`)).status).toBe(401);
    const person = await t.createUser({ actions: ['GptSystemsRead'] });
    expect((await call('GET', `/userConversations/${ids.ConversationId}`, undefined, person.token)).status).toBe(404);
  });

  it('answers 404 for unknown names, disabled endpoints, unpublished, inactive and deleted agents, and in HIPAA mode without a compliant deployment', async () => {
    const session = randomUUID();
    expect((await ask(`nobody-${suffix}`, session, 'Hi')).status).toBe(404);
    expect((await visit('GET', `/public-conversations/nobody-${suffix}/details`)).status).toBe(404);

    const off = endpoint('switched-off', { isEnabled: false });
    expect((await publishAgent(off)).status).toBe(200);
    expect((await ask(off.endpointName, session, 'Hi')).status).toBe(404);
    expect((await visit('GET', `/public-conversations/${off.endpointName}/details`)).status).toBe(404);

    // an endpoint set on a draft that is not published yet does not exist
    const draftOnly = endpoint('draft-only');
    const created = await call<{ gptSystemId: string }>('POST', '/admin/gptSystems', {
      gptSystemName: 'Draft only',
      description: 'd',
      config: { systemPrompt: 'p', publicEndpointConfiguration: draftOnly },
    });
    expect(created.status).toBe(201);
    expect((await visit('GET', `/public-conversations/${draftOnly.endpointName}/details`)).status).toBe(404);

    // deleting the agent removes its endpoint, and frees its name
    const gone = endpoint('soon-gone');
    const agent = await publishAgent(gone);
    const started = await ask(gone.endpointName, session, 'Hi');
    const conversationId = dataOf<{ ConversationId: string }>(started.events, 'conversation-and-segment-id').ConversationId;
    expect((await call('DELETE', `/admin/gptSystems/${agent.gptSystemId}`)).status).toBe(204);
    expect(await t.ctx.db.select().from(publicEndpoints).where(eq(publicEndpoints.endpointName, gone.endpointName))).toEqual([]);
    expect((await visit('GET', `/public-conversations/${gone.endpointName}/details`)).status).toBe(404);
    expect((await visit('GET', `/public-conversations/${conversationId}`, { session })).status).toBe(404);
    expect((await publishAgent(gone)).status).toBe(200);

    // HIPAA mode: a deployment that is not compliant (the scripted one) turns the endpoint off; the offline one is
    const hipaa = endpoint('hipaa');
    await publishAgent(hipaa);
    expect((await visit('GET', `/public-conversations/${hipaa.endpointName}/details`)).status).toBe(200);
    await upsertSetting(t.ctx.db, 'hipaaMode', true);
    try {
      expect((await visit('GET', `/public-conversations/${hipaa.endpointName}/details`)).status).toBe(200);
      t.ctx.models = scriptedGateway(async function* () {
        yield { type: 'text', text: 'x' };
      });
      expect((await visit('GET', `/public-conversations/${hipaa.endpointName}/details`)).status).toBe(404);
      expect((await ask(hipaa.endpointName, session, 'Hi')).status).toBe(404);
    } finally {
      await upsertSetting(t.ctx.db, 'hipaaMode', false);
    }
  });

  it('refuses a name another agent holds (409, nothing published), and personal agents unless the instance allows them', async () => {
    const e = endpoint('taken');
    const first = await publishAgent(e);
    expect(first.status).toBe(200);
    const second = await publishAgent(e, 'Second agent');
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ details: [{ field: 'config.publicEndpointConfiguration.endpointName', message: 'This endpoint name is taken' }] });
    const history = await call<{ items: unknown[] }>('GET', `/admin/gptSystems/${second.gptSystemId}/publishing`);
    expect(history.body.items).toEqual([]);
    const [row] = await t.ctx.db.select().from(publicEndpoints).where(eq(publicEndpoints.endpointName, e.endpointName));
    expect(row!.gptSystemId).toBe(first.gptSystemId);
    // the holder may publish again under its own name, and rename it: the old name is free then
    const renamed = endpoint('renamed');
    await call('PUT', `/admin/gptSystems/configurationStates/${first.configStateId}`, { publicEndpointConfiguration: renamed });
    expect((await call('PUT', `/admin/gptSystems/${first.gptSystemId}/publishing`, {})).status).toBe(200);
    expect((await visit('GET', `/public-conversations/${renamed.endpointName}/details`)).status).toBe(200);
    expect((await visit('GET', `/public-conversations/${e.endpointName}/details`)).status).toBe(404);

    // a personal agent (published as it is created): refused, nothing made, unless allowed
    const owner = await t.createUser({ actions: ['GptSystemsRead'] });
    const personal = endpoint('personal');
    const draft = await call<{ configStateId: string }>('POST', '/configStates/byGptSystemType/User', { forceCreate: true }, owner.token);
    expect(draft.status).toBe(201);
    const id = draft.body.configStateId;
    const put = await call(
      'PUT',
      `/configStates/${id}`,
      { gptSystemName: 'Mine', description: 'd', systemPrompt: 'p', publicEndpointConfiguration: personal },
      owner.token,
    );
    expect(put.status).toBe(200);
    const refused = await call<{ message: string }>('POST', `/configStates/${id}/createGptSystem`, {}, owner.token);
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.message).toContain('Personal agents cannot have a public endpoint');
    await upsertSetting(t.ctx.db, 'allowPersonalPublicEndpoints', true);
    try {
      expect((await call('POST', `/configStates/${id}/createGptSystem`, {}, owner.token)).status).toBe(200);
      expect((await visit('GET', `/public-conversations/${personal.endpointName}/details`)).status).toBe(200);
    } finally {
      await upsertSetting(t.ctx.db, 'allowPersonalPublicEndpoints', false);
    }
    // turned off again: the personal agent's endpoint answers no more
    expect((await visit('GET', `/public-conversations/${personal.endpointName}/details`)).status).toBe(404);
  });

  it('counts questions per visitor exactly: 429 with Retry-After and the message, refused questions write and count nothing', async () => {
    const e = endpoint('per-visitor', { questionsPerVisitorPerDay: 2 });
    await publishAgent(e);
    const session = randomUUID();
    expect((await ask(e.endpointName, session, 'One')).status).toBe(200);
    expect((await ask(e.endpointName, session, 'Two')).status).toBe(200);
    const before = await visitorConversations();
    for (let i = 0; i < 2; i++) {
      const refused = await ask(e.endpointName, session, 'Three');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3600);
      expect(refused.json).toMatchObject({ message: PublicChatMessages.visitorDailyLimit });
    }
    expect(await visitorConversations()).toBe(before);
    // another visitor still may
    expect((await ask(e.endpointName, randomUUID(), 'Mine')).status).toBe(200);
    // a question refused before the limits (too long) is not counted either
    const other = randomUUID();
    const long = await ask(e.endpointName, other, 'x'.repeat(2001));
    expect(long.status).toBe(400);
    expect(long.json).toMatchObject({ message: PublicChatMessages.questionTooLong(2000), details: [{ field: 'question' }] });
    expect((await ask(e.endpointName, other, 'One')).status).toBe(200);
    expect((await ask(e.endpointName, other, 'Two')).status).toBe(200);
    expect((await ask(e.endpointName, other, 'Three')).status).toBe(429);
  });

  it('counts questions per address and per endpoint exactly', async () => {
    const byAddress = endpoint('per-address', { questionsPerAddressPerDay: 3 });
    await publishAgent(byAddress);
    for (let i = 0; i < 3; i++) expect((await ask(byAddress.endpointName, randomUUID(), `Q${i}`)).status).toBe(200);
    const refused = await ask(byAddress.endpointName, randomUUID(), 'Q4');
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ message: PublicChatMessages.addressDailyLimit });
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);

    const byEndpoint = endpoint('per-endpoint', { questionsPerEndpointPerDay: 2 });
    await publishAgent(byEndpoint);
    const session = randomUUID();
    const started = await ask(byEndpoint.endpointName, session, 'Q1');
    const id = dataOf<{ ConversationId: string }>(started.events, 'conversation-and-segment-id').ConversationId;
    expect(
      (await postStream(base, `/public-conversations/${id}/segments`, { question: 'Q2', session: { sessionIdentifier: session } }, { token: '' })).status,
    ).toBe(200);
    // follow-ups count as questions too
    const third = await postStream(base, `/public-conversations/${id}/segments`, { question: 'Q3' }, { token: '', headers: { SessionIdentifier: session } });
    expect(third.status).toBe(429);
    expect(third.json).toMatchObject({ message: PublicChatMessages.endpointDailyLimit });
    const got = await visit<Conversation>('GET', `/public-conversations/${id}`, { session });
    expect(got.body.conversationSegmentTree.segments).toHaveLength(2);
  });

  it('answers as many at once as the endpoint allows, and frees a stream slot when the stream ends or its client leaves', async () => {
    const e = endpoint('streams', { maxConcurrentStreams: 1 });
    await publishAgent(e);
    let release!: () => void;
    let held = new Promise<void>((r) => (release = r));
    const gateway = scriptedGateway(async function* () {
      yield { type: 'text', text: 'Working on it' };
      await held;
      yield { type: 'text', text: ' done.' };
    });
    t.ctx.models = gateway;
    const first = ask(e.endpointName, randomUUID(), 'Long one');
    // the first stream holds the only slot until it is released: once the model has its question, the slot is taken
    // (asking again before that could take the slot itself and wait on the held answer)
    await eventually(
      async () => gateway.requests.length,
      (n) => n === 1,
      20_000,
    );
    const busy = await ask(e.endpointName, randomUUID(), 'Me too');
    expect(busy.status).toBe(429);
    expect(busy.json).toMatchObject({ message: PublicChatMessages.tooManyStreams });
    expect(busy.headers.get('retry-after')).toBe('5');
    release();
    expect((await first).status).toBe(200);
    expect((await ask(e.endpointName, randomUUID(), 'Now')).status).toBe(200);

    // a client that leaves mid-answer frees its slot too, while the model is still holding its answer back
    held = new Promise<void>((r) => (release = r));
    const newQuestion = () => ({ question: 'Leaving', session: { sessionIdentifier: randomUUID() } });
    const left = await postStream(base, `/public-conversations/${e.endpointName}`, newQuestion(), { token: '', abortAfterPieces: 1 });
    expect(left.status).toBe(200);
    const next = await eventually(
      () => postStream(base, `/public-conversations/${e.endpointName}`, newQuestion(), { token: '', abortAfterPieces: 1 }),
      (r) => r.status === 200,
    );
    expect(next.status).toBe(200);
    release();
  });

  it('refuses other origins (403), and gives allowed ones and this server CORS headers, preflights too', async () => {
    const e = endpoint('origins');
    await publishAgent(e);
    const session = randomUUID();
    const refused = await ask(e.endpointName, session, 'Hi', {}, { origin: 'https://evil.example.com' });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ message: PublicChatMessages.originRefused });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect((await visit('GET', `/public-conversations/${e.endpointName}/details`, { origin: 'https://evil.example.com' })).status).toBe(403);

    const allowed = await ask(e.endpointName, session, 'Hi', {}, { origin: Site });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(Site);
    const id = dataOf<{ ConversationId: string }>(allowed.events, 'conversation-and-segment-id').ConversationId;
    expect((await visit('GET', `/public-conversations/${id}`, { session, origin: 'https://evil.example.com' })).status).toBe(403);
    const read = await visit('GET', `/public-conversations/${id}`, { session, origin: Site });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBe(Site);
    // an error a page may read (429, 404) keeps the CORS headers
    expect((await visit('GET', `/public-conversations/${id}`, { session: randomUUID(), origin: Site })).headers.get('access-control-allow-origin')).toBe(Site);
    // this server's own pages
    const own = new URL(t.ctx.config.publicUrl).origin;
    expect((await visit('GET', `/public-conversations/${e.endpointName}/details`, { origin: own })).status).toBe(200);
    // …and the address the page was served from (here 127.0.0.1, while PUBLIC_URL says localhost)
    expect((await visit('GET', `/public-conversations/${e.endpointName}/details`, { origin: base })).status).toBe(200);
    expect(new URL(base).origin).not.toBe(own);

    const preflight = async (url: string, origin: string) =>
      fetch(`${base}/api/internal${url}`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,sessionidentifier' },
      });
    for (const url of [
      `/public-conversations/${e.endpointName}`,
      `/public-conversations/${id}/segments`,
      `/publicConversations/byGptPublicEndpoint/${e.endpointName}`,
    ]) {
      const ok = await preflight(url, Site);
      expect(ok.status).toBe(204);
      expect(ok.headers.get('access-control-allow-origin')).toBe(Site);
      expect(ok.headers.get('access-control-allow-headers')).toContain('SessionIdentifier');
      const no = await preflight(url, 'https://evil.example.com');
      expect(no.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('lets the endpoint’s origins frame its pages (frame-ancestors, no X-Frame-Options); other pages stay unframeable', async () => {
    const e = endpoint('framed', { allowedOrigins: [Site, 'http://localhost:8080'] });
    await publishAgent(e);
    for (const url of [`/public-chat/${e.endpointName}`, `/public-chat/${e.endpointName}/true`]) {
      const res = await fetch(`${base}${url}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).toContain(`frame-ancestors 'self' ${Site} http://localhost:8080`);
      expect(res.headers.get('x-frame-options')).toBeNull();
    }
    const unknown = await fetch(`${base}/public-chat/nobody-${suffix}`);
    expect(unknown.headers.get('content-security-policy')).toMatch(/frame-ancestors 'self'(;|$)/);
    const other = await fetch(`${base}/chat`);
    expect(other.headers.get('content-security-policy')).toMatch(/frame-ancestors 'self'(;|$)/);
    expect(other.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('serves brandVariables.css by endpoint name, and by brand key as before', async () => {
    const e = endpoint('branded');
    await publishAgent(e);
    const byEndpoint = await fetch(`${base}/api/external/v1/brands/byGptPublicEndpoint/${e.endpointName}/brandVariables.css`);
    expect(byEndpoint.status).toBe(200);
    expect(byEndpoint.headers.get('content-type')).toMatch(/^text\/css/);
    const byKey = await fetch(`${base}/api/external/v1/brands/byGptPublicEndpoint/default/brandVariables.css`);
    expect(byKey.status).toBe(200);
    expect(await byEndpoint.text()).toBe(await byKey.text());
  });

  it('hides citations when the endpoint does not show them, and refuses uploads from visitors', async () => {
    const e = endpoint('no-citations', { showCitations: false });
    await publishAgent(e);
    const details = await visit<PublicEndpointDetails>('GET', `/public-conversations/${e.endpointName}/details`);
    expect(details.body.showCitations).toBe(false);
    const session = randomUUID();
    const r = await ask(e.endpointName, session, 'Hi');
    expect(dataOf<{ citations: unknown[] }>(r.events, 'response-model').citations).toEqual([]);
    const upload = await ask(e.endpointName, session, 'See this', { visionImageIds: [randomUUID()] });
    expect(upload.status).toBe(400);
    expect(upload.json).toMatchObject({ details: [{ field: 'visionImageIds.0' }] });
  });
});
