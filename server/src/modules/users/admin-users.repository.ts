// Queries of the admin users API: people with their roles, keyset-paged by email, and the role
// assignments. No rules here; admin-users.service.ts decides.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userRoleAssignments, userRoles, users } from '../../db/schema/index.js';

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

export async function rolesOfUsers(db: Db, userIds: string[]): Promise<RoleRefRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: userRoleAssignments.userId, roleId: userRoles.id, name: userRoles.name, builtInKey: userRoles.builtInKey })
    .from(userRoleAssignments)
    .innerJoin(userRoles, eq(userRoles.id, userRoleAssignments.roleId))
    .where(inArray(userRoleAssignments.userId, userIds))
    .orderBy(asc(userRoles.name));
}

export async function findRole(db: Db, roleId: string): Promise<{ id: string; name: string; builtInKey: string | null } | null> {
  const [row] = await db.select({ id: userRoles.id, name: userRoles.name, builtInKey: userRoles.builtInKey }).from(userRoles).where(eq(userRoles.id, roleId));
  return row ?? null;
}

export async function findBuiltInRoleId(db: Db, key: 'Administrator' | 'User'): Promise<string | null> {
  const [row] = await db.select({ id: userRoles.id }).from(userRoles).where(eq(userRoles.builtInKey, key));
  return row?.id ?? null;
}

/** Locks the Administrator role row until the transaction ends: "last administrator" checks run one at a time. */
export async function lockAdministratorRole(db: Db): Promise<string | null> {
  const rows = await db.execute<{ id: string }>(sql`select id from ${userRoles} where ${userRoles.builtInKey} = 'Administrator' for update`);
  const list = (Array.isArray(rows) ? rows : (rows as { rows: { id: string }[] }).rows) as { id: string }[];
  return list[0]?.id ?? null;
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
