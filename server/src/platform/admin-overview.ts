// Counts for the /admin index page (GET /admin/overview). A module registers a counter for its area on the
// app context's `overview` with the actions that may read it; the overview shows each caller only the
// counters they may read.
import type { UserAction } from '@atrium/contract';
import type { AppContext } from './context.js';

export interface OverviewCounter {
  /** the admin area, e.g. 'users', 'userRoles', 'agents' (AdminNavKey) */
  key: string;
  /** a caller holding any of these sees the counter */
  anyOf: readonly UserAction[];
  count: (ctx: Pick<AppContext, 'db'>) => Promise<{ count: number; detail?: Record<string, number> }>;
}

export class OverviewCounters {
  readonly #counters = new Map<string, OverviewCounter>();

  register(counter: OverviewCounter): void {
    this.#counters.set(counter.key, counter);
  }

  /** Whether a module already counts this area (its own counter wins over a fallback). */
  has(key: string): boolean {
    return this.#counters.has(key);
  }

  list(): OverviewCounter[] {
    return [...this.#counters.values()];
  }
}
