// Queries of the admin users API: people with their roles, keyset-paged by email, and the role
// assignments. No rules here; admin-users.service.ts decides.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userRoleAssignments, users } from '../../db/schema/index.js';
import type { DbOrTx } from '../../platform/audit.js';
import { rolesByIds } from '../user-roles/user-roles.lookup.js';

export interface AdminUserRow {
  id: string;
  email: string;
  displayName: string;
  identityProvider: string;
  disabled: boolean;
  hasPassword: boolean;
  lastSignInAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface RoleRefRow {
  userId: string;
  roleId: string;
  name: string;
  builtInKey: string | null;
}

const columns = {
  id: users.id,
  email: users.email,
  displayName: users.displayName,
  identityProvider: users.identityProvider,
  disabled: users.disabled,
  hasPassword: sql<boolean>`${users.passwordHash} is not null`,
  lastSignInAt: users.lastSignInAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

const emailKey = sql<string>`lower(${users.email})`;

export interface UserPageAfter {
  email: string;
  id: string;
}

/** Users ordered by lower(email) (the unique index), `limit` rows after `after`; optionally only a role's users. */
export async function listUsers(
  db: Db,
  options: { emailContains: string | null; roleId: string | null; after: UserPageAfter | null; limit: number },
): Promise<AdminUserRow[]> {
  const { emailContains, roleId, after, limit } = options;
  // like-escape, so that "_" and "%" in a filter match themselves
  const pattern = emailContains ? `%${emailContains.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    pattern ? sql`${emailKey} like ${pattern}` : undefined,
    after ? sql`(${emailKey}, ${users.id}) > (${after.email}, ${after.id}::uuid)` : undefined,
    roleId
      ? sql`exists (select 1 from ${userRoleAssignments} where ${userRoleAssignments.userId} = ${users.id} and ${userRoleAssignments.roleId} = ${roleId}::uuid)`
      : undefined,
  );
  return db.select(columns).from(users).where(where).orderBy(asc(emailKey), asc(users.id)).limit(limit);
}

export async function findUser(db: Db, userId: string): Promise<AdminUserRow | null> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${emailKey} = ${email.toLowerCase()}`);
  return row !== undefined;
}

export async function insertLocalUser(db: Db, values: { email: string; displayName: string; passwordHash: string }): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({ ...values, identityProvider: 'Local' })
    .returning({ id: users.id });
  return row!.id;
}

export async function updateUser(db: Db, userId: string, values: { displayName?: string; disabled?: boolean }): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** Each user's roles, by role name (the roles themselves are the user-roles module's). */
export async function rolesOfUsers(db: DbOrTx, userIds: string[]): Promise<RoleRefRow[]> {
  if (userIds.length === 0) return [];
  const assigned = await db
    .select({ userId: userRoleAssignments.userId, roleId: userRoleAssignments.roleId })
    .from(userRoleAssignments)
    .where(inArray(userRoleAssignments.userId, userIds));
  const roles = await rolesByIds(
    { db },
    assigned.map((a) => a.roleId),
  );
  return roles.flatMap((role) =>
    assigned.filter((a) => a.roleId === role.id).map((a) => ({ userId: a.userId, roleId: role.id, name: role.name, builtInKey: role.builtInKey })),
  );
}

/** Enabled users holding the role, other than `exceptUserId`. */
export async function countOtherEnabledHolders(db: Db, roleId: string, exceptUserId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userRoleAssignments)
    .innerJoin(users, eq(users.id, userRoleAssignments.userId))
    .where(and(eq(userRoleAssignments.roleId, roleId), eq(users.disabled, false), sql`${users.id} <> ${exceptUserId}::uuid`));
  return row?.n ?? 0;
}

export async function hasRole(db: Db, userId: string, roleId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: userRoleAssignments.userId })
    .from(userRoleAssignments)
    .where(and(eq(userRoleAssignments.userId, userId), eq(userRoleAssignments.roleId, roleId)));
  return row !== undefined;
}

export async function addRole(db: Db, userId: string, roleId: string): Promise<void> {
  await db.insert(userRoleAssignments).values({ userId, roleId }).onConflictDoNothing();
}

export async function removeRole(db: Db, userId: string, roleId: string): Promise<void> {
  await db.delete(userRoleAssignments).where(and(eq(userRoleAssignments.userId, userId), eq(userRoleAssignments.roleId, roleId)));
}

export async function countUsers(db: Db): Promise<{ total: number; active: number }> {
  const [row] = await db.select({ total: sql<number>`count(*)::int`, active: sql<number>`count(*) filter (where not ${users.disabled})::int` }).from(users);
  return { total: row?.total ?? 0, active: row?.active ?? 0 };
}
