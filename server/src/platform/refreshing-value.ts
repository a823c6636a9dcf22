// One value per app, loaded on first use and kept fresh without making a request wait: after ttlMs the
// current value is still served while a reload runs in the background. A local change calls invalidate(),
// after which the next caller waits for a fresh load (this process must see its own writes at once); other
// processes forget theirs when the cache bus brings the name (platform/caches.ts), and see changes within ttlMs
// plus one load without one. Stored on the app context (platform/caches.ts); loads
// read the app's own database, never a caller's transaction.
import type { AppContext } from './context.js';
import type { RootDb } from '../db/client.js';
import type { CacheContext } from './caches.js';

interface Entry<T> {
  value: Promise<T>;
  at: number;
  refreshing: boolean;
}

export interface RefreshingValue<T> {
  get(ctx: Pick<AppContext, 'db' | 'caches'>): Promise<T>;
  invalidate(ctx: CacheContext): void;
}

export function refreshingValue<T>(name: string, load: (db: RootDb) => Promise<T>, ttlMs: number): RefreshingValue<T> {
  const kind = {};
  const slotOf = (ctx: CacheContext) =>
    ctx.caches.namedStoreOf(
      name,
      kind,
      () => ({ entry: null as Entry<T> | null }),
      (slot) => (slot.entry = null),
    );
  const fresh = (db: RootDb, slot: { entry: Entry<T> | null }): Entry<T> => {
    const entry: Entry<T> = { value: load(db), at: Date.now(), refreshing: false };
    // a failed load is not remembered
    entry.value.catch(() => {
      if (slot.entry === entry) slot.entry = null;
    });
    slot.entry = entry;
    return entry;
  };
  return {
    get(ctx) {
      const slot = slotOf(ctx);
      const hit = slot.entry;
      if (!hit) return fresh(ctx.db, slot).value;
      if (Date.now() - hit.at >= ttlMs && !hit.refreshing) {
        hit.refreshing = true;
        const next = load(ctx.db);
        next.then(
          () => {
            // replaced only if nobody invalidated meanwhile (then a newer load is due anyway)
            if (slot.entry === hit) slot.entry = { value: next, at: Date.now(), refreshing: false };
          },
          () => {
            hit.refreshing = false;
          },
        );
      }
      return hit.value;
    },
    invalidate(ctx) {
      slotOf(ctx).entry = null;
      ctx.caches.announce(name);
    },
  };
}
