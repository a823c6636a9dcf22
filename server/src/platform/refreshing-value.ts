// One value per database handle (an app), loaded on first use and kept fresh without making a request
// wait: after ttlMs the current value is still served while a reload runs in the background. A local
// change calls invalidate(), after which the next caller waits for a fresh load (this process must
// see its own writes at once); other processes see changes within ttlMs plus one load.
import type { Db } from '../db/client.js';

interface Entry<T> {
  value: Promise<T>;
  at: number;
  refreshing: boolean;
}

export interface RefreshingValue<T> {
  get(db: Db): Promise<T>;
  invalidate(db: Db): void;
}

export function refreshingValue<T>(load: (db: Db) => Promise<T>, ttlMs: number): RefreshingValue<T> {
  const entries = new WeakMap<Db, Entry<T>>();
  const fresh = (db: Db): Entry<T> => {
    const entry: Entry<T> = { value: load(db), at: Date.now(), refreshing: false };
    // a failed load is not remembered
    entry.value.catch(() => {
      if (entries.get(db) === entry) entries.delete(db);
    });
    entries.set(db, entry);
    return entry;
  };
  return {
    get(db) {
      const hit = entries.get(db);
      if (!hit) return fresh(db).value;
      if (Date.now() - hit.at >= ttlMs && !hit.refreshing) {
        hit.refreshing = true;
        const next = load(db);
        next.then(
          () => {
            // replaced only if nobody invalidated meanwhile (then a newer load is due anyway)
            if (entries.get(db) === hit) entries.set(db, { value: next, at: Date.now(), refreshing: false });
          },
          () => {
            hit.refreshing = false;
          },
        );
      }
      return hit.value;
    },
    invalidate(db) {
      entries.delete(db);
    },
  };
}
