// Queries of the users module: people and the roles assigned to them.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userRoleAssignments, userRoles, users, type DirectoryGroupRow } from '../../db/schema/index.js';

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

export async function listAssignedRoles(db: Db, userId: string): Promise<AssignedRoleRecord[]> {
  return db
    .select({ id: userRoles.id, name: userRoles.name, builtInKey: userRoles.builtInKey, actions: userRoles.actions })
    .from(userRoleAssignments)
    .innerJoin(userRoles, eq(userRoles.id, userRoleAssignments.roleId))
    .where(eq(userRoleAssignments.userId, userId))
    .orderBy(asc(userRoles.name));
}
