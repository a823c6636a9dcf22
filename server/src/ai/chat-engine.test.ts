import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { ChatEngine } from './chat-engine.js';
import type { ChatTurn, SegmentOutcome, SegmentStore } from './chat-turn.js';
import type { ChatTransport, ChatUpdate } from './chat-updates.js';
import type { ModelGateway, StreamPart } from './model.types.js';
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
    replaceTitle: async () => undefined,
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

describe('a chat turn', () => {
  const engine = new ChatEngine();

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

  it('queues a generated title without keeping its turn alive, and makes it once no turn waits', async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    // turn A waits for its first token, so B's title waits in the queue (up to 5 s)
    let firstToken!: () => void;
    const a = engine.run(turn(), memoryStore().store, transport().t, {
      models: gateway(async function* () {
        await new Promise<void>((r) => (firstToken = r));
        yield { type: 'text', text: 'At last' };
      }),
      logger,
    });
    const titled: string[] = [];
    const asked: string[] = [];
    const models = {
      ...gateway(async function* () {
        yield { type: 'text', text: 'An answer' };
      }),
      generateTitle: async (question: string) => {
        asked.push(question);
        return '"Budget questions."';
      },
    } as unknown as ModelGateway;
    // B is made and run in a scope of its own: only the queue could keep it
    const runB = async () => {
      const b: ChatTurn = {
        ...turn(),
        segmentId: 's2',
        generateTitle: true,
        question: 'What is the budget?',
        messages: [{ role: 'user', content: 'x'.repeat(1_000_000) }],
      };
      const store = { ...memoryStore().store, replaceTitle: recordTitle.bind(null, titled) };
      await engine.run(b, store, transport().t, { models, logger });
      return new WeakRef(b);
    };
    const b = await runB();
    for (let i = 0; i < 3 && b.deref(); i++) {
      await new Promise((r) => setTimeout(r, 10));
      gc();
    }
    expect(b.deref()).toBeUndefined();
    expect(asked).toEqual([]);
    firstToken();
    await a;
    await new Promise((r) => setTimeout(r, 250));
    expect(asked).toEqual(['What is the budget?']);
    expect(titled).toEqual(['Budget questions']);
  });
});

async function recordTitle(into: string[], title: string): Promise<void> {
  into.push(title);
}
