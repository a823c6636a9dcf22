// Queries of sign-in: users looked up by email or external subject, just-in-time provisioning,
// refresh sessions and the sign-in failure counters. No rules here; the service decides.
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { refreshSessions, signInFailures, userRoleAssignments, userRoles, users, type DirectoryGroupRow } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;
export type RefreshSessionRow = typeof refreshSessions.$inferSelect;
export type FailureCounter = Pick<typeof signInFailures.$inferSelect, 'key' | 'failures' | 'lastFailureAt' | 'blockedUntil'>;

export interface ProfileUpdate {
  email: string;
  displayName: string;
  directoryGroups: DirectoryGroupRow[];
}

export class AuthRepository {
  constructor(private readonly db: Db) {}

  async findUserByEmail(email: string): Promise<UserRow | null> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    return row ?? null;
  }

  async findUserById(id: string): Promise<UserRow | null> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row ?? null;
  }

  async findUserByExternalSubject(identityProvider: string, subject: string): Promise<UserRow | null> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.identityProvider, identityProvider), eq(users.externalSubject, subject)));
    return row ?? null;
  }

  async markSignedIn(userId: string, at: Date): Promise<void> {
    await this.db.update(users).set({ lastSignInAt: at }).where(eq(users.id, userId));
  }

  /** Refreshes what the identity provider says about a person; links the subject when given. */
  async updateFromIdentityProvider(
    userId: string,
    profile: ProfileUpdate,
    at: Date,
    link?: { identityProvider: string; externalSubject: string },
  ): Promise<UserRow> {
    const [row] = await this.db
      .update(users)
      .set({ ...profile, ...(link ?? {}), lastSignInAt: at, updatedAt: at })
      .where(eq(users.id, userId))
      .returning();
    return row!;
  }

  /** Creates a person signing in for the first time, holding the built-in role `roleKey`. */
  async createExternalUser(values: ProfileUpdate & { identityProvider: string; externalSubject: string }, roleKey: string, at: Date): Promise<UserRow> {
    return this.db.transaction(async (tx) => {
      const [role] = await tx.select({ id: userRoles.id }).from(userRoles).where(eq(userRoles.builtInKey, roleKey));
      if (!role) throw new Error(`Built-in role ${roleKey} is missing`);
      const [user] = await tx
        .insert(users)
        .values({ ...values, passwordHash: null, lastSignInAt: at, createdAt: at, updatedAt: at })
        .returning();
      await tx.insert(userRoleAssignments).values({ userId: user!.id, roleId: role.id });
      return user!;
    });
  }

  // Refresh sessions

  async createRefreshSession(values: {
    userId: string;
    tokenHash: string;
    expiresAt: Date;
    userAgent: string | null;
    address: string | null;
    at: Date;
  }): Promise<string> {
    const { at, ...rest } = values;
    const [row] = await this.db
      .insert(refreshSessions)
      .values({ ...rest, createdAt: at, lastUsedAt: at })
      .returning({ id: refreshSessions.id });
    return row!.id;
  }

  async findRefreshSession(tokenHash: string): Promise<RefreshSessionRow | null> {
    const [row] = await this.db.select().from(refreshSessions).where(eq(refreshSessions.tokenHash, tokenHash));
    return row ?? null;
  }

  /**
   * Swaps the secret of a live session. Compare-and-swap on the old hash: of two concurrent uses
   * of one secret only one succeeds.
   */
  async rotateRefreshSession(id: string, oldHash: string, newHash: string, expiresAt: Date, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(refreshSessions)
      .set({ tokenHash: newHash, lastUsedAt: at, expiresAt })
      .where(and(eq(refreshSessions.id, id), eq(refreshSessions.tokenHash, oldHash), isNull(refreshSessions.revokedAt), gt(refreshSessions.expiresAt, at)))
      .returning({ id: refreshSessions.id });
    return rows.length === 1;
  }

  async revokeRefreshSession(id: string, at: Date): Promise<void> {
    await this.db
      .update(refreshSessions)
      .set({ revokedAt: at })
      .where(and(eq(refreshSessions.id, id), isNull(refreshSessions.revokedAt)));
  }

  async revokeRefreshSessionByHash(tokenHash: string, at: Date): Promise<void> {
    await this.db
      .update(refreshSessions)
      .set({ revokedAt: at })
      .where(and(eq(refreshSessions.tokenHash, tokenHash), isNull(refreshSessions.revokedAt)));
  }

  /**
   * Ends the session a token names (logout with a bearer token). A session with no row (single sign-on has no
   * refresh cookie) is recorded as ended, with a token hash no secret can have (a secret's is 64 hex digits),
   * kept until the token would have expired. Another person's session is left alone.
   */
  async endSession(values: { id: string; userId: string; tokenExpiresAt: Date; at: Date }): Promise<void> {
    await this.db
      .insert(refreshSessions)
      .values({
        id: values.id,
        userId: values.userId,
        tokenHash: `ended:${values.id}`,
        createdAt: values.at,
        lastUsedAt: values.at,
        expiresAt: values.tokenExpiresAt,
        revokedAt: values.at,
      })
      .onConflictDoUpdate({
        target: refreshSessions.id,
        set: { revokedAt: sql`coalesce(${refreshSessions.revokedAt}, excluded.revoked_at)` },
        setWhere: sql`${refreshSessions.userId} = excluded.user_id`,
      });
  }

  /** Ids of sessions ended (revoked) since `since`: the tokens minted in them may still be unexpired. */
  async sessionsEndedSince(since: Date): Promise<string[]> {
    const rows = await this.db.select({ id: refreshSessions.id }).from(refreshSessions).where(gt(refreshSessions.revokedAt, since));
    return rows.map((r) => r.id);
  }

  /** Ends every open refresh session of a person (they were disabled): their cookie no longer renews. */
  async revokeAllRefreshSessionsOf(userId: string, at: Date): Promise<number> {
    const rows = await this.db
      .update(refreshSessions)
      .set({ revokedAt: at })
      .where(and(eq(refreshSessions.userId, userId), isNull(refreshSessions.revokedAt)))
      .returning({ id: refreshSessions.id });
    return rows.length;
  }

  // Sign-in failure counters

  async findFailureCounters(keys: string[]): Promise<FailureCounter[]> {
    return this.db
      .select({
        key: signInFailures.key,
        failures: signInFailures.failures,
        lastFailureAt: signInFailures.lastFailureAt,
        blockedUntil: signInFailures.blockedUntil,
      })
      .from(signInFailures)
      .where(inArray(signInFailures.key, keys));
  }

  /**
   * Counts one failure atomically (an upsert, so concurrent processes cannot lose one) and
   * returns the new count. A counter idle since `forgetBefore` starts again from one.
   */
  async recordFailure(key: string, at: Date, forgetBefore: Date): Promise<number> {
    const [row] = await this.db
      .insert(signInFailures)
      .values({ key, failures: 1, lastFailureAt: at })
      .onConflictDoUpdate({
        target: signInFailures.key,
        set: {
          failures: sql`case when ${signInFailures.lastFailureAt} < ${forgetBefore.toISOString()}::timestamptz then 1 else ${signInFailures.failures} + 1 end`,
          lastFailureAt: at,
        },
      })
      .returning({ failures: signInFailures.failures });
    return row!.failures;
  }

  async blockUntil(key: string, until: Date): Promise<void> {
    await this.db.update(signInFailures).set({ blockedUntil: until }).where(eq(signInFailures.key, key));
  }

  async clearFailures(key: string): Promise<void> {
    await this.db.delete(signInFailures).where(eq(signInFailures.key, key));
  }
}
