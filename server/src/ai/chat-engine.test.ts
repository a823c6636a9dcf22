import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { ChatEngine } from './chat-engine.js';
import { generateTitle } from './chat-titles.js';
import type { ChatTurn, SegmentOutcome, SegmentStore } from './chat-turn.js';
import type { ChatTransport, ChatUpdate } from './chat-updates.js';
import type { ModelGateway, StreamPart } from './model.types.js';
import type { ChatTool } from './chat-tools.js';
import { ScriptedDeployment } from '../test/chat-stream.js';

const deployment = ScriptedDeployment;

const turn = (): ChatTurn => ({
  conversationId: 'c1',
  segmentId: 's1',
  deployment,
  system: 'Be brief.',
  messages: [{ role: 'user', content: 'Hello?' }],
  params: { temperature: null, topP: null, frequencyPenalty: null, maxTokens: null },
  startedAt: performance.now(),
  persistDebugLogs: false,
  generateTitle: false,
});

/** A store that keeps what the turn wrote. */
function memoryStore() {
  const finished: SegmentOutcome[] = [];
  const store: SegmentStore = {
    create: async () => undefined,
    createFinished: async (outcome) => {
      finished.push(outcome);
      return { conversationId: 'c1', conversationSegmentId: 's1' } as never;
    },
    saveProgress: async () => undefined,
    finish: async (outcome) => {
      finished.push(outcome);
      return { conversationId: 'c1', conversationSegmentId: 's1' } as never;
    },
    queueTitle: () => undefined,
  };
  return { store, finished };
}

function transport() {
  const client = new AbortController();
  const updates: ChatUpdate[] = [];
  const t: ChatTransport = { publish: (u) => updates.push(u), signal: client.signal, close: () => undefined };
  return { t, updates, leave: () => client.abort(new Error('The client disconnected')) };
}

const gateway = (stream: () => AsyncIterable<StreamPart>) => ({ stream, generateTitle: async () => null }) as unknown as ModelGateway;
const logger = pino({ level: 'silent' });

/** The test engine's model timeouts (the configured defaults are minutes: config.ts). */
const limits = { firstTokenMs: 300, idleMs: 200 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const texts = (updates: ChatUpdate[]) => updates.flatMap((u) => (u.type === 'text' ? [u.text] : []));

describe('a chat turn', () => {
  const engine = new ChatEngine(limits);

  it('ends, keeping the partial answer, when the client leaves and the provider ignores the signal', async () => {
    const { t, updates, leave } = transport();
    const { store, finished } = memoryStore();
    // one piece, then a stream that never yields again and never looks at the abort signal
    const models = gateway(async function* () {
      yield { type: 'text', text: 'Partial' };
      await new Promise(() => undefined);
    });
    const done = engine.run(turn(), store, t, { models, logger });
    await new Promise((r) => setTimeout(r, 20));
    expect(updates.some((u) => u.type === 'text')).toBe(true);
    leave();
    const outcome = await done;
    expect(outcome?.status).toBe('Aborted');
    expect(outcome?.answer).toBe('Partial');
    expect(finished).toHaveLength(1);
  });

  it('does not start the model when the client has already left', async () => {
    const { t, leave } = transport();
    const { store } = memoryStore();
    let started = false;
    const models = gateway(async function* () {
      started = true;
      yield { type: 'text', text: 'Too late' };
    });
    leave();
    const outcome = await engine.run(turn(), store, t, { models, logger });
    expect(outcome?.status).toBe('Aborted');
    expect(outcome?.answer).toBe('');
    expect(started).toBe(false);
  });

  it('streams a long answer in order, to the end', async () => {
    const { t, updates } = transport();
    const { store } = memoryStore();
    const pieces = Array.from({ length: 5000 }, (_, i) => `${i} `);
    const models = gateway(async function* () {
      for (const text of pieces) yield { type: 'text', text };
      yield { type: 'usage', promptTokens: 3, completionTokens: 5000, estimated: false };
    });
    const outcome = await engine.run(turn(), store, t, { models, logger });
    expect(outcome?.status).toBe('Success');
    expect(outcome?.answer).toBe(pieces.join(''));
    expect(
      updates
        .filter((u) => u.type === 'text')
        .map((u) => (u as { text: string }).text)
        .join(''),
    ).toBe(pieces.join(''));
    expect(outcome?.usage.completionTokens).toBe(5000);
  });

  it('queues the title of a successful first answer only, and the title waits until no turn waits for its first token', async () => {
    const queued: string[] = [];
    const storeFor = (id: string) => ({ ...memoryStore().store, queueTitle: () => void queued.push(id) });
    const answering = gateway(async function* () {
      yield { type: 'text', text: 'An answer' };
    });
    await engine.run({ ...turn(), segmentId: 's2', generateTitle: true }, storeFor('first answer'), transport().t, { models: answering, logger });
    await engine.run({ ...turn(), segmentId: 's3', generateTitle: false }, storeFor('follow-up'), transport().t, { models: answering, logger });
    const failing = gateway(async function* () {
      yield* [];
      throw new Error('The provider failed');
    });
    await engine.run({ ...turn(), segmentId: 's4', generateTitle: true }, storeFor('failed answer'), transport().t, { models: failing, logger });
    expect(queued).toEqual(['first answer']);

    // turn A waits for its first token, so the title waits (up to 5 s)
    let firstToken!: () => void;
    const a = engine.run(turn(), memoryStore().store, transport().t, {
      models: gateway(async function* () {
        await new Promise<void>((r) => (firstToken = r));
        yield { type: 'text', text: 'At last' };
      }),
      logger,
    });
    const asked: string[] = [];
    const models = {
      generateTitle: async (question: string) => {
        asked.push(question);
        return '"Budget questions."';
      },
    } as unknown as ModelGateway;
    const title = generateTitle({ models, gate: engine.gate }, 'What is the budget?', 'An answer', new AbortController().signal);
    await sleep(100);
    expect(asked).toEqual([]);
    firstToken();
    await a;
    expect(await title).toBe('Budget questions');
    expect(asked).toEqual(['What is the budget?']);
  });
});

describe('a model that stops sending', () => {
  const engine = new ChatEngine(limits);

  it('ends the turn at the first-token timeout with an error event that says so', async () => {
    const { t, updates } = transport();
    const { store, finished } = memoryStore();
    let signal: AbortSignal | null = null;
    const models = {
      stream: async function* (request: { signal: AbortSignal }) {
        signal = request.signal;
        await new Promise(() => undefined);
        yield { type: 'text', text: 'never' } as StreamPart;
      },
      generateTitle: async () => null,
    } as unknown as ModelGateway;
    const started = performance.now();
    const outcome = await engine.run(turn(), store, t, { models, logger });
    expect(performance.now() - started).toBeGreaterThanOrEqual(limits.firstTokenMs - 5);
    expect(outcome?.status).toBe('Failed');
    expect(outcome?.answer).toBe('');
    expect(finished).toHaveLength(1);
    const kinds = updates.map((u) => u.type);
    expect(kinds).toEqual(['ids', 'step', 'error', 'session-tokens', 'response-model', 'end']);
    const error = updates.find((u) => u.type === 'error') as Extract<ChatUpdate, { type: 'error' }>;
    expect(error.internal).toBe(false);
    expect(error.message).toMatch(/^The model did not start answering within 300 milliseconds/);
    const model = updates.find((u) => u.type === 'response-model') as Extract<ChatUpdate, { type: 'response-model' }>;
    expect(model.model.errors).toEqual([{ code: 'model_timeout', message: error.message }]);
    // the log keeps the reason for the person reading the conversation later, and the model call was let go
    expect(outcome?.executionLogs).toContainEqual(expect.objectContaining({ isError: true, message: error.message }));
    expect(outcome?.providerError).toMatch(/within 300 ms/);
    expect((signal as AbortSignal | null)?.aborted).toBe(true);
  });

  it('keeps the partial answer when the model falls silent mid-answer', async () => {
    const { t, updates } = transport();
    const { store, finished } = memoryStore();
    const models = gateway(async function* () {
      yield { type: 'text', text: 'Half' };
      yield { type: 'text', text: ' an answer' };
      await new Promise(() => undefined);
    });
    const outcome = await engine.run(turn(), store, t, { models, logger });
    expect(outcome?.status).toBe('Failed');
    expect(outcome?.answer).toBe('Half an answer');
    expect(finished[0]?.answer).toBe('Half an answer');
    expect(texts(updates).join('')).toBe('Half an answer');
    const error = updates.find((u) => u.type === 'error') as Extract<ChatUpdate, { type: 'error' }>;
    expect(error.message).toMatch(/^The model stopped sending for 200 milliseconds in the middle of its answer/);
    expect(updates.at(-1)?.type).toBe('end');
  });

  it('lets a slow but steady model finish, however long the whole answer takes', async () => {
    const { t } = transport();
    const { store } = memoryStore();
    const models = gateway(async function* () {
      await sleep(limits.firstTokenMs - 150);
      // 12 pieces 100 ms apart: 1.2 s in all, six times the idle limit, never silent for as long as it
      for (let i = 0; i < 12; i++) {
        yield { type: 'text', text: `${i} ` };
        await sleep(100);
      }
    });
    const outcome = await engine.run(turn(), store, t, { models, logger });
    expect(outcome?.status).toBe('Success');
    expect(outcome?.answer.split(' ').filter(Boolean)).toHaveLength(12);
  });

  it('does not count a tool that runs longer than the idle limit as the model falling silent', async () => {
    const { t, updates } = transport();
    const { store } = memoryStore();
    const slowTool: ChatTool = {
      spec: { name: 'slow_tool', description: 'Takes its time', inputSchema: { type: 'object', properties: {} } },
      step: 'Working slowly',
      run: async () => {
        await sleep(3 * limits.idleMs);
        return { output: { done: true }, log: { message: 'done', isError: false } };
      },
    };
    let round = 0;
    const models = gateway(async function* () {
      round++;
      if (round === 1) {
        yield { type: 'tool-call', toolCallId: 'call-1', toolName: 'slow_tool', input: {} };
        return;
      }
      yield { type: 'text', text: 'Done after the tool.' };
    });
    const outcome = await engine.run({ ...turn(), deployment: { ...deployment, tools: true }, tools: [slowTool] }, store, t, { models, logger });
    expect(outcome?.status).toBe('Success');
    expect(outcome?.answer).toBe('Done after the tool.');
    expect(updates.some((u) => u.type === 'error')).toBe(false);
  });

  it('still ends as Aborted, not timed out, when the person leaves a waiting answer', async () => {
    const { t, updates, leave } = transport();
    const { store } = memoryStore();
    const models = gateway(async function* () {
      await new Promise(() => undefined);
      yield { type: 'text', text: 'never' };
    });
    const done = engine.run(turn(), store, t, { models, logger });
    await sleep(50);
    leave();
    const outcome = await done;
    expect(outcome?.status).toBe('Aborted');
    expect(updates.some((u) => u.type === 'error')).toBe(false);
  });
});
