import { describe, expect, it } from 'vitest';
import { Caches } from './caches.js';
import { ttlCache } from './ttl-cache.js';

const db = { caches: new Caches() };
const other = { caches: new Caches() };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('ttlCache', () => {
  it('shares one load, keeps it for ttlMs, per app, and forgets on delete', async () => {
    const cache = ttlCache<string | null>({ name: 'test.a', max: 10, ttlMs: 60 });
    let loads = 0;
    const load = async () => (++loads === 1 ? null : `v${loads}`);
    expect(await Promise.all([cache.get(db, 'a', load), cache.get(db, 'a', load)])).toEqual([null, null]);
    expect(loads).toBe(1);
    expect(await cache.get(other, 'a', load)).toBe('v2');
    cache.delete(db, 'a');
    expect(await cache.get(db, 'a', load)).toBe('v3');
    await sleep(80);
    expect(await cache.get(db, 'a', load)).toBe('v4');
    cache.delete(db);
    expect(await cache.get(db, 'a', load)).toBe('v5');
  });

  it('does not remember a failed load, and holds at most max entries', async () => {
    const cache = ttlCache<number>({ name: 'test.b', max: 2, ttlMs: 10_000 });
    await expect(cache.get(db, 'x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get(db, 'x', async () => 1)).toBe(1);
    let loads = 0;
    for (const key of ['a', 'b', 'c']) await cache.get(db, key, async () => ++loads);
    await cache.get(db, 'x', async () => 99);
    expect(await cache.get(db, 'x', async () => -1)).toBe(99);
  });
});
