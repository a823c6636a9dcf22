import { describe, expect, it, vi } from 'vitest';
import type { RootDb } from '../db/client.js';
import { Caches } from './caches.js';
import { refreshingValue } from './refreshing-value.js';

describe('refreshingValue', () => {
  it('loads once, serves the old value while a stale one reloads, and waits for a fresh load after invalidate', async () => {
    vi.useFakeTimers();
    try {
      const db = { db: {} as RootDb, caches: new Caches() };
      let n = 0;
      let release: (() => void) | null = null;
      const load = vi.fn(async () => {
        n += 1;
        if (n === 2) await new Promise<void>((r) => (release = r));
        return n;
      });
      const value = refreshingValue('test.value', load, 1000);
      expect(await value.get(db)).toBe(1);
      expect(await value.get(db)).toBe(1);
      expect(load).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1001);
      // stale: answered at once with the old value while the reload runs
      expect(await value.get(db)).toBe(1);
      expect(await value.get(db)).toBe(1);
      expect(load).toHaveBeenCalledTimes(2);
      release!();
      await vi.waitFor(async () => expect(await value.get(db)).toBe(2));
      value.invalidate(db);
      expect(await value.get(db)).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
