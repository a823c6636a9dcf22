// Human names of audit aggregates (GET /admin/audit/aggregateRootName). A module that owns an aggregate
// type registers a resolver on the app context's `aggregateNames`, reading its own tables through its
// service; the audit module asks the registry and, when no resolver knows the aggregate (another module's
// type, or a deleted object), falls back to the name recorded in the aggregate's latest audit details.
import type { DbContext } from './context.js';

export type AggregateNameResolver = (ctx: DbContext, aggregateId: string) => Promise<string | null>;

export class AggregateNames {
  readonly #resolvers = new Map<string, AggregateNameResolver>();

  /** Registers (or replaces) the resolver of an aggregate type; types match case-insensitively. */
  register(aggregateType: string, resolver: AggregateNameResolver): void {
    this.#resolvers.set(aggregateType.toLowerCase(), resolver);
  }

  resolverOf(aggregateType: string): AggregateNameResolver | undefined {
    return this.#resolvers.get(aggregateType.toLowerCase());
  }
}
