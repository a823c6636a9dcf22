// Queries of sign-in: refresh sessions and the sign-in failure counters; people (looked up, provisioned)
// through the users module. No rules here; the service decides.
import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { BuiltInRoleKey } from '@atrium/contract';
import { refreshSessions, signInFailures } from '../../db/schema/index.js';
import * as accounts from '../users/users.accounts.js';

export type UserRow = accounts.AccountRow;
export type RefreshSessionRow = typeof refreshSessions.$inferSelect;
export type FailureCounter = Pick<typeof signInFailures.$inferSelect, 'key' | 'failures' | 'lastFailureAt' | 'blockedUntil'>;

export type ProfileUpdate = accounts.ProfileUpdate;

export class AuthRepository {
  constructor(readonly db: Db) {}

  // People: the users module's (users.accounts.ts)

  findUserByEmail(email: string): Promise<UserRow | null> {
    return accounts.findAccountByEmail(this, email);
  }

  findUserById(id: string): Promise<UserRow | null> {
    return accounts.findAccountById(this, id);
  }

  findUserByExternalSubject(identityProvider: string, subject: string): Promise<UserRow | null> {
    return accounts.findAccountByExternalSubject(this, identityProvider, subject);
  }

  markSignedIn(userId: string, at: Date): Promise<void> {
    return accounts.markSignedIn(this, userId, at);
  }

  updateFromIdentityProvider(userId: string, profile: ProfileUpdate, at: Date, link?: { identityProvider: string; externalSubject: string }): Promise<UserRow> {
    return accounts.updateFromIdentityProvider(this, userId, profile, at, link);
  }

  createExternalUser(values: ProfileUpdate & { identityProvider: string; externalSubject: string }, roleKey: BuiltInRoleKey, at: Date): Promise<UserRow> {
    return accounts.createExternalAccount(this, values, roleKey, at);
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

  /**
   * Deletes up to `limit` sessions that can no longer be used nor matter: expired before `expiredBefore`, or ended
   * before `endedBefore` (the access hook reads sessions ended within a token's lifetime); how many.
   */
  async purgeSessions(expiredBefore: Date, endedBefore: Date, limit: number): Promise<number> {
    const ids = this.db
      .select({ id: refreshSessions.id })
      .from(refreshSessions)
      .where(or(lt(refreshSessions.expiresAt, expiredBefore), lt(refreshSessions.revokedAt, endedBefore)))
      .limit(limit);
    const rows = await this.db.delete(refreshSessions).where(inArray(refreshSessions.id, ids)).returning({ id: refreshSessions.id });
    return rows.length;
  }

  /** Deletes up to `limit` failure counters idle since `idleBefore` and not blocking at `at`; how many. */
  async purgeFailures(idleBefore: Date, at: Date, limit: number): Promise<number> {
    const keys = this.db
      .select({ key: signInFailures.key })
      .from(signInFailures)
      .where(and(lt(signInFailures.lastFailureAt, idleBefore), or(isNull(signInFailures.blockedUntil), lt(signInFailures.blockedUntil, at))))
      .limit(limit);
    const rows = await this.db.delete(signInFailures).where(inArray(signInFailures.key, keys)).returning({ key: signInFailures.key });
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
