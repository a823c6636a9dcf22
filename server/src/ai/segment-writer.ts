// The persistence of one turn's segment, behind one object: the rows are written only once the answer
// has run for DeferCreateMs (a fast answer costs one write at its end, and no write competes with other
// streams' first tokens), the answer so far is saved every ProgressSaveIntervalMs, and the end is one
// write. A failed write is kept and reported once; the turn is then stopped by its owner.
import { performance } from 'node:perf_hooks';
import type { ResponseModelEvent } from '@atrium/contract';
import type { SegmentOutcome, SegmentStore } from './chat-turn.js';

/** a crash loses at most this much of a long answer (platform/server-processes.ts ends the rest as interrupted) */
const ProgressSaveIntervalMs = 1000;
/**
 * The InProgress rows are written only when an answer is still running after this long. Durability
 * trade-off: a crash within this window loses the turn (the client saw no complete answer either);
 * longer answers keep progress saves.
 */
const DeferCreateMs = 1000;

export class SegmentWriter {
  /** the first write that failed; the turn ends as Failed with a save error */
  failure: unknown = null;
  private creating: Promise<void> | null = null;
  private saving: Promise<void> = Promise.resolve();
  private lastSave = performance.now();
  private readonly createTimer: NodeJS.Timeout;

  constructor(
    private readonly store: SegmentStore,
    /** called once when a write fails, so that the turn stops */
    private readonly onFailure: (error: unknown) => void,
  ) {
    this.createTimer = setTimeout(() => void this.create(), DeferCreateMs);
  }

  /** The rows exist from here on (tools that write rows referring to the segment call it first); throws the write's failure. */
  async persist(): Promise<void> {
    await this.create();
    if (this.failure) throw this.failure;
  }

  /** The answer so far; written at most once every ProgressSaveIntervalMs, in order, after the rows exist. */
  progress(answer: string): void {
    const now = performance.now();
    if (now - this.lastSave <= ProgressSaveIntervalMs) return;
    this.lastSave = now;
    this.saving = this.saving
      .then(() => this.create())
      .then(() => (this.failure ? undefined : this.store.saveProgress(answer)))
      .catch(() => undefined);
  }

  /** The answer is over: no deferred create any more, and the saves in flight are done. */
  async stop(): Promise<void> {
    clearTimeout(this.createTimer);
    await this.saving;
  }

  /** The final write (call after stop()): the whole turn at once when its rows were never written, else its end. */
  finish(outcome: SegmentOutcome): Promise<ResponseModelEvent> {
    return this.creating === null ? this.store.createFinished(outcome) : this.store.finish(outcome);
  }

  private create(): Promise<void> {
    return (this.creating ??= this.store.create().catch((e: unknown) => {
      this.failure = e;
      this.onFailure(e);
    }));
  }
}
