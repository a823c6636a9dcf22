// Progress and cancellation of the uploads in flight, kept outside the Redux store: progress changes
// many times a second (only the one chip should re-render) and an AbortController is not state that
// can be serialised or persisted.

/** Whole percent of the body sent, rounded down so that 100 means every byte went out; null while unknown. */
export function uploadPercent(loaded: number, total: number): number | null {
  if (!(total > 0) || !Number.isFinite(loaded)) return null;
  return Math.min(100, Math.max(0, Math.floor((loaded * 100) / total)));
}

export interface UploadTracker {
  signal: AbortSignal;
  report: (progress: { loaded: number; total: number }) => void;
}

export class UploadProgressStore {
  private readonly percents = new Map<string, number | null>();
  private readonly controllers = new Map<string, AbortController>();
  private readonly listeners = new Set<() => void>();

  /** Begins tracking an upload: its abort signal, and where its progress goes. */
  start(localId: string): UploadTracker {
    const controller = new AbortController();
    this.controllers.set(localId, controller);
    this.percents.set(localId, null);
    return {
      signal: controller.signal,
      report: ({ loaded, total }) => {
        if (!this.controllers.has(localId)) return;
        const next = uploadPercent(loaded, total);
        // onprogress fires far more often than the whole percent changes
        if (next === null || next === this.percents.get(localId)) return;
        this.percents.set(localId, next);
        this.emit();
      },
    };
  }

  /** The upload ended (sent, refused or failed): forget it. */
  finish(localId: string): void {
    this.controllers.delete(localId);
    if (this.percents.delete(localId)) this.emit();
  }

  /** Aborts every upload in flight whose id is not among `keep` (a removed chip, a cleared question). */
  retainOnly(keep: ReadonlySet<string>): void {
    for (const [localId, controller] of [...this.controllers]) {
      if (keep.has(localId)) continue;
      controller.abort();
      this.finish(localId);
    }
  }

  percent(localId: string): number | null {
    return this.percents.get(localId) ?? null;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

/** The chat input's uploads. */
export const uploadProgress = new UploadProgressStore();
