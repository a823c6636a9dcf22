// Queries of the users module: people and the roles assigned to them.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userRoleAssignments, users, type DirectoryGroupRow } from '../../db/schema/index.js';
import { rolesByIds } from '../user-roles/user-roles.lookup.js';

export interface UserRecord {
  id: string;
  email: string;
  displayName: string;
  identityProvider: string;
  disabled: boolean;
  directoryGroups: DirectoryGroupRow[];
}

export interface AssignedRoleRecord {
  id: string;
  name: string;
  builtInKey: string | null;
  actions: string[];
}

/** The columns of a user that requests need (the principal loader selects them too). */
export const userColumns = {
  id: users.id,
  email: users.email,
  displayName: users.displayName,
  identityProvider: users.identityProvider,
  disabled: users.disabled,
  directoryGroups: users.directoryGroups,
};

export async function findUserById(db: Db, userId: string): Promise<UserRecord | null> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** The ids of the roles a person holds. */
export async function assignedRoleIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select({ roleId: userRoleAssignments.roleId }).from(userRoleAssignments).where(eq(userRoleAssignments.userId, userId));
  return rows.map((r) => r.roleId);
}

/** The roles a person holds, by name (the roles themselves are the user-roles module's). */
export async function listAssignedRoles(db: Db, userId: string): Promise<AssignedRoleRecord[]> {
  const roles = await rolesByIds({ db }, await assignedRoleIds(db, userId));
  return roles.map(({ id, name, builtInKey, actions }) => ({ id, name, builtInKey, actions }));
}
