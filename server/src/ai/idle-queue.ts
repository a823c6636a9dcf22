// Low-priority work of the chat engine (generated titles): a small in-process queue that prefers to run
// a job while no chat turn is waiting for its first token (the first-token gate), so that a second model
// call and its database write do not delay someone's answer. Under sustained load some turn is nearly always waiting, so a job
// that has waited maxWaitMs runs anyway (else titles would never come on a busy server, and the queue
// would hold its jobs until it overflowed). Past maxQueued the newest are dropped (a conversation then
// keeps its first-question title).
import type { FirstTokenGate } from './first-token-gate.js';

export interface IdleQueueOptions {
  concurrency: number;
  /** how long the engine must be free of first-token waits before a job starts */
  idleDelayMs: number;
  /** the longest a job waits for such a moment before it runs regardless */
  maxWaitMs: number;
  maxQueued: number;
}

interface Job {
  run: () => Promise<void>;
  /** performance.now() after which it runs even while turns wait */
  due: number;
}

export class IdleQueue {
  private readonly jobs: Job[] = [];
  private running = 0;
  private timer: NodeJS.Timeout | null = null;
  private timerAt = 0;

  constructor(
    private readonly gate: FirstTokenGate,
    private readonly options: IdleQueueOptions,
  ) {
    gate.onClear(() => this.schedule());
  }

  /** jobs waiting to run */
  get queued(): number {
    return this.jobs.length;
  }

  /** false when the queue is full and the job was dropped */
  push(run: () => Promise<void>): boolean {
    if (this.jobs.length >= this.options.maxQueued) return false;
    this.jobs.push({ run, due: performance.now() + this.options.maxWaitMs });
    this.schedule();
    return true;
  }

  /** Sets the timer for the next moment a job may start: idleDelayMs from now when no turn waits, else the oldest job's due time. */
  private schedule(): void {
    if (this.running >= this.options.concurrency || this.jobs.length === 0) return;
    const now = performance.now();
    const at = this.gate.busy ? this.jobs[0]!.due : now + this.options.idleDelayMs;
    if (this.timer) {
      if (this.timerAt <= at) return;
      clearTimeout(this.timer);
    }
    this.timerAt = at;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.start();
      },
      Math.max(0, at - now),
    );
    // pending titles must not keep a stopping process alive
    this.timer.unref();
  }

  private start(): void {
    const now = performance.now();
    while (this.running < this.options.concurrency && this.jobs.length > 0) {
      // a turn started meanwhile: only jobs that waited their longest go now; the gate's clearing schedules the rest
      if (this.gate.busy && this.jobs[0]!.due > now) break;
      const job = this.jobs.shift()!;
      this.running++;
      void job
        .run()
        .catch(() => undefined)
        .finally(() => {
          this.running--;
          this.schedule();
        });
    }
    this.schedule();
  }
}
