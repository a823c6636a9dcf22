// The chat stream against real HTTP fakes of OpenAI-compatible and Anthropic servers: provider usage,
// failures before and during the answer, a slow first token, and a client that leaves mid-answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ResponseModelEvent } from '@atrium/contract';
import type { TestApp } from '../../test/harness.js';
import { startFakeAnthropic, startFakeOpenAI, DefaultChunks, type FakeScript, type FakeUpstream } from '../../test/fake-upstreams.js';
import { conversationSegments } from '../../db/schema/index.js';
import { answerOf, dataOf, eventually, names, postStream } from '../../test/chat-stream.js';
import { isTitleRequest, startModelTestApp, openAiAndAnthropicConnections, type ModelTestApp } from '../../test/model-app.js';

describe('the chat stream through model providers', () => {
  let app: ModelTestApp;
  let t: TestApp;
  let base: string;
  let agentId: string;
  let user: { id: string; token: string };
  let openai: FakeUpstream;
  let anthropic: FakeUpstream;

  beforeAll(async () => {
    openai = await startFakeOpenAI();
    anthropic = await startFakeAnthropic();
    // an answer whose client left stops at once here (no grace time for a resume: conversations.resume.test.ts)
    app = await startModelTestApp(openAiAndAnthropicConnections(openai.url, anthropic.origin), { ANSWER_GRACE_MS: '0' });
    ({ t, base, agentId } = app);
    user = await t.createUser({ actions: ['GptSystemsRead'] });
  });
  afterAll(async () => {
    await app.close();
    await openai.close();
    await anthropic.close();
  });

  const ask = (question: string, deploymentIdentifier?: string, abortAfterPieces?: number) =>
    postStream(
      base,
      `/userConversations/byGptSystemId/${agentId}`,
      {
        question,
        visionImageIds: [],
        attachmentIds: [],
        session: { sessionIdentifier: randomUUID() },
        segmentTraceLogLevel: 'NonPersisted',
        ...(deploymentIdentifier
          ? { answerGenerationOptions: { deploymentIdentifier, capabilities: [], capabilitiesExplicitlyProvided: true, reasoningMode: 'Balanced' } }
          : {}),
      },
      { token: user.token, abortAfterPieces },
    );
  /** The script for the next answer; title requests (made after each first answer) get the default one. */
  const nextAnswer = (upstream: FakeUpstream, script: FakeScript) => {
    let used = false;
    upstream.setScript((request) => {
      if (used || isTitleRequest(request)) return {};
      used = true;
      return script;
    });
  };
  const row = async (segmentId: string) => (await t.ctx.db.select().from(conversationSegments).where(eq(conversationSegments.id, segmentId)))[0]!;

  it('streams the default deployment (OpenAI-compatible) and records the provider usage', async () => {
    nextAnswer(openai, { chunks: ['Grüß', ' dich', ' 👋'], usage: { promptTokens: 31, completionTokens: 3 } });
    const r = await ask('Hello there');
    expect(r.naive).toEqual(r.events);
    expect(r.spec).toEqual(r.events);
    expect(answerOf(r.events)).toBe('Grüß dich 👋');
    const model = dataOf<ResponseModelEvent>(r.events, 'response-model');
    expect(model).toMatchObject({ status: 'Success', answeredWithModel: { displayName: 'Fake GPT' } });
    const body = openai.requests.at(-1)!.body as { model: string; messages: { role: string; content: unknown }[] };
    expect(body.model).toBe('fake-gpt-model');
    expect(JSON.stringify(body.messages)).toContain('Hello there');
    expect(await row(model.conversationSegmentId)).toMatchObject({
      model: 'fake-gpt-model',
      deploymentName: 'fake-gpt',
      promptTokens: 31,
      completionTokens: 3,
      tokensEstimated: false,
      userId: user.id,
      gptSystemId: agentId,
    });
  });

  it('answers with Anthropic when the client names its deployment', async () => {
    const r = await ask('Hello Claude', 'fake-claude');
    expect(answerOf(r.events)).toBe(DefaultChunks.join(''));
    expect(dataOf<ResponseModelEvent>(r.events, 'response-model').answeredWithModel).toMatchObject({ displayName: 'Fake Claude' });
    expect(anthropic.requests.length).toBeGreaterThan(0);
  });

  it('refuses an unknown deployment with 400 before streaming', async () => {
    const r = await ask('Hello', 'no-such-model');
    expect(r.status).toBe(400);
  });

  it('reports an upstream error before the first token as an error event with a clear message', async () => {
    nextAnswer(openai, { status: 500, errorMessage: 'The upstream model crashed' });
    const r = await ask('Break please');
    expect(r.status).toBe(200);
    expect(r.naive).toEqual(r.events);
    expect(r.spec).toEqual(r.events);
    expect(names(r.events)).toEqual(['conversation-and-segment-id', 'step-update', 'error', 'cosmos-db-session-tokens', 'response-model', 'no-more-data']);
    expect(r.events[2]!.data.length).toBeGreaterThan(10);
    const model = dataOf<ResponseModelEvent>(r.events, 'response-model');
    expect(model.status).toBe('Failed');
    expect(model.errors?.[0]?.message).toBe(r.events[2]!.data);
    expect((await row(model.conversationSegmentId)).status).toBe('Failed');
  });

  it('keeps the partial answer when the upstream fails mid-stream', async () => {
    nextAnswer(openai, { chunks: ['Half', ' an', ' answer'], end: 'drop' });
    const r = await ask('Fail midway');
    const n = names(r.events);
    expect(n.slice(0, 3)).toEqual(['conversation-and-segment-id', 'step-update', 'response-updated']);
    expect(n.slice(-3)).toEqual(['cosmos-db-session-tokens', 'response-model', 'no-more-data']);
    expect(n.some((e) => e === 'error' || e === 'internal-server-error')).toBe(true);
    const model = dataOf<ResponseModelEvent>(r.events, 'response-model');
    expect(model.status).toBe('Failed');
    expect(model.answer.startsWith('Half')).toBe(true);
    expect((await row(model.conversationSegmentId)).answer).toBe(model.answer);
  });

  it('measures a slow first token', async () => {
    nextAnswer(openai, { firstTokenDelayMs: 300 });
    const r = await ask('Slowly');
    const first = names(r.events).indexOf('response-updated');
    expect(r.times[first]! - r.times[0]!).toBeGreaterThanOrEqual(250);
    const model = dataOf<ResponseModelEvent>(r.events, 'response-model');
    expect((await row(model.conversationSegmentId)).timeToFirstTokenMs!).toBeGreaterThanOrEqual(300);
  });

  it('closes the upstream request when the client disconnects and keeps the partial answer as Aborted', async () => {
    const abortsBefore = openai.aborted;
    nextAnswer(openai, { chunks: Array.from({ length: 100 }, (_, i) => ` word${i}`), chunkDelayMs: 30 });
    const r = await ask('Talk for a long time', undefined, 3);
    await openai.waitForAbort(abortsBefore + 1);
    const segmentId = dataOf<{ ConversationSegmentId: string }>(r.events, 'conversation-and-segment-id').ConversationSegmentId;
    // a turn shorter than a second writes its rows only when it ends: wait for them to exist
    const saved = await eventually(
      () => row(segmentId),
      (s) => s !== undefined && s.status !== 'InProgress',
    );
    expect(saved).toBeDefined();
    expect(saved.status).toBe('Aborted');
    expect(saved.answer.startsWith(answerOf(r.events))).toBe(true);
    expect(saved.answer.split('word').length - 1).toBeLessThan(100);
  });
});
