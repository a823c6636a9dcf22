// A client of the kind docs/wire-protocol.md's "Personal agents as scripts build them" describes (a command-line bridge
// that keeps an agent's knowledge up to date): it drives the real app over HTTP with Node's fetch exactly
// as the script does (empty JSON bodies, x-timezone, Origin and Referer of the platform, session headers
// sent back), reads the chat stream by hand (the last event name kept across blank lines, stop at
// response-model), and checks what a fake OpenAI-compatible model was sent. Around the flow: hidden and
// Inactive agents, capability names, the GET round trip of every field, empty bodies on every call
// without one, and POST /userConversations {gptSystemId}.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { ConversationList, GptSystemList, ManagedAgentList } from '@atrium/contract';
import type { TestApp } from '../../../test/harness.js';
import { startFakeOpenAI, type FakeUpstream, type RecordedRequest } from '../../../test/fake-upstreams.js';
import { answerRequests, startModelTestApp, type ModelTestApp } from '../../../test/model-app.js';

type Json = Record<string, unknown>;

const systemOf = (r: RecordedRequest) => String((r.body.messages as { role: string; content: unknown }[]).find((m) => m.role === 'system')?.content ?? '');

/**
 * The stream reader of the script (docs/wire-protocol.md step 6): lines, the last `event:` name kept across blank lines
 * (so that the original's two-block layout reads as well as ours), base64 data, stop at response-model;
 * `not-found` means the conversation does not exist and `error` is a failure.
 */
export class ScriptStreamReader {
  private event = '';
  private rest = '';
  readonly events: { event: string; data: string }[] = [];
  responseModel: Json | null = null;

  /** Feeds text; true once response-model arrived (the script stops reading there). */
  push(text: string): boolean {
    this.rest += text;
    const lines = this.rest.split('\n');
    this.rest = lines.pop()!;
    for (const raw of lines) {
      const line = raw.replace(/\r$/, '');
      if (line.startsWith('event:')) this.event = line.slice(6).trim();
      else if (line.startsWith('data:')) {
        const value = line.slice(5).trim();
        const data = value === '' ? '' : Buffer.from(value, 'base64').toString('utf8');
        this.events.push({ event: this.event, data });
        if (this.event === 'not-found') throw new Error('this conversation does not exist');
        if (this.event === 'error') throw new Error(`the answer failed: ${data}`);
        if (this.event === 'response-model') {
          this.responseModel = JSON.parse(data) as Json;
          return true;
        }
      }
      // a blank line ends a block; the event name is kept on purpose
    }
    return false;
  }

  answer(): string {
    return this.events
      .filter((e) => e.event === 'response-updated')
      .map((e) => e.data)
      .join('');
  }
}

describe('personal agents as scripts build them (docs/wire-protocol.md)', () => {
  let app: ModelTestApp;
  let t: TestApp;
  let base: string;
  let model: FakeUpstream;
  let owner: { id: string; token: string; email: string };
  let friend: { id: string; token: string; email: string };
  /** response headers the script keeps and sends back (docs/wire-protocol.md: x-cosmos-session-*) */
  const session = new Map<string, string>();

  beforeAll(async () => {
    model = await startFakeOpenAI({ script: { chunks: ['Hello', ' from', ' the', ' fake', ' model.'] } });
    app = await startModelTestApp([
      {
        name: 'Fake OpenAI',
        providerType: 'OpenAICompatible',
        endpoint: model.url,
        apiKey: 'sk-test',
        deployments: [
          { name: 'gpt-4o', displayName: 'GPT-4o', model: 'gpt-4o', isDefault: true },
          { name: 'gpt-5-mini', displayName: 'GPT-5 mini', model: 'gpt-5-mini' },
        ],
      },
    ]);
    ({ t, base } = app);
    owner = await t.createUser({ actions: ['GptSystemsRead'], displayName: 'Sam Student' });
    friend = await t.createUser({ actions: ['GptSystemsRead'], displayName: 'Fran Friend' });
  });
  afterAll(async () => {
    await app.close();
    await model.close();
  });

  /** The script's request: always JSON (an empty body is still sent as application/json), its headers. */
  async function send(method: string, path: string, body?: Json | FormData, token = owner.token): Promise<Response> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      accept: 'application/json, text/event-stream',
      'x-request-id': randomUUID(),
      'x-timezone': 'America/New_York',
      origin: base,
      referer: `${base}/chat`,
      ...Object.fromEntries(session),
    };
    if (!(body instanceof FormData)) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}/api/internal${path}`, {
      method,
      headers,
      // GET carries none; every other call sends JSON, an empty string when it has nothing to say
      body: method === 'GET' ? undefined : body instanceof FormData ? body : body === undefined ? '' : JSON.stringify(body),
    });
    res.headers.forEach((value, name) => {
      if (name.toLowerCase().startsWith('x-cosmos-session-')) session.set(name, value);
    });
    return res;
  }
  async function json<T = Json>(method: string, path: string, body?: Json, token?: string): Promise<{ status: number; body: T }> {
    const res = await send(method, path, body, token);
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  }
  /** A chat call read the script's way; the socket is left when response-model has arrived. */
  async function chat(path: string, body: Json, token?: string) {
    const res = await send('POST', path, body, token);
    expect(res.status, await (res.status === 200 ? '' : res.clone().text())).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = new ScriptStreamReader();
    const decoder = new TextDecoder();
    const body$ = res.body!.getReader();
    for (;;) {
      const { value, done } = await body$.read();
      if (done) break;
      if (reader.push(decoder.decode(value, { stream: true }))) break;
    }
    await body$.cancel().catch(() => undefined);
    expect(reader.responseModel, 'the stream ended without response-model').not.toBeNull();
    const ids = JSON.parse(reader.events.find((e) => e.event === 'conversation-and-segment-id')!.data) as {
      ConversationId: string;
      ConversationSegmentId: string;
    };
    return { reader, conversationId: ids.ConversationId, segmentId: String(reader.responseModel!.conversationSegmentId) };
  }
  const newQuestion = (question: string) => ({
    question,
    visionImageIds: [],
    attachmentIds: [],
    session: { sessionIdentifier: randomUUID() },
    segmentTraceLogLevel: 'NonPersisted',
  });
  /** The model requests of answers (title requests left out), newest last. */
  const answers = () => answerRequests(model);

  /** docs/wire-protocol.md step 3's whole configuration. */
  const wholeConfiguration = (configStateId: string, attachment: { attachmentId: string; originalFileName: string }) => ({
    configStateId,
    languageEngine: 'Assistant',
    gptSystemName: 'Portal Tutor',
    gptSystemType: 'User',
    description: 'Knows my courses from the student portal',
    introduction: '<p>Ask me about your courses.</p>',
    systemPrompt: 'Format every answer in markdown, with short paragraphs.',
    customSystemPrompt: 'You are the study tutor of a student; the portal export is your knowledge.',
    topP: 0.95,
    frequencyPenalty: 0.0,
    deploymentName: 'gpt-4o',
    maxTokens: 16384,
    temperature: 0.5,
    verbosity: null,
    reasoningEffort: null,
    hipaaCompliant: false,
    isHidden: false,
    capabilityTypes: ['CodeInterpreter', 'WebSearch'],
    restrictAnswerToInformationReturnedByTools: false,
    dataSources: [],
    attachments: [
      {
        attachmentId: attachment.attachmentId,
        attachmentType: 'FileSearch',
        attachmentContext: 'GptSystem',
        originalFileName: attachment.originalFileName,
        id: attachment.attachmentId,
      },
    ],
    prompts: [],
    brandKey: null,
    guidelinesDocumentId: null,
    chatAccessPolicyId: null,
    publicEndpointConfiguration: null,
    tokenLimitSettings: {
      limitTokens: false,
      tokensPerDay: 500000000,
      tokensPerUserPerDay: 1000000,
      thresholdTokensPerDayMessage: 'The agent is close to its daily limit.',
      thresholdTokensPerUserPerDayMessage: 'You are close to your daily limit.',
      limitReachedTokensPerDayMessage: 'The agent reached its daily limit.',
      limitReachedTokensPerUserPerDayMessage: 'You reached your daily limit.',
    },
    status: 'Active',
    userRoleIds: [],
  });

  async function uploadKnowledge(fileName: string, text: string): Promise<{ attachmentId: string; originalFileName: string }> {
    const form = new FormData();
    form.append('file', new Blob([text], { type: 'text/plain' }), fileName);
    const res = await send('POST', '/attachments?attachmentType=FileSearch&context=GptSystem', form);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { attachmentId?: string; id?: string };
    return { attachmentId: (body.attachmentId ?? body.id)!, originalFileName: fileName };
  }

  /** Steps 1 to 4: a draft, its knowledge, the whole configuration, createGptSystem. */
  async function buildAgent(over: Json = {}) {
    const created = await json<{ configStateId?: string; id?: string; configuration?: { configStateId?: string } }>(
      'POST',
      '/configStates/byGptSystemType/User',
    );
    expect([200, 201]).toContain(created.status);
    const configStateId = (created.body.configStateId ?? created.body.id ?? created.body.configuration?.configStateId)!;
    const knowledge = await uploadKnowledge('courses.txt', 'CS101 meets on Mondays. MATH200 has its exam on 12 December.');
    const configuration = { ...wholeConfiguration(configStateId, knowledge), ...over };
    const put = await send('PUT', `/configStates/${configStateId}`, configuration);
    expect([200, 204]).toContain(put.status);
    const made = await json<{ gptSystemId: string }>('POST', `/configStates/${configStateId}/createGptSystem`);
    expect(made.status).toBe(200);
    return { configStateId, gptSystemId: made.body.gptSystemId, configuration };
  }

  it('runs the whole flow: builds the agent, chats at once, continues, updates its knowledge and prompt, and chats with the change', async () => {
    // step 7: the token check
    expect((await send('GET', '/CurrentUser/pinnedGptSystems')).status).toBe(200);
    expect((await send('GET', '/CurrentUser/pinnedGptSystems', undefined, 'not-a-token')).status).toBe(401);

    const { configStateId, gptSystemId, configuration } = await buildAgent();
    // every field sent comes back, top level (some clients read `configuration`)
    const read = await json<Json & { configuration?: Json }>('GET', `/configStates/${configStateId}`);
    expect(read.status).toBe(200);
    const state = read.body.configuration ?? read.body;
    for (const [field, value] of Object.entries(configuration)) expect(state[field], field).toEqual(value);

    // step 4: the owner chats at once, without a publishing call
    const first = await chat(`/userConversations/byGptSystemId/${gptSystemId}`, newQuestion('When is my MATH200 exam?'));
    expect(first.reader.answer()).toBe('Hello from the fake model.');
    expect(first.reader.events.map((e) => e.event).slice(0, 2)).toEqual(['conversation-and-segment-id', 'step-update']);
    let sent = answers().at(-1)!;
    expect(sent.body.model).toBe('gpt-4o');
    expect(systemOf(sent)).toContain(configuration.systemPrompt);
    expect(systemOf(sent)).toContain(configuration.customSystemPrompt);
    expect(sent.body).toMatchObject({ temperature: 0.5, top_p: 0.95, max_tokens: 16384 });
    // gpt-4o takes neither; null sends neither anyway
    expect(sent.body).not.toHaveProperty('reasoning_effort');
    expect(sent.body).not.toHaveProperty('verbosity');

    // step 5: continue with lineage.parentSegmentId from the last response-model
    const next = await chat(`/userConversations/${first.conversationId}/segments`, {
      question: 'And CS101?',
      visionImageIds: [],
      attachmentIds: [],
      segmentTraceLogLevel: 'NonPersisted',
      lineage: { parentSegmentId: first.segmentId, lineageType: 'Question' },
    });
    expect(next.conversationId).toBe(first.conversationId);
    expect((answers().at(-1)!.body.messages as { content: string }[]).map((m) => m.content).slice(1)).toEqual([
      'When is my MATH200 exam?',
      'Hello from the fake model.',
      'And CS101?',
    ]);

    // the knowledge changes: read the state back, change attachments and customSystemPrompt, PUT it again
    const newer = await uploadKnowledge('courses-2.txt', 'CS101 moved to Tuesdays.');
    const back = (await json<Json & { configuration?: Json }>('GET', `/configStates/${configStateId}`)).body;
    const changed = {
      ...(back.configuration ?? back),
      attachments: [
        {
          attachmentId: newer.attachmentId,
          attachmentType: 'FileSearch',
          attachmentContext: 'GptSystem',
          originalFileName: newer.originalFileName,
          id: newer.attachmentId,
        },
      ],
      customSystemPrompt: 'You are the study tutor; CS101 moved to Tuesdays.',
    };
    expect([200, 204]).toContain((await send('PUT', `/configStates/${configStateId}`, changed)).status);
    const again = (await json<Json>('GET', `/configStates/${configStateId}`)).body;
    expect(again.attachments).toEqual(changed.attachments);
    expect(again.customSystemPrompt).toBe(changed.customSystemPrompt);
    // saved is not live: the agent answers with what it had until updateGptSystem
    await chat(`/userConversations/byGptSystemId/${gptSystemId}`, newQuestion('Still the old prompt?'));
    expect(systemOf(answers().at(-1)!)).toContain(configuration.customSystemPrompt);

    const updated = await json<{ gptSystemId: string }>('PUT', `/configStates/${configStateId}/updateGptSystem`);
    expect(updated.status).toBe(200);
    expect(updated.body.gptSystemId).toBe(gptSystemId);
    await chat(`/userConversations/byGptSystemId/${gptSystemId}`, newQuestion('Where is CS101 now?'));
    sent = answers().at(-1)!;
    expect(systemOf(sent)).toContain('You are the study tutor; CS101 moved to Tuesdays.');
    expect(systemOf(sent)).toContain(configuration.systemPrompt);
    // the conversation begun before the change goes on with the changed configuration too
    await chat(`/userConversations/${first.conversationId}/segments`, {
      question: 'One more?',
      visionImageIds: [],
      attachmentIds: [],
      segmentTraceLogLevel: 'NonPersisted',
      lineage: { parentSegmentId: next.segmentId, lineageType: 'Question' },
    });
    expect(systemOf(answers().at(-1)!)).toContain('CS101 moved to Tuesdays.');

    // each createGptSystem/updateGptSystem is a published version; the V2 call stays harmless
    const history = await json<{ items: { version: number }[] }>('GET', `/gptSystems/personal/management/${gptSystemId}/publishing`);
    expect(history.body.items.map((v) => v.version)).toEqual([2, 1]);
    const v2 = await json<{ version: { version: number } }>('PUT', `/gptSystems/personal/management/${gptSystemId}/publishing/V2`);
    expect(v2.status).toBe(200);
    expect(v2.body.version.version).toBe(2);
    // updateGptSystem with nothing changed publishes nothing new
    expect((await send('PUT', `/configStates/${configStateId}/updateGptSystem`)).status).toBe(200);
    expect((await json<{ items: unknown[] }>('GET', `/gptSystems/personal/management/${gptSystemId}/publishing`)).body.items).toHaveLength(2);
  });

  it('reads both stream layouts the same way: the event name is kept across blank lines', () => {
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    const model = JSON.stringify({ conversationSegmentId: 'seg', citations: [] });
    const oneBlock = `event: response-updated\ndata: ${b64('Hi ')}\n\nevent: response-updated\ndata: ${b64('there')}\n\nevent: response-model\ndata: ${b64(model)}\n\n`;
    const twoBlocks = `event: response-updated\n\ndata: ${b64('Hi ')}\n\nevent: response-updated\n\ndata: ${b64('there')}\n\nevent: response-model\n\ndata: ${b64(model)}\n\n`;
    for (const text of [oneBlock, twoBlocks]) {
      const reader = new ScriptStreamReader();
      // fed in small pieces, as a socket delivers them
      let stopped = false;
      for (let i = 0; i < text.length && !stopped; i += 7) stopped = reader.push(text.slice(i, i + 7));
      expect(stopped).toBe(true);
      expect(reader.answer()).toBe('Hi there');
      expect(reader.responseModel).toEqual({ conversationSegmentId: 'seg', citations: [] });
    }
    expect(() => new ScriptStreamReader().push(`event: not-found\n\ndata: \n\n`)).toThrow('does not exist');
    expect(() => new ScriptStreamReader().push(`event: error\ndata: ${b64('boom')}\n\n`)).toThrow('boom');
  });

  it('opens an empty conversation with POST /userConversations {gptSystemId}, and a first segment without lineage starts it', async () => {
    const { gptSystemId } = await buildAgent({ gptSystemName: 'Opener' });
    const opened = await json<{ userConversationId?: string; id?: string; conversationId: string; title: string }>('POST', '/userConversations', {
      gptSystemId,
    });
    expect(opened.status).toBe(200);
    const conversationId = (opened.body.userConversationId ?? opened.body.id)!;
    expect(opened.body).toMatchObject({ conversationId, userConversationId: conversationId, id: conversationId, title: '', gptSystemId });
    // readable at once, empty; out of the list until its first question
    const empty = await json<{ conversationSegmentTree: { segments: unknown[] } }>('GET', `/userConversations/${conversationId}`);
    expect(empty.status).toBe(200);
    expect(empty.body.conversationSegmentTree.segments).toEqual([]);
    const listed = async () => (await json<ConversationList>('GET', '/userConversations?pageSize=50')).body.items;
    expect((await listed()).map((c) => c.conversationId)).not.toContain(conversationId);

    const first = await chat(`/userConversations/${conversationId}/segments`, {
      question: 'What is on Monday?',
      visionImageIds: [],
      attachmentIds: [],
      segmentTraceLogLevel: 'NonPersisted',
    });
    expect(first.conversationId).toBe(conversationId);
    expect(first.reader.answer()).toBe('Hello from the fake model.');
    expect((answers().at(-1)!.body.messages as { content: string }[]).map((m) => m.content).slice(1)).toEqual(['What is on Monday?']);
    const started = await json<{ title: string; conversationSegmentTree: { segmentPath: string[] } }>('GET', `/userConversations/${conversationId}`);
    expect(started.body.conversationSegmentTree.segmentPath).toEqual([first.segmentId]);
    expect(started.body.title).not.toBe('');
    expect((await listed()).find((c) => c.conversationId === conversationId)).toBeDefined();
    // a second segment without lineage follows the first
    await chat(`/userConversations/${conversationId}/segments`, { question: 'And Tuesday?', visionImageIds: [], attachmentIds: [] });
    expect((answers().at(-1)!.body.messages as { content: string }[]).map((m) => m.content).slice(1)).toEqual([
      'What is on Monday?',
      'Hello from the fake model.',
      'And Tuesday?',
    ]);

    // someone else's agent, an unknown one and a bad body are refused, and write nothing
    expect((await json('POST', '/userConversations', { gptSystemId }, friend.token)).status).toBe(404);
    expect((await json('POST', '/userConversations', { gptSystemId: randomUUID() })).status).toBe(404);
    expect((await json('POST', '/userConversations', { gptSystemId: 'nope' })).status).toBe(400);
    expect((await json('POST', '/userConversations')).status).toBe(400);
  });

  it('keeps a hidden agent out of the lists people pick agents from, still chattable by id and in its owner management lists', async () => {
    const { configStateId, gptSystemId } = await buildAgent({ gptSystemName: 'Hidden helper', isHidden: true });
    // by id: an email would wait as an invitation until the friend next signs in
    await json('PUT', `/gptSystems/personal/management/${gptSystemId}/sharing`, { userIds: [friend.id] });
    await json('POST', '/CurrentUser/gptSystemSharedWithMe', { gptSystemId }, friend.token);
    const ids = async (path: string, token = owner.token) => (await json<GptSystemList>('GET', path, undefined, token)).body.items.map((a) => a.gptSystemId);
    expect(await ids('/CurrentUser/AvailableGptSystems')).not.toContain(gptSystemId);
    expect(await ids('/gptSystems/common/AvailableForConversation')).not.toContain(gptSystemId);
    expect(await ids('/gptSystems/directory/SharedWithMe', friend.token)).not.toContain(gptSystemId);
    expect((await json<ManagedAgentList>('GET', '/gptSystems/directory/Mine')).body.items.map((a) => a.gptSystemId)).toContain(gptSystemId);
    expect((await json<ManagedAgentList>('GET', '/gptSystems/personal/management')).body.items.map((a) => a.gptSystemId)).toContain(gptSystemId);

    // by id (a link, /chat/{gptSystemId}): details and chat work, for the owner and the person it is shared with
    expect((await json<{ status: string }>('GET', `/userConversations/gptSystems/${gptSystemId}/detailsForConversation`)).body.status).toBe('Active');
    const r = await chat(`/userConversations/byGptSystemId/${gptSystemId}`, newQuestion('Are you there?'));
    expect(r.reader.answer()).toBe('Hello from the fake model.');
    await chat(`/userConversations/byGptSystemId/${gptSystemId}`, newQuestion('Me too?'), friend.token);
    // used recently, still not listed as recent; a pin is the person's own choice and stays
    expect(await ids('/CurrentUser/recentGptSystems')).not.toContain(gptSystemId);
    expect((await send('POST', '/CurrentUser/pinnedGptSystem', { gptSystemId })).status).toBe(204);
    expect(await ids('/CurrentUser/pinnedGptSystems')).toContain(gptSystemId);

    // shown again once isHidden is false and updateGptSystem made it live
    await send('PUT', `/configStates/${configStateId}`, { isHidden: false });
    expect(await ids('/CurrentUser/AvailableGptSystems')).not.toContain(gptSystemId);
    await send('PUT', `/configStates/${configStateId}/updateGptSystem`);
    expect(await ids('/CurrentUser/AvailableGptSystems')).toContain(gptSystemId);
    expect(await ids('/CurrentUser/recentGptSystems')).toContain(gptSystemId);
  });

  it('refuses questions to an Inactive agent with a clear error, lists it nowhere but its owner management, and answers again once Active', async () => {
    const { configStateId, gptSystemId } = await buildAgent({ gptSystemName: 'Sleeper' });
    const before = await chat(`/userConversations/byGptSystemId/${gptSystemId}`, newQuestion('Awake?'));
    await send('POST', '/CurrentUser/pinnedGptSystem', { gptSystemId });
    await send('PUT', `/configStates/${configStateId}`, { status: 'Inactive' });
    expect((await send('PUT', `/configStates/${configStateId}/updateGptSystem`)).status).toBe(200);

    const asked = answers().length;
    const refused = await json<{ code: string; message: string }>('POST', `/userConversations/byGptSystemId/${gptSystemId}`, newQuestion('Hello?'));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'agent_inactive', message: expect.stringContaining('inactive') });
    const followUp = await json<{ code: string }>('POST', `/userConversations/${before.conversationId}/segments`, {
      question: 'Still there?',
      visionImageIds: [],
      attachmentIds: [],
      lineage: { parentSegmentId: before.segmentId, lineageType: 'Question' },
    });
    expect(followUp.status).toBe(403);
    expect(followUp.body.code).toBe('agent_inactive');
    expect((await json<{ code: string }>('POST', '/userConversations', { gptSystemId })).body.code).toBe('agent_inactive');
    expect(answers().length).toBe(asked);

    const ids = async (path: string) => (await json<GptSystemList>('GET', path)).body.items.map((a) => a.gptSystemId);
    for (const path of ['/CurrentUser/AvailableGptSystems', '/CurrentUser/pinnedGptSystems', '/CurrentUser/recentGptSystems']) {
      expect(await ids(path), path).not.toContain(gptSystemId);
    }
    expect((await json<ManagedAgentList>('GET', '/gptSystems/directory/Mine')).body.items.map((a) => a.gptSystemId)).toContain(gptSystemId);
    // the chat page learns it from the details; the owner's preview of the draft still answers
    expect((await json<{ status: string }>('GET', `/userConversations/gptSystems/${gptSystemId}/detailsForConversation`)).body.status).toBe('Inactive');
    await chat(`/configStates/${configStateId}/conversations`, newQuestion('Preview?'));

    await send('PUT', `/configStates/${configStateId}`, { status: 'Active' });
    await send('PUT', `/configStates/${configStateId}/updateGptSystem`);
    expect((await chat(`/userConversations/byGptSystemId/${gptSystemId}`, newQuestion('Back?'))).reader.answer()).toBe('Hello from the fake model.');
    expect(await ids('/CurrentUser/pinnedGptSystems')).toContain(gptSystemId);
  });

  it('takes WebSearch and InternetSearch, refuses unknown capabilities and statuses, and round-trips reasoningEffort and verbosity to a model that takes them', async () => {
    const { configStateId, gptSystemId } = await buildAgent({ gptSystemName: 'Thinker' });
    for (const capabilityTypes of [['WebSearch'], ['InternetSearch', 'ImageCreation'], ['CodeInterpreter', 'WebSearch']]) {
      const put = await json<{ capabilityTypes: string[]; warnings: { property: string }[] }>('PUT', `/configStates/${configStateId}`, {
        capabilityTypes,
        restrictAnswerToInformationReturnedByTools: true,
      });
      expect(put.status).toBe(200);
      expect(put.body.capabilityTypes).toEqual(capabilityTypes);
      // web search under either name counts as a tool for restricted answers
      expect(put.body.warnings.map((w) => w.property)).not.toContain('restrictAnswerToInformationReturnedByTools');
    }
    for (const bad of [{ capabilityTypes: ['Teleport'] }, { status: 'Sleeping' }, { reasoningEffort: 'extreme' }, { verbosity: 'loud' }]) {
      expect((await json('PUT', `/configStates/${configStateId}`, bad)).status, JSON.stringify(bad)).toBe(400);
    }

    await send('PUT', `/configStates/${configStateId}`, {
      deploymentName: 'gpt-5-mini',
      reasoningEffort: 'High',
      verbosity: 'low',
      temperature: null,
      topP: null,
    });
    const state = (await json<Json>('GET', `/configStates/${configStateId}`)).body;
    expect(state).toMatchObject({ reasoningEffort: 'High', verbosity: 'low', deploymentName: 'gpt-5-mini' });
    await send('PUT', `/configStates/${configStateId}/updateGptSystem`);
    await chat(`/userConversations/byGptSystemId/${gptSystemId}`, newQuestion('Think hard.'));
    expect(answers().at(-1)!.body).toMatchObject({ model: 'gpt-5-mini', reasoning_effort: 'high', verbosity: 'low' });
    // back on gpt-4o, which takes neither, they stay in the configuration and are not sent
    await send('PUT', `/configStates/${configStateId}`, { deploymentName: 'gpt-4o' });
    await send('PUT', `/configStates/${configStateId}/updateGptSystem`);
    await chat(`/userConversations/byGptSystemId/${gptSystemId}`, newQuestion('Think less.'));
    const plain = answers().at(-1)!.body;
    expect(plain.model).toBe('gpt-4o');
    expect(JSON.stringify(plain)).not.toMatch(/reasoning_effort|verbosity/);
  });

  it('accepts an empty JSON body on every call of the flow that takes none', async () => {
    const created = await send('POST', '/configStates/byGptSystemType/User');
    expect([200, 201]).toContain(created.status);
    const { configStateId } = (await created.json()) as { configStateId: string };
    await send('PUT', `/configStates/${configStateId}`, { gptSystemName: 'Empty bodies', systemPrompt: 'Be brief.' });
    const made = await send('POST', `/configStates/${configStateId}/createGptSystem`);
    expect(made.status).toBe(200);
    const { gptSystemId } = (await made.json()) as { gptSystemId: string };
    const r = await chat(`/userConversations/byGptSystemId/${gptSystemId}`, newQuestion('Hi'));
    const calls: [string, string, number[]][] = [
      ['POST', '/configStates/byGptSystemType/User', [200, 201]],
      ['PUT', `/configStates/${configStateId}/updateGptSystem`, [200]],
      ['POST', `/configStates/byGptSystemId/${gptSystemId}`, [200]],
      ['PUT', `/gptSystems/personal/management/${gptSystemId}/publishing/V2`, [200]],
      ['POST', `/userConversations/${r.conversationId}/segments/${r.segmentId}/regenerate`, [200]],
      ['PUT', `/userConversations/${r.conversationId}/archive`, [204]],
      ['PUT', `/userConversations/${r.conversationId}/unArchive`, [204]],
      ['DELETE', `/userConversations/${r.conversationId}`, [204]],
      ['DELETE', `/gptSystems/common/management/${gptSystemId}`, [204]],
      ['DELETE', `/configStates/${configStateId}`, [204]],
    ];
    for (const [method, path, ok] of calls) {
      const res = await send(method, path);
      const text = await res.text();
      expect(ok, `${method} ${path}: ${res.status} ${text.slice(0, 200)}`).toContain(res.status);
    }
  });
});
