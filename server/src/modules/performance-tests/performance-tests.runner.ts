// Runs one performance test (docs/performance-tests.md) in the process whose job took it: virtual users start over
// the ramp-up and each asks its questions one after another, each question a new conversation through the chat path
// a person's question takes (the conversations module's turn planning and the chat engine, with the agent's
// deployment), as the person who started the run, marked with the run's id. Every second the results so far are
// written, and the run reads whether it was asked to stop (from any process). It ends Completed, Cancelled, or at
// its time limit Completed with what it measured.
import { performance } from 'node:perf_hooks';
import type { FastifyRequest } from 'fastify';
import { NewConversationBodySchema, PerformanceTestLimits } from '@atrium/contract';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { ChatTransport } from '../../ai/chat-updates.js';
import { loadPrincipal } from '../users/users.principal.js';
import { conversationsContexts } from '../conversations/conversations.routes.js';
import { planTurn } from '../conversations/conversations.turns.js';
import { summarise, type AnswerSample } from './performance-tests.stats.js';
import * as repo from './performance-tests.repository.js';

/** How often the results are written and a stop is looked for. */
export const TickMs = 1000;

type StopReason = 'cancelled' | 'time-limit' | 'server-stopping';

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted || ms <= 0) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/** Which question the n-th question of a run asks: the set in order, again from the start when it runs out. */
export const questionAt = (questions: readonly string[], n: number) => questions[n % questions.length]!;

export async function runLoadTest(ctx: AppContext, row: repo.RunRow, engineSignal: AbortSignal): Promise<void> {
  const started = await repo.markRunning(ctx.db, row.id, new Date());
  if (!started) return;
  const logger = ctx.logger.child({ performanceTestId: row.id });
  const principal = row.createdByUserId ? await loadPrincipal(ctx, row.createdByUserId) : null;
  if (!principal) {
    await repo.finishRun(ctx.db, row.id, { status: 'Failed', error: 'The person who started the run no longer has an account.', at: new Date() });
    return;
  }
  // the conversations services' context, as a request would have it (only its logger is read from the request)
  const conversations = conversationsContexts(ctx)({ log: logger } as unknown as FastifyRequest);
  const prices = row.estimate;
  const samples: AnswerSample[] = [];
  const stop = new AbortController();
  let reason = null as StopReason | null;
  const stopWith = (r: StopReason) => {
    reason ??= r;
    stop.abort(new Error(`performance test stopped: ${r}`));
  };
  const onEngineStop = () => stopWith('server-stopping');
  engineSignal.addEventListener('abort', onEngineStop, { once: true });
  if (engineSignal.aborted) onEngineStop();
  const t0 = performance.now();
  const limit = setTimeout(() => stopWith('time-limit'), PerformanceTestLimits.maxDurationSeconds * 1000);

  const ask = async (question: string) => {
    const startedAt = performance.now();
    const sample: AnswerSample = {
      startedMs: startedAt - t0,
      endedMs: null,
      timeToFirstTokenMs: null,
      durationMs: null,
      inputTokens: 0,
      outputTokens: 0,
      error: null,
    };
    samples.push(sample);
    let lastError: string | null = null;
    try {
      const body = NewConversationBodySchema.parse({ question, segmentTraceLogLevel: 'NonPersisted' });
      const planned = await planTurn(
        conversations,
        principal,
        { kind: 'new', gptSystemId: row.gptSystemId ?? '', body, performanceTestRunId: row.id },
        startedAt,
        'UTC',
      );
      const transport: ChatTransport = {
        signal: stop.signal,
        publish(update) {
          if (update.type === 'error') lastError = update.message;
        },
        close() {},
      };
      const outcome = await ctx.chat.run(planned.turn, planned.store, transport, { models: ctx.models, logger });
      if (outcome) {
        sample.timeToFirstTokenMs = outcome.usage.timeToFirstTokenMs;
        sample.durationMs = outcome.usage.durationMs;
        sample.inputTokens = outcome.usage.promptTokens;
        sample.outputTokens = outcome.usage.completionTokens;
      }
      if (!outcome) sample.error = 'The answer could not be saved.';
      else if (outcome.status !== 'Success') sample.error = lastError ?? `The answer ended as ${outcome.status}.`;
    } catch (e) {
      sample.error = e instanceof AppError ? e.message : 'Unexpected error while asking.';
      if (!(e instanceof AppError)) logger.warn({ err: e }, 'performance test question failed');
    }
    sample.endedMs = performance.now() - t0;
    // an answer cut short by the stop is not a measurement
    if (stop.signal.aborted && sample.error !== null) samples.splice(samples.indexOf(sample), 1);
  };

  const virtualUser = async (user: number) => {
    const delayMs = row.virtualUsers > 1 ? (row.rampUpSeconds * 1000 * user) / row.virtualUsers : 0;
    await sleep(delayMs, stop.signal);
    for (let q = 0; q < row.questionsPerUser && !stop.signal.aborted; q++) {
      await ask(questionAt(row.questions, user * row.questionsPerUser + q));
    }
  };

  let ticking = true;
  const ticker = (async () => {
    while (ticking) {
      await sleep(TickMs, stop.signal);
      if (!ticking) break;
      try {
        if (await repo.stopAsked(ctx.db, row.id)) stopWith('cancelled');
        else await repo.saveResults(ctx.db, row.id, summarise(samples, performance.now() - t0, prices));
      } catch (e) {
        logger.warn({ err: e }, 'performance test progress not saved');
      }
      if (stop.signal.aborted) break;
    }
  })();

  try {
    await Promise.all(Array.from({ length: row.virtualUsers }, (_, user) => virtualUser(user)));
  } finally {
    ticking = false;
    clearTimeout(limit);
    engineSignal.removeEventListener('abort', onEngineStop);
    stop.abort();
    await ticker;
  }
  // a stop asked for while the last answers ended still counts as a cancel
  if (reason === null && (await repo.stopAsked(ctx.db, row.id))) reason = 'cancelled';
  const results = summarise(samples, performance.now() - t0, prices);
  const at = new Date();
  if (reason === 'server-stopping')
    await repo.finishRun(ctx.db, row.id, {
      status: 'Failed',
      results,
      error: 'The server stopped while the run was going; these are its results until then.',
      at,
    });
  else
    await repo.finishRun(ctx.db, row.id, {
      status: reason === 'cancelled' ? 'Cancelled' : 'Completed',
      results,
      error: reason === 'time-limit' ? `Stopped at the time limit of ${PerformanceTestLimits.maxDurationSeconds} seconds.` : null,
      at,
    });
  logger.info({ status: reason ?? 'completed', answers: results.completed, errors: results.errors }, 'performance test ended');
}
