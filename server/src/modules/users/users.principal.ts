// Resolves the caller of a request: an enabled user with the union of their roles' actions.
import { eq } from 'drizzle-orm';
import { isUserAction, type IdentityProvider, type UserAction } from '@atrium/contract';
import { userRoleAssignments, users } from '../../db/schema/index.js';
import { rolesByIds } from '../user-roles/user-roles.lookup.js';
import { ttlCache } from '../../platform/ttl-cache.js';
import type { Principal } from '../../platform/access.js';
import { userColumns } from './users.repository.js';
import type { DbContext, AppContext } from '../../platform/context.js';
import type { CacheContext } from '../../platform/caches.js';

export async function loadPrincipal({ db }: DbContext, userId: string): Promise<Principal | null> {
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return null;
  // the person with the ids of their roles, then the roles (the user-roles module's): two queries, cached below
  const rows = await db
    .select({ ...userColumns, roleId: userRoleAssignments.roleId })
    .from(users)
    .leftJoin(userRoleAssignments, eq(userRoleAssignments.userId, users.id))
    .where(eq(users.id, userId));
  const first = rows[0];
  if (!first || first.disabled) return null;
  const roleIds = rows.flatMap((r) => (r.roleId ? [r.roleId] : []));
  const actions = new Set<UserAction>();
  const gptSystemIds = new Set<string>();
  const dataSourceIds = new Set<string>();
  for (const role of await rolesByIds({ db }, roleIds)) {
    for (const a of role.actions ?? []) if (isUserAction(a)) actions.add(a);
    for (const id of role.entityConfiguration?.gptSystemIds ?? []) gptSystemIds.add(id);
    for (const id of role.entityConfiguration?.dataSourceIds ?? []) dataSourceIds.add(id);
  }
  return {
    userId: first.id,
    email: first.email,
    displayName: first.displayName,
    identityProvider: first.identityProvider as IdentityProvider,
    actions,
    roleIds,
    directoryGroups: first.directoryGroups,
    scopes: { gptSystemIds, dataSourceIds },
  };
}

const principals = ttlCache<Principal | null>({ name: 'users.principals', max: 10_000, ttlMs: 5_000 });

/**
 * The principal loader of the access hook, cached in this process for 5 s (platform/ttl-cache.ts): a request
 * then costs no query to learn who is calling. Writes to users and roles call invalidatePrincipal, which the
 * cache bus carries to the other processes when Redis is configured; without it (and for direct database edits)
 * they see the change within the TTL, so a disabled user or a removed role keeps working for at most that long.
 */
export function cachedPrincipalLoader(ctx: Pick<AppContext, 'db' | 'caches' | 'caches'>): (userId: string) => Promise<Principal | null> {
  return (userId) => principals.get(ctx, userId, () => loadPrincipal(ctx, userId));
}

/** Forgets the cached principal of one user, or of everyone (role changes); the next request reloads it. */
export function invalidatePrincipal(ctx: CacheContext, userId?: string): void {
  principals.delete(ctx, userId);
}
