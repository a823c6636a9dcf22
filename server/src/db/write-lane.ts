// A write lane: one database's writes on the chat path, run one statement at a time with the event loop
// free between two, and the batchable ones that wait next to each other merged into one statement (a
// group commit). Every statement costs the database's one thread (PGlite) or a round trip; turns that
// start or end together (a wave of questions, long answers' deferred creates) would otherwise pay one
// statement each. When PGlite ran on the server's thread, statements queued behind each other ran back
// to back in one go, and a hundred streams' writes at once held every stream's next piece for hundreds
// of milliseconds; on its own thread (db/pglite-thread.ts) the lane still keeps the writes grouped and
// in order.
import type { RootDb } from './client.js';

type Job<T> = { kind: 'batch'; item: T; resolve: () => void; reject: (e: unknown) => void } | { kind: 'other'; run: () => Promise<void> };
type BatchJob<T> = Extract<Job<T>, { kind: 'batch' }>;

/** Lets timers and sockets (other streams' pieces) run between two statements of the lane. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export class WriteLane<T> {
  private readonly jobs: Job<T>[] = [];
  private running = false;

  /**
   * @param writeBatch writes items in one statement; when it fails for a batch of several, each is
   *   retried alone, so that one that cannot be written (say its conversation was deleted meanwhile)
   *   does not fail the others
   * @param maxBatch items per statement: PGlite runs one statement at a time from start to end, so a batch
   *   is kept small enough (a few milliseconds) not to hold other statements for long
   */
  constructor(
    private readonly writeBatch: (items: readonly T[]) => Promise<void>,
    private readonly maxBatch: number,
  ) {}

  /** Writes an item, in one statement with the items waiting next to it. */
  add(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => this.enqueue({ kind: 'batch', item, resolve, reject }));
  }

  /** Runs other work in the lane, in order with the batches. */
  run<R>(work: () => Promise<R>): Promise<R> {
    return new Promise<R>((resolve, reject) => this.enqueue({ kind: 'other', run: () => work().then(resolve, reject) }));
  }

  private enqueue(job: Job<T>): void {
    this.jobs.push(job);
    if (this.running) return;
    this.running = true;
    // the writes of this turn of the event loop join the first statement too
    setImmediate(() => void this.drain());
  }

  private async drain(): Promise<void> {
    while (this.jobs.length > 0) {
      const job = this.jobs[0]!;
      if (job.kind === 'other') {
        this.jobs.shift();
        await job.run();
      } else {
        let n = 1;
        while (n < this.maxBatch && this.jobs[n]?.kind === 'batch') n++;
        await this.write(this.jobs.splice(0, n) as BatchJob<T>[]);
      }
      await yieldToEventLoop();
    }
    this.running = false;
  }

  private async write(batch: BatchJob<T>[]): Promise<void> {
    try {
      await this.writeBatch(batch.map((j) => j.item));
      for (const j of batch) j.resolve();
    } catch (e) {
      if (batch.length === 1) return batch[0]!.reject(e);
      for (const j of batch) {
        await yieldToEventLoop();
        await this.writeBatch([j.item]).then(j.resolve, j.reject);
      }
    }
  }
}

/** One lane per database and purpose: made on first use, gone with the database. */
export function laneFor<T>(lanes: WeakMap<RootDb, WriteLane<T>>, db: RootDb, make: () => WriteLane<T>): WriteLane<T> {
  let lane = lanes.get(db);
  if (!lane) lanes.set(db, (lane = make()));
  return lane;
}
