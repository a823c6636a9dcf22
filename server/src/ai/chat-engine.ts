// The chat engine: runs one chat turn through its stages (the conversations module has resolved the
// request and assembled the prompt into a ChatTurn):
//   search the agent's knowledge (knowledge-step.ts) → stream model rounds with tools (model-rounds.ts)
//   → settle (turn-settle.ts) → queue its title (a job: modules/conversations/conversations.titles.ts),
// with the segment's persistence behind one object (segment-writer.ts) and the process-wide first-token
// gate (first-token-gate.ts) that keeps other work out of the way of people waiting for an answer.
// A model that stops sending ends its turn after the configured timeouts (stall-watch.ts).
// One engine per process, on the app context.
import { ThinkingStep, type ChatTransport } from './chat-updates.js';
import { TraceLog } from './chat-trace.js';
import { FirstTokenGate } from './first-token-gate.js';
import { SegmentWriter } from './segment-writer.js';
import { streamModelRounds, type StreamedAnswer } from './model-rounds.js';
import { citationsOf, NoInformationAnswer, SearchingKnowledgeStep, withSources, type KnowledgeSource } from './knowledge-step.js';
import type { StallLimits } from './stall-watch.js';
import { settleTurn } from './turn-settle.js';
import { type ChatDeps, type ChatTurn, type SegmentOutcome, type SegmentStore } from './chat-turn.js';
import { NoChatObserver, type ChatObserver } from '../platform/metrics.js';

export class ChatEngine {
  readonly gate = new FirstTokenGate();
  private inFlight = 0;

  /**
   * `limits`: how long a model may take to start answering and stay silent once started (config.modelTimeouts);
   * `observer`: where times to first token, gaps and token counts go (the process's metrics)
   */
  constructor(
    private readonly limits: StallLimits,
    private readonly observer: ChatObserver = NoChatObserver,
  ) {}

  /** Chat turns that have started and not ended: background work waits for none (db/maintenance.ts). */
  get turnsInFlight(): number {
    return this.inFlight;
  }

  /** Runs one turn to its end; never throws (failures become events). Null when its segment could not be saved. */
  async run(turn: ChatTurn, store: SegmentStore, transport: ChatTransport, deps: ChatDeps): Promise<SegmentOutcome | null> {
    this.inFlight++;
    try {
      return await this.answer(turn, store, transport, deps);
    } finally {
      this.inFlight--;
    }
  }

  private async answer(turn: ChatTurn, store: SegmentStore, transport: ChatTransport, deps: ChatDeps): Promise<SegmentOutcome | null> {
    // the turn stops when the client leaves or a write fails
    const controller = new AbortController();
    const onClientGone = () => controller.abort(transport.signal.reason);
    if (transport.signal.aborted) onClientGone();
    else transport.signal.addEventListener('abort', onClientGone, { once: true });

    const firstTokenCame = this.gate.hold();
    const trace = new TraceLog({ keepDebug: turn.persistDebugLogs, withoutContent: turn.withoutContent ?? false });
    trace.info('ModelSelected', `Answering with ${turn.deployment.displayName} (${turn.deployment.name})`);
    transport.publish({ type: 'ids', conversationId: turn.conversationId, segmentId: turn.segmentId });
    // a question the agent's moderation flags is answered with its refusal, without the model
    const refusal = turn.moderation ? await turn.moderation.screenQuestion(controller.signal) : null;
    const knowledge = turn.knowledge && refusal === null ? await searchKnowledge(turn, transport, trace, controller.signal, deps) : null;
    // tools' sources (web results) are numbered after the knowledge sources
    if (knowledge) turn = { ...knowledge.turn, firstSourceNumber: knowledge.sources.length + 1 };
    transport.publish({ type: 'step', text: ThinkingStep });

    const writer = new SegmentWriter(store, (e) => controller.abort(e));
    const guard = turn.moderation && refusal === null ? turn.moderation.guardAnswer(transport, (e) => controller.abort(e), controller.signal) : null;
    const streamed = await (
      refusal !== null || knowledge?.noInformation
        ? Promise.resolve(answerWithout(transport, writer, refusal ?? NoInformationAnswer))
        : streamModelRounds(turn, {
            models: deps.models,
            logger: deps.logger,
            transport: guard?.transport ?? transport,
            trace,
            writer,
            signal: controller.signal,
            limits: this.limits,
            onFirstToken: firstTokenCame,
            observer: this.observer,
          })
    ).finally(() => transport.signal.removeEventListener('abort', onClientGone));
    firstTokenCame();
    // an answer the moderation flagged ends before the flagged part
    const cut = guard ? await guard.settle(streamed.answer) : null;
    if (cut !== null) streamed.answer = cut;
    // an answer from sources cites them as [n]: its citations are the sources it cited
    if (knowledge) streamed.citations = [...citationsOf(streamed.answer, knowledge.sources), ...streamed.toolCitations];

    const { outcome, saved } = await settleTurn(turn, streamed, {
      transport,
      trace,
      writer,
      gate: this.gate,
      logger: deps.logger,
      stopped: controller.signal.aborted,
    });
    this.observer.settled(turn.deployment.name, outcome.status, outcome.usage.promptTokens, outcome.usage.completionTokens);
    if (turn.generateTitle && outcome.status === 'Success' && saved) store.queueTitle();
    return writer.failure ? null : outcome;
  }
}

/**
 * Searches the agent's libraries for the question ("Searching knowledge" meanwhile) and returns the turn with the
 * sources in its system prompt (and as the offline engine's passages). A failed search is logged and the turn
 * goes on without sources; when the agent may answer only from its sources and none was found, the model is not
 * asked at all.
 */
async function searchKnowledge(
  turn: ChatTurn,
  transport: ChatTransport,
  trace: TraceLog,
  signal: AbortSignal,
  deps: ChatDeps,
): Promise<{ turn: ChatTurn; sources: KnowledgeSource[]; noInformation: boolean }> {
  const knowledge = turn.knowledge!;
  transport.publish({ type: 'step', text: SearchingKnowledgeStep });
  let sources: KnowledgeSource[] = [];
  try {
    const found = await knowledge.search(signal);
    sources = found.sources;
    for (const line of found.trace) trace.info('KnowledgeSearch', line);
  } catch (e) {
    if (!signal.aborted) {
      deps.logger.warn({ err: e, segmentId: turn.segmentId }, 'knowledge search failed');
      trace.error('The search of the agent’s knowledge failed; the answer was made without it.', 'KnowledgeSearch');
    }
  }
  return {
    turn: { ...turn, system: withSources(turn.system, sources, knowledge.restrict), passages: sources.length ? sources : (turn.passages ?? []) },
    sources,
    noInformation: knowledge.restrict && sources.length === 0 && !signal.aborted,
  };
}

/** A fixed answer, streamed and kept like a model's (no model call, no tokens). */
function answerWithout(transport: ChatTransport, writer: SegmentWriter, text: string): StreamedAnswer {
  transport.publish({ type: 'text', text });
  writer.progress(text);
  return {
    answer: text,
    citations: [],
    toolCitations: [],
    usage: { type: 'usage', promptTokens: 0, completionTokens: 0, estimated: false },
    firstTokenAt: performance.now(),
    failure: null,
  };
}
