// The process-wide first-token gate: how many chat turns still wait for their model's first token.
// Work that competes with them for the database thread or the event loop (a finished turn's write,
// generated titles) waits until none does, for a bounded while: with 100 questions arriving together,
// their first tokens no longer queue behind the writes and title calls of those that already finished.
export class FirstTokenGate {
  private waiting = 0;
  /** whenClear() callers, resolved when the last wait ends */
  private readonly waiters: (() => void)[] = [];
  private readonly clearListeners: (() => void)[] = [];

  /** turns that have not had their first token yet */
  get busy(): boolean {
    return this.waiting > 0;
  }

  /** A turn starts waiting for its first token; call the returned function when it came or the turn ended (idempotent). */
  hold(): () => void {
    this.waiting++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.waiting--;
      if (this.waiting > 0) return;
      for (const resolve of this.waiters.splice(0)) resolve();
      for (const listener of this.clearListeners) listener();
    };
  }

  /** Resolves once no turn waits for its first token, or after maxMs at the latest. */
  whenClear(maxMs: number): Promise<void> {
    if (this.waiting === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const i = this.waiters.indexOf(done);
        if (i >= 0) this.waiters.splice(i, 1);
        resolve();
      }, maxMs);
      this.waiters.push(done);
    });
  }

  /** Called every time the last wait ends (the idle queue schedules its jobs on it). */
  onClear(listener: () => void): void {
    this.clearListeners.push(listener);
  }
}
