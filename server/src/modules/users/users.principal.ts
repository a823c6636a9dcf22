// Resolves the caller of a request: an enabled user with the union of their roles' actions.
import { eq } from 'drizzle-orm';
import { isUserAction, type IdentityProvider, type UserAction } from '@atrium/contract';
import type { Db } from '../../db/client.js';
import { userRoleAssignments, userRoles, users } from '../../db/schema/index.js';
import type { Principal } from '../../platform/access.js';

export async function loadPrincipal(db: Db, userId: string): Promise<Principal | null> {
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return null;
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      identityProvider: users.identityProvider,
      disabled: users.disabled,
      directoryGroups: users.directoryGroups,
      roleId: userRoles.id,
      actions: userRoles.actions,
      entityConfiguration: userRoles.entityConfiguration,
    })
    .from(users)
    .leftJoin(userRoleAssignments, eq(userRoleAssignments.userId, users.id))
    .leftJoin(userRoles, eq(userRoles.id, userRoleAssignments.roleId))
    .where(eq(users.id, userId));
  const first = rows[0];
  if (!first || first.disabled) return null;
  const actions = new Set<UserAction>();
  const gptSystemIds = new Set<string>();
  const dataSourceIds = new Set<string>();
  const roleIds: string[] = [];
  for (const row of rows) {
    if (!row.roleId) continue;
    roleIds.push(row.roleId);
    for (const a of row.actions ?? []) if (isUserAction(a)) actions.add(a);
    for (const id of row.entityConfiguration?.gptSystemIds ?? []) gptSystemIds.add(id);
    for (const id of row.entityConfiguration?.dataSourceIds ?? []) dataSourceIds.add(id);
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
