// The process's caches of database reads, one kind for all: per database handle (one per app), at most
// `max` entries, each kept `ttlMs` (lru-cache does the bookkeeping). A value is the promise of its load, so
// that callers arriving together share one query; a failed load is not remembered. Writers in this process
// call delete() after their change; other processes see it within ttlMs.
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/client.js';

export interface TtlCache<V> {
  /** the cached value, or `load()`'s (remembered for ttlMs) */
  get(db: Db, key: string, load: () => Promise<V>): Promise<V>;
  /** forgets one key, or every key without one */
  delete(db: Db, key?: string): void;
}

export function ttlCache<V>(options: { max: number; ttlMs: number }): TtlCache<V> {
  // a box, since lru-cache keeps objects: the promise itself may resolve to null
  const perDatabase = new WeakMap<Db, LRUCache<string, { value: Promise<V> }>>();
  const cacheOf = (db: Db) => {
    let cache = perDatabase.get(db);
    if (!cache) perDatabase.set(db, (cache = new LRUCache({ max: options.max, ttl: options.ttlMs, ttlAutopurge: false })));
    return cache;
  };
  return {
    get(db, key, load) {
      const cache = cacheOf(db);
      const hit = cache.get(key);
      if (hit) return hit.value;
      const entry = { value: load() };
      entry.value.catch(() => {
        if (cache.peek(key) === entry) cache.delete(key);
      });
      cache.set(key, entry);
      return entry.value;
    },
    delete(db, key) {
      const cache = perDatabase.get(db);
      if (!cache) return;
      if (key === undefined) cache.clear();
      else cache.delete(key);
    },
  };
}
