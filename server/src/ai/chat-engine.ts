// The chat engine: runs one chat turn through its stages (the conversations module has resolved the
// request and assembled the prompt into a ChatTurn):
//   stream model rounds with tools (model-rounds.ts) → settle (turn-settle.ts) → queue its title (chat-titles.ts),
// with the segment's persistence behind one object (segment-writer.ts) and the process-wide first-token
// gate (first-token-gate.ts) that keeps other work out of the way of people waiting for an answer.
// One engine per process, on the app context.
import type { ChatTransport } from './chat-updates.js';
import { TraceLog } from './chat-trace.js';
import { FirstTokenGate } from './first-token-gate.js';
import { TitleQueue } from './chat-titles.js';
import { SegmentWriter } from './segment-writer.js';
import { streamModelRounds } from './model-rounds.js';
import { settleTurn } from './turn-settle.js';
import { questionOf, type ChatDeps, type ChatTurn, type SegmentOutcome, type SegmentStore } from './chat-turn.js';

export class ChatEngine {
  readonly gate = new FirstTokenGate();
  private readonly titles = new TitleQueue(this.gate);
  private inFlight = 0;

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
    const trace = new TraceLog(turn.persistDebugLogs);
    trace.info('ModelSelected', `Answering with ${turn.deployment.displayName} (${turn.deployment.name})`);
    transport.publish({ type: 'ids', conversationId: turn.conversationId, segmentId: turn.segmentId });
    transport.publish({ type: 'step', text: 'Thinking' });

    const writer = new SegmentWriter(store, (e) => controller.abort(e));
    const streamed = await streamModelRounds(turn, {
      models: deps.models,
      logger: deps.logger,
      transport,
      trace,
      writer,
      signal: controller.signal,
      onFirstToken: firstTokenCame,
    }).finally(() => transport.signal.removeEventListener('abort', onClientGone));
    firstTokenCame();

    const { outcome, saved } = await settleTurn(turn, streamed, {
      transport,
      trace,
      writer,
      gate: this.gate,
      logger: deps.logger,
      stopped: controller.signal.aborted,
    });
    if (turn.generateTitle && outcome.status === 'Success' && saved) {
      this.titles.add({
        conversationId: turn.conversationId,
        question: questionOf(turn),
        answer: outcome.answer,
        replace: store.replaceTitle,
        models: deps.models,
        logger: deps.logger,
      });
    }
    return writer.failure ? null : outcome;
  }
}
