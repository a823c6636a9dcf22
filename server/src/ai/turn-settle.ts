// The settle stage of a chat turn: what the answer ended as (status, usage, execution log), its final
// write, and the events that end the stream (error, session tokens, response-model, no-more-data).
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { ResponseModelEvent, StreamError } from '@atrium/contract';
import { estimateTokens } from './offline-engine.js';
import type { ChatTransport } from './chat-updates.js';
import type { TraceLog } from './chat-trace.js';
import { questionOf, type ChatTurn, type SegmentOutcome } from './chat-turn.js';
import type { SegmentWriter } from './segment-writer.js';
import type { StreamedAnswer, TurnFailure } from './model-rounds.js';
import type { FirstTokenGate } from './first-token-gate.js';

/**
 * A finished turn's write (one statement, ~1-2 ms of PGlite's thread, which runs one at a time) waits while other turns
 * still wait for their first token, at most this long: with 100 turns arriving together, their first
 * tokens no longer queue behind the writes of those that already finished. Only the response-model
 * event (the saved segment) comes later; the answer's text is out already.
 */
const FinishWriteMaxDelayMs = 250;

const saveFailure: TurnFailure = {
  error: { code: 'internal_error', message: 'Something went wrong while saving this answer. Please try again.' },
  internal: true,
};

export interface SettleContext {
  transport: ChatTransport;
  trace: TraceLog;
  writer: SegmentWriter;
  gate: FirstTokenGate;
  logger: FastifyBaseLogger;
  /** the turn was stopped (by the person, their leaving, or a failed write) */
  stopped: boolean;
}

export interface SettledTurn {
  outcome: SegmentOutcome;
  /** the segment as saved; null when it could not be written */
  saved: ResponseModelEvent | null;
}

function outcomeOf(turn: ChatTurn, streamed: StreamedAnswer, status: SegmentOutcome['status']): SegmentOutcome {
  const promptText = [turn.system, ...turn.messages.map((m) => m.content)].join('\n');
  const { usage, firstTokenAt } = streamed;
  return {
    answer: streamed.answer,
    status,
    citations: streamed.citations,
    answeredWithModel: { displayName: turn.deployment.displayName, category: turn.deployment.category },
    usage: {
      model: turn.deployment.model,
      deploymentName: turn.deployment.name,
      promptTokens: usage?.promptTokens ?? estimateTokens(promptText),
      completionTokens: usage?.completionTokens ?? estimateTokens(streamed.answer),
      tokensEstimated: usage?.estimated ?? true,
      timeToFirstTokenMs: firstTokenAt === null ? null : Math.round(firstTokenAt - turn.startedAt),
      durationMs: Math.round(performance.now() - turn.startedAt),
    },
    executionLogs: [],
    completedAt: new Date(),
    providerError: (turn.withoutContent ? streamed.failure?.plainDetail : streamed.failure?.providerDetail) ?? null,
    // part of the answer, so kept like it in HIPAA mode too (the answer is); retention deletes it with the segment
    codeInterpreterOutput: streamed.codeOutput || null,
  };
}

export async function settleTurn(turn: ChatTurn, streamed: StreamedAnswer, ctx: SettleContext): Promise<SettledTurn> {
  const { transport, trace, writer } = ctx;
  await writer.stop();
  let failure = streamed.failure;
  if (writer.failure) {
    ctx.logger.error({ err: writer.failure, segmentId: turn.segmentId }, 'could not save the segment');
    failure = saveFailure;
  }
  const status: SegmentOutcome['status'] = failure ? 'Failed' : transport.signal.aborted || ctx.stopped ? 'Aborted' : 'Success';
  if (failure) trace.error(failure.error.message);
  else if (status === 'Aborted') trace.info('Aborted', 'The client stopped the answer');

  const outcome = outcomeOf(turn, streamed, status);
  const { promptTokens, completionTokens, tokensEstimated } = outcome.usage;
  trace.info('Completed', `${status}: ${promptTokens} prompt and ${completionTokens} completion tokens${tokensEstimated ? ' (estimated)' : ''}`);
  outcome.executionLogs = trace.persisted();

  let saved: ResponseModelEvent | null = null;
  if (!writer.failure) {
    try {
      // the answer is complete on the client; its write waits for other turns' first tokens (a bounded while)
      await ctx.gate.whenClear(FinishWriteMaxDelayMs);
      saved = await writer.finish(outcome);
    } catch (e) {
      ctx.logger.error({ err: e, segmentId: turn.segmentId }, 'could not finish the segment');
      failure ??= saveFailure;
    }
  }

  if (failure) transport.publish({ type: 'error', message: failure.error.message, internal: failure.internal });
  transport.publish({ type: 'session-tokens', tokens: [] });
  const errors = failure ? [failure.error] : undefined;
  transport.publish({
    type: 'response-model',
    model: saved ? { ...saved, ...(errors ? { errors } : {}) } : fallbackModel(turn, outcome, errors),
  });
  transport.publish({ type: 'end' });
  return { outcome, saved };
}

/** The response-model when the segment could not be read back: enough for a client to finish. */
function fallbackModel(turn: ChatTurn, outcome: SegmentOutcome, errors: StreamError[] | undefined): ResponseModelEvent {
  return {
    conversationId: turn.conversationId,
    conversationSegmentId: turn.segmentId,
    lineage: { parentSegmentId: null, lineageType: 'Question' },
    childrenSegmentIds: [],
    regeneratedSegmentIds: [],
    question: questionOf(turn),
    answer: outcome.answer,
    status: outcome.status,
    createdAt: new Date(Date.now() - outcome.usage.durationMs).toISOString(),
    completedAt: outcome.completedAt.toISOString(),
    answeredWithModel: outcome.answeredWithModel,
    feedback: null,
    citations: outcome.citations,
    visionImages: [],
    attachments: [],
    executionLogs: outcome.executionLogs,
    ...(errors ? { errors } : {}),
  };
}
