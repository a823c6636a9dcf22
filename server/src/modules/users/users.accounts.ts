// The users module's part of signing in: people looked up by email or by their identity provider's
// subject, marked as signed in, refreshed from what the provider says, or created at their first single
// sign-on with a built-in role. The auth module calls these; it keeps only sessions and throttling.
import { and, eq, sql } from 'drizzle-orm';
import type { BuiltInRoleKey } from '@atrium/contract';
import { userRoleAssignments, users, type DirectoryGroupRow } from '../../db/schema/index.js';
import { builtInRoleId } from '../user-roles/user-roles.lookup.js';
import type { DbContext } from '../../platform/context.js';

export type AccountRow = typeof users.$inferSelect;

export interface ProfileUpdate {
  email: string;
  displayName: string;
  directoryGroups: DirectoryGroupRow[];
}

export async function findAccountByEmail({ db }: DbContext, email: string): Promise<AccountRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row ?? null;
}

export async function findAccountById({ db }: DbContext, id: string): Promise<AccountRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function findAccountByExternalSubject({ db }: DbContext, identityProvider: string, subject: string): Promise<AccountRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.identityProvider, identityProvider), eq(users.externalSubject, subject)));
  return row ?? null;
}

export async function markSignedIn({ db }: DbContext, userId: string, at: Date): Promise<void> {
  await db.update(users).set({ lastSignInAt: at }).where(eq(users.id, userId));
}

/** Refreshes what the identity provider says about a person; links the subject when given. */
export async function updateFromIdentityProvider(
  { db }: DbContext,
  userId: string,
  profile: ProfileUpdate,
  at: Date,
  link?: { identityProvider: string; externalSubject: string },
): Promise<AccountRow> {
  const [row] = await db
    .update(users)
    .set({ ...profile, ...(link ?? {}), lastSignInAt: at, updatedAt: at })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}

/** Creates a person signing in for the first time, holding the built-in role `roleKey`. */
export async function createExternalAccount(
  { db }: DbContext,
  values: ProfileUpdate & { identityProvider: string; externalSubject: string },
  roleKey: BuiltInRoleKey,
  at: Date,
): Promise<AccountRow> {
  return db.transaction(async (tx) => {
    const roleId = await builtInRoleId({ db: tx }, roleKey);
    if (!roleId) throw new Error(`Built-in role ${roleKey} is missing`);
    const [user] = await tx
      .insert(users)
      .values({ ...values, passwordHash: null, lastSignInAt: at, createdAt: at, updatedAt: at })
      .returning();
    await tx.insert(userRoleAssignments).values({ userId: user!.id, roleId });
    return user!;
  });
}
