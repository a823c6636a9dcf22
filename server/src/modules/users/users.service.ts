// Rules of the users module: what a person may do, resolved from the roles assigned to them.
import { UserActions, isUserAction, type UserAction, type UserRolesWithResolvedActions } from '@atrium/contract';
import { notFound } from '../../platform/errors.js';
import { findUserById, listAssignedRoles } from './users.repository.js';
import { invalidatePrincipal } from './users.principal.js';
import type { DbContext } from '../../platform/context.js';
import type { CacheContext } from '../../platform/caches.js';

/** Keeps the enum's order so that clients and tests see a stable list; drops actions a later release removed. */
const knownActions = (actions: Iterable<string>): UserAction[] => {
  const held = new Set(actions);
  return UserActions.filter((a) => held.has(a));
};

export async function getUserRolesWithResolvedActions({ db }: DbContext, userId: string): Promise<UserRolesWithResolvedActions> {
  const user = await findUserById(db, userId);
  if (!user || user.disabled) throw notFound('The user');
  const roles = await listAssignedRoles(db, userId);
  const resolved = new Set<UserAction>();
  for (const role of roles) for (const a of role.actions) if (isUserAction(a)) resolved.add(a);
  return {
    userId: user.id,
    displayName: user.displayName,
    emailAddress: user.email,
    identityProvider: user.identityProvider,
    userRoles: roles.map((r) => ({ userRoleId: r.id, name: r.name, isBuiltIn: r.builtInKey !== null, userActions: knownActions(r.actions) })),
    resolvedActions: knownActions(resolved),
    // docs/product.md §3: directory groups are kept sorted ascending by displayName
    directoryGroups: [...user.directoryGroups].sort((a, b) => a.displayName.localeCompare(b.displayName)),
  };
}

/**
 * Call after any write to a user, their role assignments or (without userId) to roles: the access
 * hook caches principals for a few seconds, and this process must see a disabled user at once.
 */
export function userChanged(ctx: CacheContext, userId?: string): void {
  invalidatePrincipal(ctx, userId);
}
