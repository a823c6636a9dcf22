// The app's caches of database reads, one kind for all: at most `max` entries, each kept `ttlMs` (lru-cache
// does the bookkeeping), stored on the app context (platform/caches.ts). A value is the promise of its load,
// so that callers arriving together share one query; a failed load is not remembered. Writers call delete()
// after their change: this process forgets at once, the others when the cache bus brings the name and key
// (platform/caches.ts), and within ttlMs without one.
import { LRUCache } from 'lru-cache';
import type { CacheContext } from './caches.js';

export interface TtlCache<V> {
  /** the cached value, or `load()`'s (remembered for ttlMs) */
  get(ctx: CacheContext, key: string, load: () => Promise<V>): Promise<V>;
  /** forgets one key, or every key without one */
  delete(ctx: CacheContext, key?: string): void;
}

export function ttlCache<V>(options: { name: string; max: number; ttlMs: number }): TtlCache<V> {
  const kind = {};
  const forget = (cache: LRUCache<string, { value: Promise<V> }>, key: string | undefined) => {
    if (key === undefined) cache.clear();
    else cache.delete(key);
  };
  // a box, since lru-cache keeps objects: the promise itself may resolve to null
  const cacheOf = (ctx: CacheContext) =>
    ctx.caches.namedStoreOf(
      options.name,
      kind,
      () => new LRUCache<string, { value: Promise<V> }>({ max: options.max, ttl: options.ttlMs, ttlAutopurge: false }),
      forget,
    );
  return {
    get(ctx, key, load) {
      const cache = cacheOf(ctx);
      const hit = cache.get(key);
      if (hit) return hit.value;
      const entry = { value: load() };
      entry.value.catch(() => {
        if (cache.peek(key) === entry) cache.delete(key);
      });
      cache.set(key, entry);
      return entry.value;
    },
    delete(ctx, key) {
      forget(cacheOf(ctx), key);
      ctx.caches.announce(options.name, key);
    },
  };
}
