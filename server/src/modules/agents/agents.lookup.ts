// Read-only lookups of agents for other modules' admin pickers and presenters (chat access policies and
// guidelines documents name agents). Queries of the agents module's table.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { gptSystems } from '../../db/schema/index.js';
import type { DbContext } from '../../platform/context.js';

export interface AgentName {
  gptSystemId: string;
  name: string;
}

/** System agents that are not deleted, by name (published or not: an administrator may prepare access first). */
export async function systemAgentNames({ db }: DbContext, ids?: readonly string[]): Promise<AgentName[]> {
  if (ids && ids.length === 0) return [];
  return db
    .select({ gptSystemId: gptSystems.id, name: gptSystems.name })
    .from(gptSystems)
    .where(and(eq(gptSystems.gptSystemType, 'System'), eq(gptSystems.isDeleted, false), ids ? inArray(gptSystems.id, [...ids]) : undefined))
    .orderBy(asc(gptSystems.name));
}

/** Agents of any type with these ids, deleted ones included (what a moderation report names), by name. */
export async function agentNamesById({ db }: DbContext, ids: readonly string[]): Promise<AgentName[]> {
  if (ids.length === 0) return [];
  return db
    .select({ gptSystemId: gptSystems.id, name: gptSystems.name })
    .from(gptSystems)
    .where(inArray(gptSystems.id, [...new Set(ids)]))
    .orderBy(asc(gptSystems.name));
}
