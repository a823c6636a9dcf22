// The streaming stage of a chat turn: the model's rounds, each a streamed call; when a round ends with
// tool calls, the tools run and the model is asked again with their results, until it answers without
// a call (or MaxToolRounds have offered tools). Text goes to the client as it comes; the answer so far
// goes to the segment writer for progress saves. Never throws: a failure is returned for the settle stage.
// A model that stops sending (stall-watch.ts) ends the turn with a failure that says so, the answer so far kept.
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { codeFileMarkdown, generatedImageMarkdown, type Citation, type StreamError } from '@atrium/contract';
import type { ChatMessage, ModelGateway, StreamPart, ToolCall } from './model.types.js';
import { ModelError } from './model.types.js';
import { runToolCall, type ChatTool } from './chat-tools.js';
import { citedSources } from './tools/web-search.js';
import { peopleMessage, redactSecrets } from './provider-errors.js';
import { ThinkingStep, type ChatTransport } from './chat-updates.js';
import type { TraceLog } from './chat-trace.js';
import type { ChatTurn } from './chat-turn.js';
import type { SegmentWriter } from './segment-writer.js';
import { StallWatch, type Stall, type StallLimits } from './stall-watch.js';
import type { ChatObserver } from '../platform/metrics.js';

/**
 * Model calls with tools offered in one turn; the call after them still declares the tools (the
 * history holds their calls, and Anthropic refuses tool results without them) but lets the model call
 * none, so a model that keeps calling cannot loop.
 */
const MaxToolRounds = 4;

type Usage = Extract<StreamPart, { type: 'usage' }>;

export interface TurnFailure {
  error: StreamError;
  /** an error of ours rather than the provider's (internal-server-error on the wire) */
  internal: boolean;
  /** the provider's words with credentials removed, for administrators (never sent to the person) */
  providerDetail?: string;
  /** what is kept of it in HIPAA mode: no words of the provider's, which may quote the conversation */
  plainDetail?: string;
}

export interface StreamedAnswer {
  answer: string;
  citations: Citation[];
  /** the sources tools found that the answer cites as [n] (also among `citations`) */
  toolCitations: Citation[];
  /** the sum of every round's usage; null when the provider reported none */
  usage: Usage | null;
  /** performance.now() of the first piece of text */
  firstTokenAt: number | null;
  /** the code interpreter's output of the answer (its code-interpreter-updated texts, joined); '' or absent without a run */
  codeOutput?: string;
  failure: TurnFailure | null;
}

export interface RoundsContext {
  models: ModelGateway;
  logger: FastifyBaseLogger;
  transport: ChatTransport;
  trace: TraceLog;
  writer: SegmentWriter;
  /** stops the turn: the person left or stopped it, or a write failed */
  signal: AbortSignal;
  /** how long the model may take to start, and stay silent once started (MODEL_FIRST_TOKEN_TIMEOUT_MS, MODEL_IDLE_TIMEOUT_MS) */
  limits: StallLimits;
  /** called with the first piece of text */
  onFirstToken(): void;
  /** where the time to the first piece and the gaps between pieces go (the process's metrics) */
  observer?: ChatObserver;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** Publishes text pieces, never ending one inside a surrogate pair (base64 of half a character is not UTF-8). */
class TextPieces {
  private held = '';

  constructor(private readonly transport: ChatTransport) {}

  push(text: string): void {
    let piece = this.held + text;
    this.held = '';
    if (isHighSurrogate(piece.charCodeAt(piece.length - 1))) {
      this.held = piece.slice(-1);
      piece = piece.slice(0, -1);
    }
    if (piece) this.transport.publish({ type: 'text', text: piece });
  }

  flush(): void {
    if (this.held) this.transport.publish({ type: 'text', text: this.held });
    this.held = '';
  }
}

/**
 * The next part of the model's stream, or 'aborted' once the turn is stopped: a provider that ignores the
 * signal still cannot keep a gone client's stream open. Not Promise.race with one long-lived "aborted"
 * promise: every race would leave a reaction on it until the turn ends (one per piece, 20,000 for a long
 * answer), all kept alive and copied by every young-generation collection.
 */
function abortableParts(signal: AbortSignal) {
  let wake: ((value: 'aborted') => void) | null = null;
  signal.addEventListener('abort', () => wake?.('aborted'), { once: true });
  return (it: AsyncIterator<StreamPart>) =>
    new Promise<IteratorResult<StreamPart> | 'aborted'>((resolve, reject) => {
      if (signal.aborted) return resolve('aborted');
      wake = resolve;
      it.next().then(resolve, reject);
    });
}

const addUsage = (sum: Usage | null, part: Usage): Usage =>
  sum
    ? {
        type: 'usage',
        promptTokens: sum.promptTokens + part.promptTokens,
        completionTokens: sum.completionTokens + part.completionTokens,
        estimated: sum.estimated || part.estimated,
      }
    : part;

/**
 * What a person reads when the turn failed; the provider's own words (without credentials) go to the log only (not in
 * HIPAA mode) and to the provider-error lookup of those who read connections.
 */
function failureOf(e: unknown, turn: ChatTurn, logger: FastifyBaseLogger): TurnFailure {
  if (!(e instanceof ModelError)) {
    logger.error({ err: e, segmentId: turn.segmentId }, 'chat generation failed');
    return { error: { code: 'internal_error', message: 'Something went wrong while answering. Please try again.' }, internal: true };
  }
  const providerDetail = e.kind === 'upstream' ? `${e.status ? `HTTP ${e.status}: ` : ''}${redactSecrets(e.message)}` : undefined;
  // in HIPAA mode the provider's words stay out of the log (they may quote the request); the status says enough there
  if (providerDetail)
    logger.warn({ segmentId: turn.segmentId, status: e.status, ...(turn.withoutContent ? {} : { detail: providerDetail }) }, 'model provider failed');
  return {
    error: { code: e.kind === 'not_configured' ? 'model_not_configured' : 'model_error', message: peopleMessage(e, turn.segmentId) },
    internal: false,
    ...(providerDetail
      ? { providerDetail, plainDetail: `${e.status ? `HTTP ${e.status}` : 'The provider failed'} (the provider's words are not kept in HIPAA mode)` }
      : {}),
  };
}

/** A span of time as people say it: "90 seconds", "2 minutes", "500 milliseconds". */
function spoken(ms: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (ms < 1000) return unit(ms, 'millisecond');
  if (ms >= 120_000 && ms % 60_000 === 0) return unit(ms / 60_000, 'minute');
  return unit(Math.round(ms / 1000), 'second');
}

/** What a person reads when the model stopped sending; the answer so far stays on the segment. */
function stallFailure(stall: Stall, limits: StallLimits, turn: ChatTurn, logger: FastifyBaseLogger): TurnFailure {
  const ms = stall === 'first-token' ? limits.firstTokenMs : limits.idleMs;
  logger.warn({ segmentId: turn.segmentId, deployment: turn.deployment.name, stall, timeoutMs: ms }, 'the model stopped sending');
  const what =
    stall === 'first-token'
      ? `The model did not start answering within ${spoken(ms)}, so this answer was stopped.`
      : `The model stopped sending for ${spoken(ms)} in the middle of its answer, so the answer ends here; what it wrote so far is kept.`;
  return {
    error: {
      code: 'model_timeout',
      message: `${what} Please try again; if it keeps happening, give your administrator the reference ${turn.segmentId}.`,
    },
    internal: false,
    providerDetail: `No ${stall === 'first-token' ? 'first part' : 'further part'} from ${turn.deployment.name} within ${ms} ms`,
    // our own words: kept in HIPAA mode too
    plainDetail: `No ${stall === 'first-token' ? 'first part' : 'further part'} from ${turn.deployment.name} within ${ms} ms`,
  };
}

export async function streamModelRounds(turn: ChatTurn, ctx: RoundsContext): Promise<StreamedAnswer> {
  const { transport, trace } = ctx;
  // the turn's signal, also aborted when the model stalls: the provider call and the wait for its parts end either way
  const watch = new StallWatch(ctx.limits, ctx.signal, () => transport.publish({ type: 'step', text: ThinkingStep }));
  const signal = watch.signal;
  const result: StreamedAnswer = { answer: '', citations: [], toolCitations: [], usage: null, firstTokenAt: null, failure: null, codeOutput: '' };
  const pieces = new TextPieces(transport);
  const nextPart = abortableParts(signal);
  const tools: readonly ChatTool[] = turn.deployment.tools ? (turn.tools ?? []) : [];
  let sourceNumber = turn.firstSourceNumber ?? 1;
  const toolSources: Citation[] = [];
  const toolContext = {
    conversationId: turn.conversationId,
    segmentId: turn.segmentId,
    signal,
    persistTurn: () => ctx.writer.persist(),
    nextSourceNumber: () => sourceNumber++,
  };

  /** Runs one call the model made; what it shows goes into the answer as it goes to the client. */
  const runTool = async (call: ToolCall) => {
    const outcome = await runToolCall(call, {
      tools,
      context: toolContext,
      publishStep: (text) => transport.publish({ type: 'step', text }),
      trace,
      logger: ctx.logger,
      // a stopped answer or an unsaved segment ends the turn; anything else is the tool's own failure
      fatal: () => signal.aborted || !!ctx.writer.failure,
    });
    if (outcome.codeOutput) {
      // kept with the segment too, so that a reloaded answer shows it (the client appends the event's text the same way)
      result.codeOutput = (result.codeOutput ?? '') + outcome.codeOutput;
      transport.publish({ type: 'code', text: outcome.codeOutput });
    }
    for (const image of [...(outcome.image ? [outcome.image] : []), ...(outcome.images ?? [])]) {
      // the same markdown the client appends on the event, so that a reloaded answer shows the image
      result.answer += generatedImageMarkdown(image);
      transport.publish({ type: 'image', title: image.title, uri: image.uri });
      ctx.writer.progress(result.answer);
    }
    for (const file of outcome.downloads ?? []) {
      const link = codeFileMarkdown(file);
      result.answer += link;
      transport.publish({ type: 'text', text: link });
      ctx.writer.progress(result.answer);
    }
    if (outcome.sources) for (const s of outcome.sources) if (!toolSources.includes(s)) toolSources.push(s);
    return outcome.output;
  };

  let messages: ChatMessage[] = turn.messages;
  /** when the previous piece of text came: the gaps between pieces are what a reader feels as stutter */
  let lastTextAt = 0;
  let iterator: AsyncIterator<StreamPart> | null = null;
  try {
    for (let round = 0; ; round++) {
      const offered = tools.length > 0 ? { tools: tools.map((t) => t.spec), toolChoice: round < MaxToolRounds ? ('auto' as const) : ('none' as const) } : {};
      const parts = ctx.models.stream({
        deployment: turn.deployment,
        system: turn.system,
        messages,
        params: turn.params,
        passages: turn.passages ?? [],
        signal,
        ...offered,
      });
      iterator = parts[Symbol.asyncIterator]();
      watch.callStarted();
      let roundText = '';
      const calls: ToolCall[] = [];
      for (;;) {
        const next = await nextPart(iterator);
        if (next === 'aborted' || next.done) break;
        watch.part();
        const part = next.value;
        switch (part.type) {
          case 'text':
            if (part.text === '') break;
            if (result.firstTokenAt === null) {
              result.firstTokenAt = lastTextAt = performance.now();
              ctx.observer?.firstToken(turn.deployment.name, result.firstTokenAt - turn.startedAt);
              ctx.onFirstToken();
              trace.debug('FirstToken', `First token after ${Math.round(result.firstTokenAt - turn.startedAt)} ms`);
            } else if (ctx.observer) {
              const now = performance.now();
              ctx.observer.gap(turn.deployment.name, now - lastTextAt);
              lastTextAt = now;
            }
            result.answer += part.text;
            roundText += part.text;
            pieces.push(part.text);
            ctx.writer.progress(result.answer);
            break;
          case 'step':
            transport.publish({ type: 'step', text: part.text });
            trace.info('Step', part.text);
            break;
          case 'citation':
            result.citations.push({ title: part.title, path: part.path });
            break;
          case 'tool-call':
            trace.debug('ToolCall', `Called ${part.toolName}`);
            calls.push({ toolCallId: part.toolCallId, toolName: part.toolName, input: part.input });
            break;
          case 'usage':
            result.usage = addUsage(result.usage, part);
            break;
        }
      }
      watch.pause();
      if (signal.aborted || calls.length === 0 || tools.length === 0 || round >= MaxToolRounds) break;
      const results: ChatMessage[] = [];
      for (const call of calls) {
        const output = await runTool(call);
        if (signal.aborted) break;
        results.push({ role: 'tool', toolCallId: call.toolCallId, toolName: call.toolName, content: JSON.stringify(output) });
      }
      if (signal.aborted) break;
      messages = [...messages, { role: 'assistant', content: roundText, toolCalls: calls }, ...results];
    }
  } catch (e) {
    if (!signal.aborted && !(e instanceof ModelError && e.kind === 'aborted')) result.failure = failureOf(e, turn, ctx.logger);
  } finally {
    watch.stop();
    if (signal.aborted || result.failure) void iterator?.return?.().catch(() => undefined);
  }
  if (watch.stalled) result.failure = stallFailure(watch.stalled, ctx.limits, turn, ctx.logger);
  pieces.flush();
  // the web results the answer cites as [n] are its citations
  result.toolCitations = citedSources(result.answer, toolSources);
  result.citations.push(...result.toolCitations);
  return result;
}
