// Counts for the /admin index page (GET /admin/overview). A module registers a counter for its area
// with the actions that may read it; the overview shows each caller only the counters they may read.
import type { UserAction } from '@atrium/contract';
import type { RootDb } from '../db/client.js';

export interface OverviewCounter {
  /** the admin area, e.g. 'users', 'userRoles', 'agents' (AdminNavKey) */
  key: string;
  /** a caller holding any of these sees the counter */
  anyOf: readonly UserAction[];
  count: (db: RootDb) => Promise<{ count: number; detail?: Record<string, number> }>;
}

const counters = new Map<string, OverviewCounter>();

export function registerOverviewCounter(counter: OverviewCounter): void {
  counters.set(counter.key, counter);
}

/** Whether a module already counts this area (its own counter wins over a fallback). */
export const hasOverviewCounter = (key: string): boolean => counters.has(key);

export const overviewCounters = (): OverviewCounter[] => [...counters.values()];
