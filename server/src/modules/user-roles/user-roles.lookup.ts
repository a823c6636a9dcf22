// What other modules may ask of roles without reaching into the module's table: the users module resolves
// people's actions and shows their roles, the chat access policies name them, the auth module gives the
// built-in User role at first sign-in.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { BuiltInRoleKey } from '@atrium/contract';
import { userRoles } from '../../db/schema/index.js';
import type { DbContext } from '../../platform/context.js';

export interface RoleFacts {
  id: string;
  name: string;
  builtInKey: string | null;
  actions: string[];
  entityConfiguration: typeof userRoles.$inferSelect.entityConfiguration;
}

const facts = {
  id: userRoles.id,
  name: userRoles.name,
  builtInKey: userRoles.builtInKey,
  actions: userRoles.actions,
  entityConfiguration: userRoles.entityConfiguration,
};

/** The roles with these ids, by name. */
export async function rolesByIds({ db }: DbContext, ids: readonly string[]): Promise<RoleFacts[]> {
  if (ids.length === 0) return [];
  return db
    .select(facts)
    .from(userRoles)
    .where(inArray(userRoles.id, [...new Set(ids)]))
    .orderBy(asc(userRoles.name));
}

/** Names of these roles (all when no ids are given), by name. */
export async function roleNames({ db }: DbContext, ids?: readonly string[]): Promise<Array<{ userRoleId: string; name: string }>> {
  if (ids && ids.length === 0) return [];
  return db
    .select({ userRoleId: userRoles.id, name: userRoles.name })
    .from(userRoles)
    .where(ids ? inArray(userRoles.id, [...ids]) : undefined)
    .orderBy(asc(userRoles.name));
}

export async function builtInRoleId({ db }: DbContext, key: BuiltInRoleKey): Promise<string | null> {
  const [row] = await db.select({ id: userRoles.id }).from(userRoles).where(eq(userRoles.builtInKey, key));
  return row?.id ?? null;
}

/** Locks the Administrator role row until the transaction ends: "last administrator" checks run one at a time. */
export async function lockAdministratorRole({ db: tx }: DbContext): Promise<string | null> {
  const rows = await tx.execute<{ id: string }>(sql`select id from ${userRoles} where ${userRoles.builtInKey} = 'Administrator' for update`);
  const list = (Array.isArray(rows) ? rows : (rows as { rows: { id: string }[] }).rows) as { id: string }[];
  return list[0]?.id ?? null;
}
