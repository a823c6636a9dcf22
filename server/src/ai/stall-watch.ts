// The watch over a model that stops sending: each model call must send its first part within the
// first-token timeout and then never fall silent for longer than the idle timeout
// (MODEL_FIRST_TOKEN_TIMEOUT_MS, MODEL_IDLE_TIMEOUT_MS). A stall aborts the call through the watch's
// signal, and the turn ends as Failed with the answer so far (model-rounds.ts). While a call has sent
// nothing yet (a reasoning model thinks before it writes) the watch says so every KeepAliveMs, so that the
// person sees the answer is alive and proxies do not close a quiet response.
//
// On the turn's hot path a part costs one timestamp: one timer per turn is armed for the whole idle
// window and, when it fires, compares the time of the last part with the limit and re-arms itself for
// the rest of the window, instead of a clearTimeout/setTimeout per piece of text.
import { ToolStepRepeatMs } from './chat-tools.js';

/** How often a call that has not sent anything yet is reported alive (as often as a running tool's step). */
export const KeepAliveMs = ToolStepRepeatMs;
/**
 * A timer may fire a little before performance.now() says its time has come (libuv arms it from the loop's
 * cached clock): a wake-up this close to a limit is the limit, not a keep-alive or a re-arm for a millisecond.
 */
const TimerSlackMs = 5;

export interface StallLimits {
  /** how long a model call may take to send its first part */
  firstTokenMs: number;
  /** how long a model call may stay silent between two parts */
  idleMs: number;
}

export type Stall = 'first-token' | 'idle';

/** The reason the watch's signal carries when it aborted a stalled call. */
export class ModelStalled extends Error {
  constructor(readonly stall: Stall) {
    super(stall === 'first-token' ? 'The model sent nothing before the first-token timeout' : 'The model fell silent for longer than the idle timeout');
  }
}

export class StallWatch {
  /** aborted by the turn's own signal, or by a stall */
  readonly signal: AbortSignal;
  /** which limit the model broke, once it did */
  stalled: Stall | null = null;
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | null = null;
  /** performance.now() of the current call's last part; -1 until its first */
  private lastPartAt = -1;
  private callStartedAt = 0;

  constructor(
    private readonly limits: StallLimits,
    private readonly outer: AbortSignal,
    /** called every KeepAliveMs while the current call has sent nothing yet */
    private readonly onWaiting: () => void,
  ) {
    this.signal = this.controller.signal;
    if (outer.aborted) this.controller.abort(outer.reason);
    else outer.addEventListener('abort', this.onOuterAbort, { once: true });
  }

  /** A model call starts: its first part must come within the first-token timeout. */
  callStarted(): void {
    this.lastPartAt = -1;
    this.callStartedAt = performance.now();
    this.arm(Math.min(this.limits.firstTokenMs, KeepAliveMs));
  }

  /** A part of the model's stream came (called for every part: keep it cheap). */
  part(): void {
    const first = this.lastPartAt < 0;
    this.lastPartAt = performance.now();
    if (first) this.arm(this.limits.idleMs);
  }

  /** Between model calls (tools running) nothing is timed. */
  pause(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** The turn's streaming is over. */
  stop(): void {
    this.pause();
    this.outer.removeEventListener('abort', this.onOuterAbort);
  }

  private arm(ms: number): void {
    this.pause();
    this.timer = setTimeout(this.check, ms);
  }

  private readonly check = (): void => {
    this.timer = null;
    if (this.signal.aborted) return;
    if (this.lastPartAt < 0) {
      const waited = performance.now() - this.callStartedAt;
      if (waited >= this.limits.firstTokenMs - TimerSlackMs) return this.stall('first-token');
      // woken early to say the answer is still alive
      this.onWaiting();
      this.timer = setTimeout(this.check, Math.min(this.limits.firstTokenMs - waited, KeepAliveMs));
      return;
    }
    const quiet = performance.now() - this.lastPartAt;
    if (quiet >= this.limits.idleMs - TimerSlackMs) return this.stall('idle');
    this.timer = setTimeout(this.check, this.limits.idleMs - quiet);
  };

  private stall(stall: Stall): void {
    this.stalled = stall;
    this.controller.abort(new ModelStalled(stall));
  }

  private readonly onOuterAbort = (): void => {
    this.pause();
    this.controller.abort(this.outer.reason);
  };
}
