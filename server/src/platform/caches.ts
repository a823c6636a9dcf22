// The app's caches, held on the app context (ctx.caches) rather than in module globals: each app (a server,
// a test's app) has its own, and a write inside a transaction forgets the same entries as one outside it.
// A module declares a kind of cache once (platform/ttl-cache.ts, platform/refreshing-value.ts) and reaches
// its store through the context it is given.
import type { AppContext } from './context.js';

export class Caches {
  readonly #stores = new Map<object, unknown>();

  /** The app's store of one kind of cache, made on first use. */
  storeOf<T>(kind: object, make: () => T): T {
    let store = this.#stores.get(kind) as T | undefined;
    if (store === undefined) this.#stores.set(kind, (store = make()));
    return store;
  }
}

/** What a function that reads or forgets cached values takes. */
export type CacheContext = Pick<AppContext, 'caches'>;

/** What a function that reads through the app's caches takes: the app's own database (never a transaction's) and its caches. */
export type CachedContext = Pick<AppContext, 'db' | 'caches'>;
