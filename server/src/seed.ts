// First-start data: built-in roles and the bootstrap administrator. Idempotent: safe on every start.
import { eq, sql } from 'drizzle-orm';
import { DefaultUserActions, UserActions } from '@atrium/contract';
import type { AppContext } from './platform/context.js';
import { userRoleAssignments, userRoles, users } from './db/schema/index.js';
import { generatePassword, hashPassword } from './platform/passwords.js';

export interface SeedResult {
  /** set only when this start created the administrator with a generated password */
  generatedAdminPassword: string | null;
  adminCreated: boolean;
}

export async function seedBuiltInRoles(ctx: Pick<AppContext, 'db'>): Promise<{ adminRoleId: string; userRoleId: string }> {
  const { db } = ctx;
  await db
    .insert(userRoles)
    .values([
      { name: 'Administrator', builtInKey: 'Administrator', description: 'Every action on this instance.', actions: [...UserActions] },
      { name: 'User', builtInKey: 'User', description: 'Everyone who signs in: chat with the agents they may use.', actions: [...DefaultUserActions] },
    ])
    .onConflictDoNothing();
  // The Administrator role always holds every action, including ones added by later releases.
  await db.update(userRoles).set({ actions: [...UserActions], updatedAt: sql`now()` }).where(eq(userRoles.builtInKey, 'Administrator'));
  const roles = await db.select({ id: userRoles.id, key: userRoles.builtInKey }).from(userRoles).where(sql`${userRoles.builtInKey} is not null`);
  const adminRoleId = roles.find((r) => r.key === 'Administrator')?.id;
  const userRoleId = roles.find((r) => r.key === 'User')?.id;
  if (!adminRoleId || !userRoleId) throw new Error('Built-in roles are missing after seeding');
  return { adminRoleId, userRoleId };
}

/** The first start with no users creates ADMIN_EMAIL as administrator. */
export async function seedBootstrapAdmin(ctx: Pick<AppContext, 'db' | 'config'>, roles: { adminRoleId: string; userRoleId: string }): Promise<SeedResult> {
  const { db, config } = ctx;
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return { generatedAdminPassword: null, adminCreated: false };
  const password = config.adminPassword ?? generatePassword();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [admin] = await tx
      .insert(users)
      .values({ email: config.adminEmail, displayName: 'Administrator', passwordHash, identityProvider: 'Local' })
      .returning({ id: users.id });
    await tx.insert(userRoleAssignments).values([
      { userId: admin!.id, roleId: roles.adminRoleId },
      { userId: admin!.id, roleId: roles.userRoleId },
    ]);
  });
  return { generatedAdminPassword: config.adminPassword ? null : password, adminCreated: true };
}

export async function seed(ctx: AppContext): Promise<SeedResult> {
  const roles = await seedBuiltInRoles(ctx);
  return seedBootstrapAdmin(ctx, roles);
}

