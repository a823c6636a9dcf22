// A model that stops sending, through real HTTP fakes of an OpenAI-compatible server (the lean streaming
// client) and of Anthropic (the AI SDK): before its first token and in the middle of its answer. The turn
// ends with an error event after the configured timeout, the upstream call is closed, and the segment is
// saved as Failed with the answer so far and the reason, never left InProgress.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ConversationSchema, type ResponseModelEvent } from '@atrium/contract';
import { startFakeAnthropic, startFakeOpenAI, type FakeScript, type FakeUpstream } from '../test/fake-upstreams.js';
import { answerOf, dataOf, jsonCaller, names, postStream } from '../test/chat-stream.js';
import { isTitleRequest, startModelTestApp, openAiAndAnthropicConnections, type ModelTestApp } from '../test/model-app.js';

// longer than the segment writer's deferred create (1 s): the rows exist InProgress when the stall ends them
const FirstTokenMs = 1500;
const IdleMs = 1200;

describe('a model that stops sending', () => {
  let app: ModelTestApp;
  let openai: FakeUpstream;
  let anthropic: FakeUpstream;
  let token: string;
  const call = jsonCaller(
    () => app.base,
    () => token,
  );

  beforeAll(async () => {
    openai = await startFakeOpenAI();
    anthropic = await startFakeAnthropic();
    app = await startModelTestApp(openAiAndAnthropicConnections(openai.url, anthropic.origin), {
      MODEL_FIRST_TOKEN_TIMEOUT_MS: String(FirstTokenMs),
      MODEL_IDLE_TIMEOUT_MS: String(IdleMs),
    });
    token = (await app.t.createUser({ actions: ['GptSystemsRead'] })).token;
  });
  afterAll(async () => {
    await app.close();
    await openai.close();
    await anthropic.close();
  });

  /** Every answer follows `script`; title requests get the default answer. */
  const script = (upstream: FakeUpstream, s: FakeScript) => upstream.setScript((request) => (isTitleRequest(request) ? {} : s));

  const ask = (question: string, deploymentIdentifier: string) =>
    postStream(
      app.base.replace(/\/api\/internal$/, ''),
      `/userConversations/byGptSystemId/${app.agentId}`,
      {
        question,
        visionImageIds: [],
        attachmentIds: [],
        session: { sessionIdentifier: randomUUID() },
        answerGenerationOptions: { deploymentIdentifier, capabilities: [], capabilitiesExplicitlyProvided: true, reasoningMode: 'Balanced' },
      },
      { token },
    );

  /** The segment as a client reads it back. */
  const savedSegment = async (conversationId: string) => {
    const res = await call('GET', `/userConversations/${conversationId}`);
    expect(res.status).toBe(200);
    return ConversationSchema.parse(res.body).conversationSegmentTree.segments[0]!;
  };

  describe.each([
    ['an OpenAI-compatible server', () => openai, 'fake-gpt'],
    ['Anthropic', () => anthropic, 'fake-claude'],
  ] as const)('on %s', (_name, upstream, deployment) => {
    it('ends the answer after the first-token timeout when the model sends nothing', async () => {
      script(upstream(), { chunks: [], end: 'hang' });
      const aborted = upstream().aborted;
      const r = await ask('Are you there?', deployment);
      expect(r.status).toBe(200);
      expect(names(r.events)).toEqual(['conversation-and-segment-id', 'step-update', 'error', 'cosmos-db-session-tokens', 'response-model', 'no-more-data']);
      const error = r.events[2]!.data;
      expect(error).toMatch(/^The model did not start answering within 2 seconds, so this answer was stopped\. Please try again/);
      // the error came at the timeout, not before and not much after
      expect(r.times[2]! - r.times[0]!).toBeGreaterThanOrEqual(FirstTokenMs - 100);
      expect(r.times[2]! - r.times[0]!).toBeLessThan(FirstTokenMs + 1500);
      const model = dataOf<ResponseModelEvent>(r.events, 'response-model');
      expect(model.status).toBe('Failed');
      expect(model.errors).toEqual([{ code: 'model_timeout', message: error }]);
      await upstream().waitForAbort(aborted + 1);

      const segment = await savedSegment(model.conversationId);
      expect(segment.status).toBe('Failed');
      expect(segment.answer).toBe('');
      expect(segment.completedAt).not.toBeNull();
      expect(segment.executionLogs).toContainEqual(expect.objectContaining({ isError: true, message: error }));
    });

    it('ends the answer after the idle timeout when the model falls silent mid-answer, keeping what it wrote', async () => {
      script(upstream(), { chunks: ['Half', ' an', ' answer'], end: 'hang' });
      const aborted = upstream().aborted;
      const r = await ask('Tell me everything', deployment);
      const n = names(r.events);
      expect(n.slice(0, 2)).toEqual(['conversation-and-segment-id', 'step-update']);
      expect(n.slice(-4)).toEqual(['error', 'cosmos-db-session-tokens', 'response-model', 'no-more-data']);
      expect(answerOf(r.events)).toBe('Half an answer');
      const error = r.events.find((e) => e.event === 'error')!.data;
      expect(error).toMatch(/^The model stopped sending for 1 second in the middle of its answer, so the answer ends here; what it wrote so far is kept\./);
      // the fake server sends the pieces at once, then falls silent: the server's idle clock starts then, which
      // the client sees only as the request's start (a busy machine may deliver the last piece later than it came)
      const errorAt = r.times[n.indexOf('error')]!;
      expect(errorAt - r.times[0]!).toBeGreaterThanOrEqual(IdleMs - 100);
      expect(errorAt - r.times[n.lastIndexOf('response-updated')]!).toBeLessThan(IdleMs + 1500);
      await upstream().waitForAbort(aborted + 1);

      const model = dataOf<ResponseModelEvent>(r.events, 'response-model');
      expect(model).toMatchObject({ status: 'Failed', answer: 'Half an answer', errors: [{ code: 'model_timeout', message: error }] });
      const segment = await savedSegment(model.conversationId);
      expect(segment).toMatchObject({ status: 'Failed', answer: 'Half an answer' });
    });

    it('lets a slow but steady model finish', async () => {
      // first piece after 1 s, then 8 pieces 500 ms apart: 5 s in all, past both limits, never silent for as long as either
      script(upstream(), { chunks: Array.from({ length: 8 }, (_, i) => `${i} `), firstTokenDelayMs: 1000, chunkDelayMs: 500 });
      const r = await ask('Take your time', deployment);
      expect(names(r.events)).not.toContain('error');
      expect(dataOf<ResponseModelEvent>(r.events, 'response-model')).toMatchObject({ status: 'Success', answer: '0 1 2 3 4 5 6 7 ' });
    });
  });
});
