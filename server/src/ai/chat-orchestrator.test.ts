import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { runChatTurn, type ChatTurn, type SegmentOutcome, type SegmentStore } from './chat-orchestrator.js';
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
  it('ends, keeping the partial answer, when the client leaves and the provider ignores the signal', async () => {
    const { t, updates, leave } = transport();
    const { store, finished } = memoryStore();
    // one piece, then a stream that never yields again and never looks at the abort signal
    const models = gateway(async function* () {
      yield { type: 'text', text: 'Partial' };
      await new Promise(() => undefined);
    });
    const done = runChatTurn(turn(), store, t, { models, logger });
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
    const outcome = await runChatTurn(turn(), store, t, { models, logger });
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
    const outcome = await runChatTurn(turn(), store, t, { models, logger });
    expect(outcome?.status).toBe('Success');
    expect(outcome?.answer).toBe(pieces.join(''));
    expect(updates.filter((u) => u.type === 'text').map((u) => (u as { text: string }).text).join('')).toBe(pieces.join(''));
    expect(outcome?.usage.completionTokens).toBe(5000);
  });
});
