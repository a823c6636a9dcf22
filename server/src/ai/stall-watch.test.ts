import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KeepAliveMs, ModelStalled, StallWatch } from './stall-watch.js';

const limits = { firstTokenMs: 40_000, idleMs: 10_000 };

function watch(outer = new AbortController()) {
  const waiting: number[] = [];
  const w = new StallWatch(limits, outer.signal, () => waiting.push(Date.now()));
  return { w, waiting, outer };
}

describe('the stall watch', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stops a call that sends nothing at the first-token timeout, saying it is alive meanwhile', () => {
    const { w, waiting } = watch();
    const start = Date.now();
    w.callStarted();
    vi.advanceTimersByTime(limits.firstTokenMs - 1);
    expect(w.signal.aborted).toBe(false);
    // every KeepAliveMs until the limit: 15 s and 30 s of a 40 s wait
    expect(waiting.map((at) => at - start)).toEqual([KeepAliveMs, 2 * KeepAliveMs]);
    vi.advanceTimersByTime(1);
    expect(w.stalled).toBe('first-token');
    expect(w.signal.reason).toBeInstanceOf(ModelStalled);
    expect((w.signal.reason as ModelStalled).stall).toBe('first-token');
  });

  it('lets a steady stream run past both limits, and stops it once it falls silent for the idle timeout', () => {
    const { w, waiting } = watch();
    w.callStarted();
    vi.advanceTimersByTime(5_000);
    // a part every 9 s for five minutes: never idle for 10 s
    for (let t = 0; t < 300_000; t += 9_000) {
      w.part();
      vi.advanceTimersByTime(9_000);
    }
    expect(w.signal.aborted).toBe(false);
    expect(waiting).toEqual([]);
    w.part();
    vi.advanceTimersByTime(limits.idleMs - 1);
    expect(w.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(w.stalled).toBe('idle');
  });

  it('uses one timer for the stream, not one per part', () => {
    const { w } = watch();
    w.callStarted();
    w.part();
    const armed = vi.getTimerCount();
    for (let i = 0; i < 10_000; i++) w.part();
    expect(vi.getTimerCount()).toBe(armed);
    expect(armed).toBe(1);
  });

  it('times nothing while paused (tools running) and starts again with the next call', () => {
    const { w } = watch();
    w.callStarted();
    w.part();
    w.pause();
    vi.advanceTimersByTime(10 * limits.firstTokenMs);
    expect(w.signal.aborted).toBe(false);
    w.callStarted();
    vi.advanceTimersByTime(limits.firstTokenMs);
    expect(w.stalled).toBe('first-token');
  });

  it('passes the turn being stopped on, and is then no stall', () => {
    const { w, outer } = watch();
    w.callStarted();
    outer.abort(new Error('The client disconnected'));
    expect(w.signal.aborted).toBe(true);
    vi.advanceTimersByTime(10 * limits.firstTokenMs);
    expect(w.stalled).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('lets go of the turn signal and its timer when stopped', () => {
    const { w, outer } = watch();
    w.callStarted();
    w.stop();
    expect(vi.getTimerCount()).toBe(0);
    outer.abort();
    expect(w.signal.aborted).toBe(false);
  });
});
