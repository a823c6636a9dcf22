// Image creation end to end over real HTTP: an agent with ImageCreation answers through a fake
// OpenAI-compatible server that calls create_image; the fake image model draws a real PNG; the stream
// carries the step and the link in docs/wire-protocol.md's order; the image is served by its capability URL and by
// nothing else; the saved answer keeps the image. Also: when the tool is not offered, and a failing
// image model.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Conversation, GeneratedImageLinkEvent, ResponseModelEvent } from '@atrium/contract';
import type { TestApp } from '../../test/harness.js';
import { FakeImagePng, startFakeOpenAI, type FakeUpstream, type RecordedRequest } from '../../test/fake-upstreams.js';
import { dataOf, eventually, jsonCaller, postStream } from '../../test/chat-stream.js';
import { isTitleRequest, startModelTestApp, type ModelTestApp } from '../../test/model-app.js';
import { updateDeployment } from '../connections/connections.service.js';
import { createAgent, publishedConfig } from '../agents/agents.test-factory.js';
import { conversationSegments, generatedImages } from '../../db/schema/index.js';

const Prompt = 'A lighthouse at dusk, oil painting, warm light';
type ChatBody = { tools?: { function: { name: string } }[]; messages: { role: string; content: unknown; tool_calls?: unknown[] }[] };
const chatBody = (r: RecordedRequest) => r.body as unknown as ChatBody;

describe('images created while answering', () => {
  let app: ModelTestApp;
  let t: TestApp;
  let base: string;
  let model: FakeUpstream;
  let user: { id: string; token: string };
  let other: { id: string; token: string };
  let painter: string;
  let plain: string;
  let imageDeploymentId: string;
  let connectionId: string;

  beforeAll(async () => {
    model = await startFakeOpenAI({
      // the model draws when it may, then answers from the tool's result
      script: (request) => {
        if (isTitleRequest(request)) return { chunks: ['Lighthouse'] };
        const body = chatBody(request);
        if (body.messages.some((m) => m.role === 'tool')) return { chunks: [' There it is:', ' a lighthouse at dusk.'] };
        if (body.tools?.some((x) => x.function.name === 'create_image')) {
          return { chunks: ['Let me draw', ' that.'], toolCall: { name: 'create_image', input: { prompt: Prompt, title: 'Lighthouse at dusk' } } };
        }
        return { chunks: ['I cannot draw here.'] };
      },
    });
    app = await startModelTestApp([
      {
        name: 'Local server',
        providerType: 'OpenAICompatible',
        endpoint: model.url,
        deployments: [
          { name: 'fake-gpt', model: 'fake-gpt-model', tools: true, isDefault: true },
          { name: 'fake-gpt-no-tools', model: 'fake-gpt-model', tools: false },
          { name: 'fake-image', displayName: 'Fake Image', model: 'fake-image-1', kind: 'ImageGeneration' },
        ],
      },
    ]);
    ({ t, base } = app);
    const connection = app.connections[0]!;
    connectionId = connection.connectionId;
    imageDeploymentId = connection.deployments.find((d) => d.kind === 'ImageGeneration')!.deploymentId;
    painter = (await createAgent(t.ctx.db, { name: 'Painter', publishedConfig: publishedConfig({ capabilityTypes: ['ImageCreation'] }) })).id;
    plain = (await createAgent(t.ctx.db, { name: 'Plain', publishedConfig: publishedConfig({ capabilityTypes: [] }) })).id;
    user = await t.createUser({ actions: ['GptSystemsRead'] });
    other = await t.createUser({ actions: ['GptSystemsRead'] });
  });
  afterAll(async () => {
    await app.close();
    await model.close();
  });

  const ask = (agentId: string, token: string, extra: Record<string, unknown> = {}) =>
    postStream(
      base,
      `/userConversations/byGptSystemId/${agentId}`,
      {
        question: 'Draw me a lighthouse at dusk',
        visionImageIds: [],
        attachmentIds: [],
        session: { sessionIdentifier: randomUUID() },
        segmentTraceLogLevel: 'NonPersisted',
        ...extra,
      },
      { token },
    );
  /** the image without any token, as an <img> loads it */
  const load = (uri: string) => fetch(`${base}${uri}`);
  const chatRequestsSince = (count: number) => model.requests.slice(count).filter((r) => r.path.endsWith('/chat/completions') && !isTitleRequest(r));
  /** event names with each run of response-updated pieces as one */
  const shape = (events: { event: string }[]) =>
    events.map((e) => e.event).filter((name, i, all) => name !== 'response-updated' || all[i - 1] !== 'response-updated');

  let uri: string;
  let conversationId: string;
  let segmentId: string;

  it('calls the image model, streams the step and the link in order, and the model answers on from the result', async () => {
    const before = model.requests.length;
    const r = await ask(painter, user.token);
    expect(r.status).toBe(200);
    expect(shape(r.events)).toEqual([
      'conversation-and-segment-id',
      'step-update',
      'response-updated',
      'step-update',
      'generated-image-link',
      'response-updated',
      'cosmos-db-session-tokens',
      'response-model',
      'no-more-data',
    ]);
    // every kind of client reads the same events
    expect(r.naive).toEqual(r.events);
    expect(r.spec).toEqual(r.events);
    expect(r.events.filter((e) => e.event === 'step-update').map((e) => e.data)).toEqual(['Thinking', 'Creating an image']);

    const ids = dataOf<{ ConversationId: string; ConversationSegmentId: string }>(r.events, 'conversation-and-segment-id');
    conversationId = ids.ConversationId;
    segmentId = ids.ConversationSegmentId;
    const link = dataOf<GeneratedImageLinkEvent>(r.events, 'generated-image-link');
    expect(link.title).toBe('Lighthouse at dusk');
    expect(link.uri).toMatch(
      new RegExp(`^/api/internal/generatedImages/${conversationId}/${segmentId}/[A-Za-z0-9_-]{22}/lighthouse-at-dusk-[0-9a-f]{8}\\.png$`),
    );
    uri = link.uri;

    // the image model got the model's prompt
    const drawn = model.requests.slice(before).filter((x) => x.path.endsWith('/images/generations'));
    expect(drawn).toHaveLength(1);
    expect(drawn[0]!.body).toMatchObject({ model: 'fake-image-1', prompt: Prompt });

    // the model was asked twice: with the tool, then with its call and the result
    const chats = chatRequestsSince(before);
    expect(chats).toHaveLength(2);
    expect(chatBody(chats[0]!).tools?.map((x) => x.function.name)).toEqual(['create_image']);
    const followUp = chatBody(chats[1]!).messages;
    const call = followUp.find((m) => m.role === 'assistant' && m.tool_calls?.length);
    expect(JSON.stringify(call)).toContain('create_image');
    const result = followUp.find((m) => m.role === 'tool')!;
    expect(JSON.parse(result.content as string)).toMatchObject({ status: 'created', title: 'Lighthouse at dusk' });
    expect(result.content).not.toContain('/api/internal/generatedImages');

    // the answer: text, the image's markdown where it was made, more text; saved the same way
    const answer = `Let me draw that.\n\n![Lighthouse at dusk](${uri})\n\n There it is: a lighthouse at dusk.`;
    const finished = dataOf<ResponseModelEvent>(r.events, 'response-model');
    expect(finished).toMatchObject({ status: 'Success', answer });
    const call2 = jsonCaller(
      () => base,
      () => user.token,
    );
    const saved = await call2<Conversation>('GET', `/userConversations/${conversationId}`);
    expect(saved.body.conversationSegmentTree.segments.find((s) => s.conversationSegmentId === segmentId)!.answer).toBe(answer);
  });

  it('serves the image by its address alone, with its type, no sniffing and private caching', async () => {
    const res = await load(uri);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toContain('private');
    expect(Buffer.from(await res.arrayBuffer()).equals(await FakeImagePng())).toBe(true);
    const [row] = await t.ctx.db.select().from(generatedImages).where(eq(generatedImages.segmentId, segmentId));
    expect(row).toMatchObject({ conversationId, title: 'Lighthouse at dusk', prompt: Prompt, contentType: 'image/png', deploymentName: 'fake-image' });
    // the key is stored only as its hash
    const key = uri.split('/')[6]!;
    expect(JSON.stringify(row)).not.toContain(key);
  });

  it('answers 404 to any other address: a wrong key, another conversation or segment, another file, a traversal', async () => {
    const [, , , , cid, sid, key, file] = uri.split('/') as string[];
    const flipped = `${key![0] === 'A' ? 'B' : 'A'}${key!.slice(1)}`;
    // someone else's conversation, with an image of its own
    const theirs = dataOf<GeneratedImageLinkEvent>((await ask(painter, other.token)).events, 'generated-image-link').uri.split('/');
    expect((await load(theirs.join('/'))).status).toBe(200);
    const wrong = [
      `/api/internal/generatedImages/${cid}/${sid}/${flipped}/${file}`,
      `/api/internal/generatedImages/${cid}/${sid}/${key!.toLowerCase()}/${file}`,
      `/api/internal/generatedImages/${cid}/${sid}/${theirs[6]}/${file}`,
      `/api/internal/generatedImages/${theirs[4]}/${sid}/${key}/${file}`,
      `/api/internal/generatedImages/${theirs[4]}/${theirs[5]}/${key}/${file}`,
      `/api/internal/generatedImages/${cid}/${theirs[5]}/${key}/${file}`,
      `/api/internal/generatedImages/${cid}/${sid}/${key}/${theirs[7]}`,
      `/api/internal/generatedImages/${cid}/${sid}/${key}/${file!.replace('.png', '.gif')}`,
      `/api/internal/generatedImages/${cid}/${sid}/${key}/..%2F..%2F..%2Fkeys%2Fencryption.key`,
      `/api/internal/generatedImages/${cid}/${sid}/${key}/%2e%2e`,
      `/api/internal/generatedImages/not-a-uuid/${sid}/${key}/${file}`,
      `/api/internal/generatedImages/${cid}/${sid}/${key}`,
    ];
    for (const address of wrong) {
      const res = await load(address);
      expect(res.status, address).toBe(404);
      expect(res.headers.get('content-type'), address).toContain('application/json');
    }
  });

  it('stops serving the images of a deleted conversation', async () => {
    const call = jsonCaller(
      () => base,
      () => user.token,
    );
    expect((await load(uri)).status).toBe(200);
    expect((await call('DELETE', `/userConversations/${conversationId}`)).status).toBe(204);
    expect((await load(uri)).status).toBe(404);
  });

  it('offers no tool to an agent without ImageCreation, to a deployment without tools, to a client that left it out, or without an image deployment', async () => {
    const offered = async (agentId: string, extra: Record<string, unknown> = {}) => {
      const before = model.requests.length;
      const r = await ask(agentId, user.token, extra);
      expect(r.events.map((e) => e.event)).not.toContain('generated-image-link');
      expect(dataOf<ResponseModelEvent>(r.events, 'response-model').answer).toBe('I cannot draw here.');
      return chatRequestsSince(before).map((x) => chatBody(x).tools ?? []);
    };
    expect(await offered(plain)).toEqual([[]]);
    expect(await offered(painter, { answerGenerationOptions: { deploymentIdentifier: 'fake-gpt-no-tools' } })).toEqual([[]]);
    expect(await offered(painter, { answerGenerationOptions: { capabilities: ['InternetSearch'], capabilitiesExplicitlyProvided: true } })).toEqual([[]]);
    await updateDeployment(t.ctx, { userId: null, userName: 'test' }, connectionId, imageDeploymentId, { enabled: false, isDefault: false });
    try {
      expect(await offered(painter)).toEqual([[]]);
    } finally {
      await updateDeployment(t.ctx, { userId: null, userName: 'test' }, connectionId, imageDeploymentId, { enabled: true, isDefault: true });
    }
  });

  it('stops drawing when the person stops the answer, and keeps what was answered', async () => {
    model.setImageScript({ delayMs: 3000 });
    try {
      const before = model.requests.length;
      const r = await postStream(
        base,
        `/userConversations/byGptSystemId/${painter}`,
        {
          question: 'Draw me a lighthouse at dusk',
          visionImageIds: [],
          attachmentIds: [],
          session: { sessionIdentifier: randomUUID() },
          segmentTraceLogLevel: 'NonPersisted',
        },
        { token: user.token, abortOn: (e) => e.event === 'step-update' && e.data === 'Creating an image' },
      );
      const id = dataOf<{ ConversationSegmentId: string }>(r.events, 'conversation-and-segment-id').ConversationSegmentId;
      // the image request was under way and is abandoned with the answer
      const drawing = () => model.requests.slice(before).find((x) => x.path.endsWith('/images/generations'));
      expect(await eventually(async () => drawing()?.aborted, Boolean)).toBe(true);
      const segment = await eventually(
        async () => (await t.ctx.db.select().from(conversationSegments).where(eq(conversationSegments.id, id)))[0],
        (row) => row?.status === 'Aborted',
      );
      expect(segment).toMatchObject({ status: 'Aborted', answer: 'Let me draw that.' });
      expect(await t.ctx.db.select().from(generatedImages).where(eq(generatedImages.segmentId, id))).toEqual([]);
    } finally {
      model.setImageScript({});
    }
  });

  it('tells the model when the image model fails, and the answer still completes', async () => {
    model.setImageScript({ status: 400, errorMessage: 'Your request was rejected by the safety system.' });
    try {
      const before = model.requests.length;
      const r = await ask(painter, user.token);
      expect(r.events.map((e) => e.event)).not.toContain('generated-image-link');
      expect(r.events.filter((e) => e.event === 'step-update').map((e) => e.data)).toEqual(['Thinking', 'Creating an image']);
      const finished = dataOf<ResponseModelEvent>(r.events, 'response-model');
      expect(finished.status).toBe('Success');
      expect(finished.answer).not.toContain('![');
      const result = chatBody(chatRequestsSince(before)[1]!).messages.find((m) => m.role === 'tool')!;
      expect(String(result.content)).toContain('rejected by the safety system');
      expect(finished.executionLogs).toContainEqual(expect.objectContaining({ executionLogType: 'ToolCall', isError: true }));
    } finally {
      model.setImageScript({});
    }
  });
});
