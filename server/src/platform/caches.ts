// The app's caches, held on the app context (ctx.caches) rather than in module globals: each app (a server,
// a test's app) has its own, and a write inside a transaction forgets the same entries as one outside it.
// A module declares a kind of cache once (platform/ttl-cache.ts, platform/refreshing-value.ts) under a name, and
// reaches its store through the context it is given.
//
// Forgetting crosses processes: a cache's delete() or invalidate() forgets here at once and announces the name and
// key; with REDIS_URL set the cache bus (platform/cache-bus.ts) publishes it and every other process forgets the
// same entry when the message arrives (a few milliseconds), instead of serving it until its lifetime ends.
import type { AppContext } from './context.js';

/** Where the app's forgets go to reach the other processes (platform/cache-bus.ts), and come from. */
export interface CacheAnnouncer {
  announce(name: string, key: string | undefined): void;
}

export class Caches {
  readonly #stores = new Map<object, unknown>();
  /** what a named kind forgets here when another process announces it */
  readonly #forgetters = new Map<string, (key: string | undefined) => void>();
  #announcer: CacheAnnouncer | null = null;

  /** The app's store of one kind of cache, made on first use. */
  storeOf<T>(kind: object, make: () => T): T {
    let store = this.#stores.get(kind) as T | undefined;
    if (store === undefined) this.#stores.set(kind, (store = make()));
    return store;
  }

  /**
   * The store of a named kind: `forget(store, key)` is what an announcement of that name from another process
   * does to it (undefined: every key). Names are unique across the server (each module's own prefix).
   */
  namedStoreOf<T>(name: string, kind: object, make: () => T, forget: (store: T, key: string | undefined) => void): T {
    return this.storeOf(kind, () => {
      const store = make();
      this.#forgetters.set(name, (key) => forget(store, key));
      return store;
    });
  }

  /** Something this app holds outside the stores (the model catalogue): forgotten when another process announces it. */
  onAnnounced(name: string, forget: (key: string | undefined) => void): void {
    this.#forgetters.set(name, forget);
  }

  /** Tells the other processes to forget `name`'s key (every key without one); this process forgot it already. */
  announce(name: string, key?: string): void {
    this.#announcer?.announce(name, key);
  }

  /** What another process announced: forgets it here (a kind this process never used has nothing to forget). */
  forgetAnnounced(name: string, key: string | undefined): void {
    this.#forgetters.get(name)?.(key);
  }

  /** Connects the bus that carries announcements (null: this process is alone, nothing to tell). */
  connect(announcer: CacheAnnouncer | null): void {
    this.#announcer = announcer;
  }
}

/** What a function that reads or forgets cached values takes. */
export type CacheContext = Pick<AppContext, 'caches'>;

/** What a function that reads through the app's caches takes: the app's own database (never a transaction's) and its caches. */
export type CachedContext = Pick<AppContext, 'db' | 'caches'>;
