// Generated conversation titles: after a new conversation's first answer, a second model call names it.
// Titles are a model call plus a write each: they wait in an idle queue for a moment when no turn in
// this process waits for its first token (measured: with them inline, 100 concurrent new conversations
// delayed each other's first tokens), 5 s at most, four at a time. A queued title holds its question,
// the start of its answer and the conversation's id, nothing of the turn (a job that held the turn kept
// its request, reply and prompt alive: ~25 kB a turn under sustained load).
import type { FastifyBaseLogger } from 'fastify';
import type { ModelGateway } from './model.types.js';
import { TitleInputChars } from './model.types.js';
import { IdleQueue } from './idle-queue.js';
import type { FirstTokenGate } from './first-token-gate.js';

const TitleTimeoutMs = 30_000;

export interface TitleRequest {
  conversationId: string;
  question: string;
  answer: string;
  /** replaces the first-question title unless someone renamed the conversation meanwhile */
  replace: (title: string) => Promise<void>;
  models: ModelGateway;
  logger: FastifyBaseLogger;
}

/**
 * The start of a string, in a string of its own: a slice of a long answer can share the whole answer's
 * memory (V8's sliced strings), which a queued title would then keep alive.
 */
function ownCopy(text: string): string {
  return text.length <= TitleInputChars ? text : Buffer.from(text.slice(0, TitleInputChars)).toString();
}

async function generateTitle({ conversationId, question, answer, replace, models, logger }: TitleRequest): Promise<void> {
  try {
    const title = await models.generateTitle(question, answer, AbortSignal.timeout(TitleTimeoutMs));
    const clean = title
      ?.replace(/\s+/g, ' ')
      .replace(/^["'\s]+|["'\s.]+$/g, '')
      .slice(0, 200);
    if (clean) await replace(clean);
  } catch (e) {
    logger.warn({ err: e, conversationId }, 'could not generate a title');
  }
}

export class TitleQueue {
  private readonly queue: IdleQueue;

  constructor(gate: FirstTokenGate) {
    this.queue = new IdleQueue(gate, { concurrency: 4, idleDelayMs: 100, maxWaitMs: 5000, maxQueued: 2000 });
  }

  /** Queues a title; when the queue is full the conversation keeps its first-question title. */
  add(request: TitleRequest): void {
    const input: TitleRequest = { ...request, question: ownCopy(request.question), answer: ownCopy(request.answer) };
    if (!this.queue.push(() => generateTitle(input)))
      request.logger.debug({ conversationId: request.conversationId }, 'title queue full; keeping the first question');
  }
}
