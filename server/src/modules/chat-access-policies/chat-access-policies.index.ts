// The in-memory index the chat path asks "may this person use this agent?" (every chat call, every
// agent list). Policies are few and change rarely, so the whole table is compiled into sets once and
// a check is a few Set lookups. Writes of this process invalidate at once; other server processes
// reload within IndexTtlMs, in the background (a chat request never waits for a periodic reload).
//
// Rules (also in the README):
// - Policies govern System agents only; a personal (User) agent is governed by its owner and sharing.
// - A System agent that no policy names, while no "all agents" policy exists, is open to everyone
//   who may read System agents (GptSystemsRead, or GptSystemsReadSpecific scoped to it): the
//   behaviour before policies existed, so that existing installations keep working.
// - Once a policy names an agent, or any "all agents" policy exists, that agent is restricted: only
//   the users, role holders and directory-group members of a policy covering it may use it (and they
//   still need the read action above). Policies only ever narrow; they grant no action.
import type { Principal } from '../../platform/access.js';
import type { PolicyRow } from './chat-access-policies.repository.js';
import { listPolicies } from './chat-access-policies.repository.js';
import { refreshingValue } from '../../platform/refreshing-value.js';
import type { AppContext } from '../../platform/context.js';
import type { CacheContext } from '../../platform/caches.js';

interface CompiledPolicy {
  users: ReadonlySet<string>;
  roles: ReadonlySet<string>;
  groups: ReadonlySet<string>;
}

export interface AccessIndex {
  /** policies covering every System agent */
  all: readonly CompiledPolicy[];
  /** policies naming each agent */
  byAgent: ReadonlyMap<string, readonly CompiledPolicy[]>;
}

type AgentFacts = { id: string; gptSystemType: string };
/** A synchronous check, built from one index, for filtering lists without awaiting per row. */
export type ChatAccessCheck = (principal: Principal, agent: AgentFacts) => boolean;

export function compileIndex(rows: readonly PolicyRow[]): AccessIndex {
  const all: CompiledPolicy[] = [];
  const byAgent = new Map<string, CompiledPolicy[]>();
  for (const row of rows) {
    const p: CompiledPolicy = { users: new Set(row.userIds), roles: new Set(row.userRoleIds), groups: new Set(row.directoryGroupIds) };
    if (row.allGptSystems) all.push(p);
    else for (const id of row.gptSystemIds) byAgent.set(id, [...(byAgent.get(id) ?? []), p]);
  }
  return { all, byAgent };
}

const grants = (p: CompiledPolicy, principal: Principal) =>
  p.users.has(principal.userId) || principal.roleIds.some((r) => p.roles.has(r)) || principal.directoryGroups.some((g) => p.groups.has(g.id));

export function permits(index: AccessIndex, principal: Principal, agent: AgentFacts): boolean {
  if (agent.gptSystemType === 'User') return true;
  const named = index.byAgent.get(agent.id);
  if (!named && index.all.length === 0) return true;
  return index.all.some((p) => grants(p, principal)) || (named?.some((p) => grants(p, principal)) ?? false);
}

export const IndexTtlMs = 5_000;
const cache = refreshingValue('chat-access-policies.index', (db) => listPolicies(db).then(compileIndex), IndexTtlMs);

export const accessIndex = (ctx: Pick<AppContext, 'db' | 'caches' | 'caches'>): Promise<AccessIndex> => cache.get(ctx);

/** Call after a committed change to the policies: the next check reloads them. */
export function policiesChanged(ctx: CacheContext): void {
  cache.invalidate(ctx);
}

/** The check for this moment's policies; the agents module filters its lists and guards chat with it. */
export async function chatAccessCheck(ctx: Pick<AppContext, 'db' | 'caches' | 'caches'>): Promise<ChatAccessCheck> {
  const index = await accessIndex(ctx);
  return (principal, agent) => permits(index, principal, agent);
}
