// Low-priority work of the chat engine (generated titles): a small in-process queue that prefers to run
// a job while no chat turn is waiting for its first token, so that a second model call and its database
// write do not delay someone's answer. Under sustained load some turn is nearly always waiting, so a job
// that has waited maxWaitMs runs anyway (else titles would never come on a busy server, and the queue
// would hold its jobs until it overflowed). Past maxQueued the newest are dropped (a conversation then
// keeps its first-question title).
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
  private waiting = 0;
  private timer: NodeJS.Timeout | null = null;
  private timerAt = 0;
  /** firstTokensOut() callers, resolved when the last first-token wait ends */
  private readonly clear: (() => void)[] = [];

  constructor(private readonly options: IdleQueueOptions) {}

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

  /** A turn starts waiting for its first token; call the returned function when it came or the turn ended (idempotent). */
  holdFirstToken(): () => void {
    this.waiting++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.waiting--;
      if (this.waiting === 0) {
        for (const resolve of this.clear.splice(0)) resolve();
        this.schedule();
      }
    };
  }

  /**
   * Resolves once no turn waits for its first token, or after maxMs at the latest: work that must be
   * done soon but not before others' first tokens (a finished turn's write) waits here.
   */
  firstTokensOut(maxMs: number): Promise<void> {
    if (this.waiting === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        const i = this.clear.indexOf(done);
        if (i >= 0) this.clear.splice(i, 1);
        resolve();
      }, maxMs);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      this.clear.push(done);
    });
  }

  /** Sets the timer for the next moment a job may start: idleDelayMs from now when no turn waits, else the oldest job's due time. */
  private schedule(): void {
    if (this.running >= this.options.concurrency || this.jobs.length === 0) return;
    const now = performance.now();
    const at = this.waiting === 0 ? now + this.options.idleDelayMs : this.jobs[0]!.due;
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
      // a turn started meanwhile: only jobs that waited their longest go now; its release schedules the rest
      if (this.waiting > 0 && this.jobs[0]!.due > now) break;
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
