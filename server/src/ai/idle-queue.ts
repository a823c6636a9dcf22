// Low-priority work of the chat engine (generated titles): a small in-process queue that runs a job
// only while no chat turn is waiting for its first token, so that a second model call and its
// database write never delay someone's answer. Under sustained load jobs wait; past maxQueued the
// newest are dropped (a conversation then keeps its first-question title).
export interface IdleQueueOptions {
  concurrency: number;
  /** how long the engine must be free of first-token waits before a job starts */
  idleDelayMs: number;
  maxQueued: number;
}

export class IdleQueue {
  private readonly jobs: (() => Promise<void>)[] = [];
  private running = 0;
  private waiting = 0;
  private timer: NodeJS.Timeout | null = null;
  /** firstTokensOut() callers, resolved when the last first-token wait ends */
  private readonly clear: (() => void)[] = [];

  constructor(private readonly options: IdleQueueOptions) {}

  /** false when the queue is full and the job was dropped */
  push(job: () => Promise<void>): boolean {
    if (this.jobs.length >= this.options.maxQueued) return false;
    this.jobs.push(job);
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

  private schedule(): void {
    if (this.timer || this.waiting > 0 || this.running >= this.options.concurrency || this.jobs.length === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      // a turn started meanwhile: its release schedules again
      if (this.waiting > 0) return;
      while (this.running < this.options.concurrency && this.jobs.length > 0) {
        const job = this.jobs.shift()!;
        this.running++;
        void job()
          .catch(() => undefined)
          .finally(() => {
            this.running--;
            this.schedule();
          });
      }
    }, this.options.idleDelayMs);
    // pending titles must not keep a stopping process alive
    this.timer.unref();
  }
}
