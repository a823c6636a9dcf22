// One chat generation: streams an answer from the model gateway, publishes docs/wire-protocol.md's events through a
// transport, and persists the segment (created while the model warms up, finished once at the end).
// When the model calls one of the turn's tools, the tool runs here and the model is asked again with
// its result, until it answers without a call. The conversations service validates everything
// before calling here; nothing in this file refuses.
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { generatedImageMarkdown, type Citation, type ExecutionLog, type ResponseModelEvent, type SegmentStatus, type StreamError } from '@atrium/contract';
import type { ChatMessage, ContextPassage, GenerationParams, ModelGateway, ResolvedDeployment, StreamPart, ToolCall } from './model.types.js';
import { runToolCall, type ChatTool, type ToolOutcome } from './chat-tools.js';
import { peopleMessage, redactSecrets } from './provider-errors.js';
import { ModelError, TitleInputChars } from './model.types.js';
import { estimateTokens } from './offline-engine.js';
import type { ChatTransport } from './chat-updates.js';
import { TraceLog } from './chat-trace.js';
import { IdleQueue } from './idle-queue.js';

export interface ChatTurn {
  conversationId: string;
  segmentId: string;
  deployment: ResolvedDeployment;
  system: string;
  messages: ChatMessage[];
  params: GenerationParams;
  /** performance.now() when the request arrived: time to first token and duration count from here */
  startedAt: number;
  /** keep Debug-level execution logs (segmentTraceLogLevel other than NonPersisted) */
  persistDebugLogs: boolean;
  /** replace the first-question title with a generated one after this answer */
  generateTitle: boolean;
  /** the question as asked, when the last message carries more (attached files' text) */
  question?: string;
  /** what the answer may draw on, e.g. attached files' text (the offline engine quotes these) */
  passages?: ContextPassage[];
  /** tools the model may call (only offered to deployments with tools) */
  tools?: ChatTool[];
}

export interface SegmentOutcome {
  answer: string;
  status: Exclude<SegmentStatus, 'InProgress'>;
  citations: Citation[];
  answeredWithModel: { displayName: string; category: string };
  usage: {
    model: string;
    deploymentName: string;
    promptTokens: number;
    completionTokens: number;
    tokensEstimated: boolean;
    timeToFirstTokenMs: number | null;
    durationMs: number;
  };
  executionLogs: ExecutionLog[];
  completedAt: Date;
}

/** Persistence of one segment, provided by the conversations module. */
export interface SegmentStore {
  /** writes the conversation (when new) and the InProgress segment */
  create(): Promise<void>;
  /** writes the conversation (when new) and the finished segment at once: a turn that ended before create() was needed */
  createFinished(outcome: SegmentOutcome): Promise<ResponseModelEvent>;
  /** keeps the answer so far, so that a crash mid-answer loses little */
  saveProgress(answer: string): Promise<void>;
  /** writes the final answer, status and usage; returns the segment as clients read it */
  finish(outcome: SegmentOutcome): Promise<ResponseModelEvent>;
  /** replaces the first-question title unless someone renamed the conversation meanwhile */
  replaceTitle(title: string): Promise<void>;
}

export interface ChatDeps {
  models: ModelGateway;
  logger: FastifyBaseLogger;
}

/** a crash loses at most this much of a long answer (platform/server-processes.ts ends the rest as interrupted) */
const ProgressSaveIntervalMs = 1000;
/**
 * The InProgress rows are written only when an answer is still running after this long: a fast
 * answer costs one transaction at its end instead of create + finish, and no write competes with
 * other streams' first tokens. Durability trade-off: a crash within this window loses the turn
 * (the client saw no complete answer either); longer answers keep progress saves as before.
 */
const DeferCreateMs = 1000;
const TitleTimeoutMs = 30_000;
/**
 * A finished turn's write (one statement, ~1-2 ms of PGlite's thread, which runs one at a time) waits while other turns
 * still wait for their first token, at most this long: with 100 turns arriving together, their first
 * tokens no longer queue behind the writes of those that already finished. Only the response-model
 * event (the saved segment) comes later; the answer's text is out already.
 */
const FinishWriteMaxDelayMs = 250;
/**
 * Model calls with tools offered in one turn; the call after them still declares the tools (the
 * history holds their calls, and Anthropic refuses tool results without them) but lets the model call
 * none, so a model that keeps calling cannot loop.
 */
const MaxToolRounds = 4;

// Generated titles are a second model call plus a write per new conversation: they wait for a moment
// when no turn in this process waits for its first token (measured: with them inline, 100 concurrent
// new conversations delayed each other's first tokens), 5 s at most, four at a time. A queued title
// holds its question, the start of its answer and the conversation's id, nothing of the turn (a job
// that held the turn kept its request, reply and prompt alive: ~25 kB a turn under sustained load).
// The queue also counts those waits for finished turns' writes (FinishWriteMaxDelayMs).
const titles = new IdleQueue({ concurrency: 4, idleDelayMs: 100, maxWaitMs: 5000, maxQueued: 2000 });

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** Runs one generation to its end; never throws (failures become events). */
let turnsInFlight = 0;
/** Chat turns of this process that have started and not ended: background work waits for none (db/maintenance.ts). */
export const chatTurnsInFlight = () => turnsInFlight;

export async function runChatTurn(turn: ChatTurn, store: SegmentStore, transport: ChatTransport, deps: ChatDeps): Promise<SegmentOutcome | null> {
  turnsInFlight++;
  try {
    return await answerTurn(turn, store, transport, deps);
  } finally {
    turnsInFlight--;
  }
}

async function answerTurn(turn: ChatTurn, store: SegmentStore, transport: ChatTransport, deps: ChatDeps): Promise<SegmentOutcome | null> {
  const controller = new AbortController();
  const signal = controller.signal;
  const onClientGone = () => controller.abort(transport.signal.reason);
  if (transport.signal.aborted) onClientGone();
  else transport.signal.addEventListener('abort', onClientGone, { once: true });

  const firstTokenCame = titles.holdFirstToken();
  const trace = new TraceLog(turn.persistDebugLogs);
  trace.info('ModelSelected', `Answering with ${turn.deployment.displayName} (${turn.deployment.name})`);

  transport.publish({ type: 'ids', conversationId: turn.conversationId, segmentId: turn.segmentId });
  transport.publish({ type: 'step', text: 'Thinking' });

  // The rows are written once the answer has run for DeferCreateMs, or at its end: database work
  // (one statement at a time with PGlite) never delays a first token.
  let storeFailure: unknown = null;
  let creating: Promise<void> | null = null;
  const create = () =>
    (creating ??= store.create().catch((e: unknown) => {
      storeFailure = e;
      controller.abort(e);
    }));
  const createTimer = setTimeout(create, DeferCreateMs);

  let answer = '';
  let held = '';
  let firstTokenAt: number | null = null;
  // each model call of the turn reports its own usage; the segment records their sum
  let usage: Extract<StreamPart, { type: 'usage' }> | null = null;
  const citations: Citation[] = [];
  let failure: { error: StreamError; internal: boolean } | null = null;
  let lastSave = performance.now();
  let saving: Promise<void> = Promise.resolve();

  // The next part of the model's stream, or 'aborted' once the turn is stopped: a provider that ignores the
  // signal still cannot keep a gone client's stream open. Not Promise.race with one long-lived "aborted"
  // promise: every race would leave a reaction on it until the turn ends (one per piece, 20,000 for a long
  // answer), all kept alive and copied by every young-generation collection.
  let wakeOnAbort: ((value: 'aborted') => void) | null = null;
  signal.addEventListener('abort', () => wakeOnAbort?.('aborted'), { once: true });
  const nextPart = (it: AsyncIterator<StreamPart>) =>
    new Promise<IteratorResult<StreamPart> | 'aborted'>((resolve, reject) => {
      if (signal.aborted) return resolve('aborted');
      wakeOnAbort = resolve;
      it.next().then(resolve, reject);
    });
  const publishText = (text: string) => {
    // never end a piece inside a surrogate pair: base64 of half a character is not UTF-8
    let piece = held + text;
    held = '';
    if (isHighSurrogate(piece.charCodeAt(piece.length - 1))) {
      held = piece.slice(-1);
      piece = piece.slice(0, -1);
    }
    if (piece) transport.publish({ type: 'text', text: piece });
  };
  const saveSoon = () => {
    const now = performance.now();
    if (now - lastSave <= ProgressSaveIntervalMs) return;
    lastSave = now;
    const snapshot = answer;
    saving = saving
      .then(create)
      .then(() => (storeFailure ? undefined : store.saveProgress(snapshot)))
      .catch(() => undefined);
  };

  const tools = turn.deployment.tools ? (turn.tools ?? []) : [];
  const toolContext = {
    conversationId: turn.conversationId,
    segmentId: turn.segmentId,
    signal,
    persistTurn: async () => {
      await create();
      if (storeFailure) throw storeFailure;
    },
  };
  /** Runs one call the model made; what it shows goes into the answer as it goes to the client. */
  const runTool = async (call: ToolCall): Promise<ToolOutcome['output']> => {
    const outcome = await runToolCall(call, {
      tools,
      context: toolContext,
      publishStep: (text) => transport.publish({ type: 'step', text }),
      trace,
      logger: deps.logger,
      // a stopped answer or an unsaved segment ends the turn; anything else is the tool's own failure
      fatal: () => signal.aborted || !!storeFailure,
    });
    if (outcome.image) {
      // the same markdown the client appends on the event, so that a reloaded answer shows the image
      answer += generatedImageMarkdown(outcome.image);
      transport.publish({ type: 'image', title: outcome.image.title, uri: outcome.image.uri });
      saveSoon();
    }
    return outcome.output;
  };

  let messages: ChatMessage[] = turn.messages;
  let iterator: AsyncIterator<StreamPart> | null = null;
  try {
    for (let round = 0; ; round++) {
      const offered = tools.length > 0 ? { tools: tools.map((t) => t.spec), toolChoice: round < MaxToolRounds ? ('auto' as const) : ('none' as const) } : {};
      const parts = deps.models.stream({
        deployment: turn.deployment,
        system: turn.system,
        messages,
        params: turn.params,
        passages: turn.passages ?? [],
        signal,
        ...offered,
      });
      iterator = parts[Symbol.asyncIterator]();
      let roundText = '';
      const calls: ToolCall[] = [];
      for (;;) {
        // a provider that ignores the signal still cannot keep a gone client's stream open
        const next = await nextPart(iterator);
        if (next === 'aborted' || next.done) break;
        const part = next.value;
        switch (part.type) {
          case 'text': {
            if (part.text === '') break;
            if (firstTokenAt === null) {
              firstTokenAt = performance.now();
              firstTokenCame();
              trace.debug('FirstToken', `First token after ${Math.round(firstTokenAt - turn.startedAt)} ms`);
            }
            answer += part.text;
            roundText += part.text;
            publishText(part.text);
            saveSoon();
            break;
          }
          case 'step':
            transport.publish({ type: 'step', text: part.text });
            trace.info('Step', part.text);
            break;
          case 'citation':
            citations.push({ title: part.title, path: part.path });
            break;
          case 'tool-call':
            trace.debug('ToolCall', `Called ${part.toolName}`);
            calls.push({ toolCallId: part.toolCallId, toolName: part.toolName, input: part.input });
            break;
          case 'usage':
            usage = usage
              ? {
                  type: 'usage',
                  promptTokens: usage.promptTokens + part.promptTokens,
                  completionTokens: usage.completionTokens + part.completionTokens,
                  estimated: usage.estimated || part.estimated,
                }
              : part;
            break;
        }
      }
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
    if (!signal.aborted && !(e instanceof ModelError && e.kind === 'aborted')) {
      failure =
        e instanceof ModelError
          ? {
              error: { code: e.kind === 'not_configured' ? 'model_not_configured' : 'model_error', message: peopleMessage(e, turn.segmentId) },
              internal: false,
            }
          : { error: { code: 'internal_error', message: 'Something went wrong while answering. Please try again.' }, internal: true };
      if (!(e instanceof ModelError)) deps.logger.error({ err: e, segmentId: turn.segmentId }, 'chat generation failed');
      // the provider's own words, without credentials, for administrators (the person saw the reference only)
      else if (e.kind === 'upstream')
        deps.logger.warn({ segmentId: turn.segmentId, status: e.status, detail: redactSecrets(e.message) }, 'model provider failed');
    }
  } finally {
    transport.signal.removeEventListener('abort', onClientGone);
    if (signal.aborted || failure) void iterator?.return?.().catch(() => undefined);
  }
  firstTokenCame();
  if (held) {
    transport.publish({ type: 'text', text: held });
    held = '';
  }

  clearTimeout(createTimer);
  // still unwritten: the whole turn is written at once below
  const deferred = creating === null;
  await saving;
  if (storeFailure) {
    deps.logger.error({ err: storeFailure, segmentId: turn.segmentId }, 'could not save the segment');
    failure = { error: { code: 'internal_error', message: 'Something went wrong while saving this answer. Please try again.' }, internal: true };
  }
  const clientGone = transport.signal.aborted;
  const status: SegmentOutcome['status'] = failure ? 'Failed' : clientGone || signal.aborted ? 'Aborted' : 'Success';
  if (failure) trace.error(failure.error.message);
  else if (status === 'Aborted') trace.info('Aborted', 'The client stopped the answer');

  const end = performance.now();
  const promptText = [turn.system, ...turn.messages.map((m) => m.content)].join('\n');
  const outcome: SegmentOutcome = {
    answer,
    status,
    citations,
    answeredWithModel: { displayName: turn.deployment.displayName, category: turn.deployment.category },
    usage: {
      model: turn.deployment.model,
      deploymentName: turn.deployment.name,
      promptTokens: usage?.promptTokens ?? estimateTokens(promptText),
      completionTokens: usage?.completionTokens ?? estimateTokens(answer),
      tokensEstimated: usage?.estimated ?? true,
      timeToFirstTokenMs: firstTokenAt === null ? null : Math.round(firstTokenAt - turn.startedAt),
      durationMs: Math.round(end - turn.startedAt),
    },
    executionLogs: [],
    completedAt: new Date(),
  };
  trace.info(
    'Completed',
    `${status}: ${outcome.usage.promptTokens} prompt and ${outcome.usage.completionTokens} completion tokens${outcome.usage.tokensEstimated ? ' (estimated)' : ''}`,
  );
  outcome.executionLogs = trace.persisted();

  let model: ResponseModelEvent | null = null;
  if (!storeFailure) {
    try {
      // the answer is complete on the client; its write waits for other turns' first tokens (a bounded while)
      await titles.firstTokensOut(FinishWriteMaxDelayMs);
      model = deferred ? await store.createFinished(outcome) : await store.finish(outcome);
    } catch (e) {
      deps.logger.error({ err: e, segmentId: turn.segmentId }, 'could not finish the segment');
      failure ??= { error: { code: 'internal_error', message: 'Something went wrong while saving this answer. Please try again.' }, internal: true };
    }
  }

  if (failure) transport.publish({ type: 'error', message: failure.error.message, internal: failure.internal });
  transport.publish({ type: 'session-tokens', tokens: [] });
  const errors = failure ? [failure.error] : undefined;
  transport.publish({
    type: 'response-model',
    model: model ? { ...model, ...(errors ? { errors } : {}) } : fallbackModel(turn, outcome, errors),
  });
  transport.publish({ type: 'end' });

  if (turn.generateTitle && status === 'Success' && !storeFailure && model) {
    const question = turn.question ?? turn.messages[turn.messages.length - 1]?.content ?? '';
    const job = titleJob({ conversationId: turn.conversationId, question: ownCopy(question), answer: ownCopy(answer), replace: store.replaceTitle }, deps);
    if (!titles.push(job)) deps.logger.debug({ conversationId: turn.conversationId }, 'title queue full; keeping the first question');
  }
  return storeFailure ? null : outcome;
}

/** The response-model when the segment could not be read back: enough for a client to finish. */
function fallbackModel(turn: ChatTurn, outcome: SegmentOutcome, errors: StreamError[] | undefined): ResponseModelEvent {
  const question = turn.question ?? turn.messages[turn.messages.length - 1]?.content ?? '';
  return {
    conversationId: turn.conversationId,
    conversationSegmentId: turn.segmentId,
    lineage: { parentSegmentId: null, lineageType: 'Question' },
    childrenSegmentIds: [],
    regeneratedSegmentIds: [],
    question,
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

/**
 * The start of a string, in a string of its own: a slice of a long answer can share the whole answer's
 * memory (V8's sliced strings), which a queued title would then keep alive.
 */
function ownCopy(text: string): string {
  return text.length <= TitleInputChars ? text : Buffer.from(text.slice(0, TitleInputChars)).toString();
}

interface TitleInput {
  conversationId: string;
  question: string;
  answer: string;
  /** replaces the first-question title unless someone renamed the conversation meanwhile */
  replace: (title: string) => Promise<void>;
}

/** The queued job: made here, apart from the turn's scope, so that its closure holds only `input` and `deps`. */
function titleJob(input: TitleInput, deps: ChatDeps): () => Promise<void> {
  return () => generateTitle(input, deps);
}

async function generateTitle({ conversationId, question, answer, replace }: TitleInput, deps: ChatDeps): Promise<void> {
  try {
    const title = await deps.models.generateTitle(question, answer, AbortSignal.timeout(TitleTimeoutMs));
    const clean = title
      ?.replace(/\s+/g, ' ')
      .replace(/^["'\s]+|["'\s.]+$/g, '')
      .slice(0, 200);
    if (clean) await replace(clean);
  } catch (e) {
    deps.logger.warn({ err: e, conversationId }, 'could not generate a title');
  }
}
