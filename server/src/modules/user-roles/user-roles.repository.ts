// Queries of the user roles module: roles, their actions and entity configuration, with user counts.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userRoleAssignments, userRoles } from '../../db/schema/index.js';

export type RoleRow = typeof userRoles.$inferSelect & { userCount: number };

const userCount = sql<number>`(select count(*)::int from ${userRoleAssignments} where ${userRoleAssignments.roleId} = ${userRoles.id})`;

const columns = {
  id: userRoles.id,
  name: userRoles.name,
  description: userRoles.description,
  builtInKey: userRoles.builtInKey,
  actions: userRoles.actions,
  entityConfiguration: userRoles.entityConfiguration,
  createdAt: userRoles.createdAt,
  updatedAt: userRoles.updatedAt,
  userCount,
};

export interface RolePageAfter {
  name: string;
  id: string;
}

/** Roles by name (unique), `limit` rows after `after`. */
export async function listRoles(db: Db, options: { nameContains: string | null; after: RolePageAfter | null; limit: number }): Promise<RoleRow[]> {
  const pattern = options.nameContains ? `%${options.nameContains.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return db
    .select(columns)
    .from(userRoles)
    .where(
      and(
        pattern ? sql`lower(${userRoles.name}) like ${pattern}` : undefined,
        options.after ? sql`(${userRoles.name}, ${userRoles.id}) > (${options.after.name}, ${options.after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(userRoles.name), asc(userRoles.id))
    .limit(options.limit);
}

export async function findRole(db: Db, id: string): Promise<RoleRow | null> {
  const [row] = await db.select(columns).from(userRoles).where(eq(userRoles.id, id));
  return row ?? null;
}

export async function nameTaken(db: Db, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: userRoles.id })
    .from(userRoles)
    .where(and(sql`lower(${userRoles.name}) = ${name.toLowerCase()}`, exceptId ? sql`${userRoles.id} <> ${exceptId}::uuid` : undefined));
  return row !== undefined;
}

export async function insertRole(db: Db, values: { name: string; description: string; actions: string[] }): Promise<string> {
  const [row] = await db.insert(userRoles).values(values).returning({ id: userRoles.id });
  return row!.id;
}

export async function updateRole(
  db: Db,
  id: string,
  values: { name?: string; description?: string; actions?: string[]; entityConfiguration?: { gptSystemIds: string[]; dataSourceIds: string[] } },
): Promise<void> {
  await db
    .update(userRoles)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(userRoles.id, id));
}

/** Assignments go with the role (on delete cascade). */
export async function deleteRole(db: Db, id: string): Promise<void> {
  await db.delete(userRoles).where(eq(userRoles.id, id));
}

export async function countRoles(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(userRoles);
  return row?.n ?? 0;
}
