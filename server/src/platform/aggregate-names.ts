// Human names of audit aggregates (GET /admin/audit/aggregateRootName). A module that owns an aggregate
// type registers a resolver reading its own tables through its service; the audit module asks the
// registry and, when no resolver knows the aggregate (another module's type, or a deleted object),
// falls back to the name recorded in the aggregate's latest audit details.
import type { Db } from '../db/client.js';

export type AggregateNameResolver = (db: Db, aggregateId: string) => Promise<string | null>;

const resolvers = new Map<string, AggregateNameResolver>();

/** Registers (or replaces) the resolver of an aggregate type; types match case-insensitively. */
export function registerAggregateNameResolver(aggregateType: string, resolver: AggregateNameResolver): void {
  resolvers.set(aggregateType.toLowerCase(), resolver);
}

export function aggregateNameResolver(aggregateType: string): AggregateNameResolver | undefined {
  return resolvers.get(aggregateType.toLowerCase());
}
