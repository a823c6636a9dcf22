// Resumable answers (docs/architecture.md "Resumable answers"): an answer's stream is teed into the answer log
// (platform/answer-log.ts) and registered on the answer bus (platform/answer-bus.ts), so that
// - a client that lost its connection reads the rest back from any process (resume), and
// - the stop call made on any process stops it.
// A client that leaves no longer stops its answer at once: the answer goes on for `graceMs` (a reload, a network drop),
// and longer while a resumed client reads it; with nobody reading, it stops then and keeps what it has, as before.
import { encodeSseEvent } from '@atrium/contract';
import type { SseWriter } from '../platform/sse.js';
import type { AnswerBus } from '../platform/answer-bus.js';
import type { AnswerLog, AnswerLogWriter, AnswerOwner, AnswerRead } from '../platform/answer-log.js';
import { NoLeases, type AnswerLeases } from '../platform/answer-leases.js';

/** The reason an answer stopped by the stop call carries. */
export class AnswerStopped extends Error {
  constructor() {
    super('The answer was stopped');
  }
}

const NotKept = { append: () => undefined, end: () => undefined };

/** The client of an answer nobody asked on this process (a taken-over one): never leaves, reads nothing. */
const Headless: SseWriter = {
  signal: new AbortController().signal,
  open: true,
  send: () => undefined,
  write: () => undefined,
  end: () => undefined,
};

export class ResumableAnswers {
  constructor(
    readonly log: AnswerLog,
    readonly bus: AnswerBus,
    /** how long an answer goes on after its client left with nobody reading it back (0: it stops at once) */
    readonly graceMs: number,
    /** which process streams which answer, for another to take them over when it dies (with Redis) */
    readonly leases: AnswerLeases = NoLeases,
  ) {}

  /**
   * The writer of an answer taken over from a process that died (platform/answer-leases.ts): it has no client of its
   * own (they read it back, from any process), so it runs to its end unless the stop call stops it; its events go on
   * in the answer's log after what the other process wrote.
   */
  async takeOver(segmentId: string, owner: AnswerOwner): Promise<SseWriter> {
    const logged = await this.log.continue(segmentId, owner);
    return this.writerOf(segmentId, logged, Headless, 0);
  }

  /**
   * The answer's writer: what is written goes to the client (while it is there) and to the log; its signal aborts
   * on the stop call, or `graceMs` after the client left when nobody reads the answer back meanwhile.
   */
  open(segmentId: string, owner: AnswerOwner, sse: SseWriter): SseWriter {
    // a public endpoint's visitor has no call to read an answer back: theirs is not kept, and stops when they leave
    // (as their stream slots expect, docs/public-chat.md)
    const resumable = 'userId' in owner;
    return this.writerOf(segmentId, resumable ? this.log.writer(segmentId, owner) : NotKept, sse, resumable ? this.graceMs : 0);
  }

  private writerOf(segmentId: string, logged: AnswerLogWriter, sse: SseWriter, graceMs: number): SseWriter {
    const controller = new AbortController();
    let ended = false;
    let lastWatched = -Infinity;
    let timer: NodeJS.Timeout | null = null;
    const check = () => {
      timer = null;
      if (ended || controller.signal.aborted) return;
      const quietFor = performance.now() - lastWatched;
      if (quietFor >= graceMs) controller.abort(sse.signal.reason);
      else timer = setTimeout(check, graceMs - quietFor);
    };
    const clientLeft = () => {
      if (graceMs <= 0) return controller.abort(sse.signal.reason);
      lastWatched = Math.max(lastWatched, performance.now());
      timer ??= setTimeout(check, graceMs);
    };
    if (sse.signal.aborted) clientLeft();
    else sse.signal.addEventListener('abort', clientLeft, { once: true });
    const unregister = this.bus.register(segmentId, {
      stop: () => controller.abort(new AnswerStopped()),
      watched: () => (lastWatched = performance.now()),
    });
    const write = (text: string) => {
      if (ended) return;
      logged.append(text);
      sse.write(text);
    };
    return {
      signal: controller.signal,
      get open() {
        return !ended;
      },
      send: (event, data = '') => write(encodeSseEvent(event, data)),
      write,
      end() {
        if (ended) return;
        ended = true;
        if (timer) clearTimeout(timer);
        sse.signal.removeEventListener('abort', clientLeft);
        unregister();
        logged.end();
        sse.end();
      },
    };
  }

  /**
   * Tells the readers of an answer whose process died and that nobody takes over that it ended: an error event with
   * `message` (none: the answer was saved whole, the readers read it from the conversation), then the end.
   */
  async interrupt(segmentId: string, message: string | null): Promise<void> {
    await this.log.interrupt(segmentId, [...(message === null ? [] : [encodeSseEvent('error', message)]), encodeSseEvent('no-more-data')]);
  }

  /** The answer's events after number `after`, then its tail; the caller checks the owner before sending any. */
  read(segmentId: string, after: number, signal: AbortSignal): Promise<AnswerRead> {
    return this.log.read(segmentId, after, signal);
  }

  /** While a resumed client reads: tells the answer's process every third of the grace time. Returns the stop of it. */
  keepWatching(segmentId: string): () => void {
    this.bus.watched(segmentId);
    const timer = setInterval(() => this.bus.watched(segmentId), Math.max(250, this.graceMs / 3));
    return () => clearInterval(timer);
  }

  async close(): Promise<void> {
    await Promise.all([this.log.close(), this.bus.close(), this.leases.close()]);
  }
}
