// The rules of signing in: local passwords (throttled, one vague error), refresh sessions behind
// the httpOnly cookie (rotated at every use), and OpenID tokens with just-in-time provisioning.
// Issues the platform token for whoever passes.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { AuthErrorCodes, ErrorCodes, type IdentityProvider } from '@atrium/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { OidcConfig } from '../../config.js';
import { AppError, conflict, unauthenticated } from '../../platform/errors.js';
import { dummyPasswordHash, verifyPassword } from '../../platform/passwords.js';
import type { TokenService } from '../../platform/tokens.js';
import { AuthRepository, type UserRow } from './auth.repository.js';
import { OidcProviderUnavailable, OidcTokenInvalid, type OidcVerifier } from './oidc.verifier.js';
import type { SignInThrottle } from './sign-in-throttle.js';
import type { DbContext } from '../../platform/context.js';

export const RefreshSessionDays = 14;

/**
 * Ends a person's refresh sessions, for the admin users module when someone is disabled: enabling them
 * again later must not bring an old cookie back to life. Runs on the caller's transaction.
 */
export async function revokeSessionsOfUser({ db }: DbContext, userId: string): Promise<number> {
  return new AuthRepository(db).revokeAllRefreshSessionsOf(userId, new Date());
}
const RefreshSessionMs = RefreshSessionDays * 24 * 60 * 60 * 1000;
const OidcProvider: IdentityProvider = 'EntraId';

export interface ClientInfo {
  address: string;
  userAgent: string | null;
}

export interface SignInResult {
  token: string;
  /** the refresh cookie's new secret; absent when the cookie should be left as it is */
  refreshSecret?: string;
}

/** One answer for every way a password sign-in can fail, so it reveals nothing about the account. */
export const invalidCredentials = () => new AppError(ErrorCodes.invalidCredentials, 401, 'The user name or password is incorrect.');

/** A refresh cookie that cannot be used any more; `clearCookie` when it can never work again. */
export class RefreshRejected extends AppError {
  constructor(readonly clearCookie: boolean) {
    super(ErrorCodes.unauthenticated, 401, 'Your session has ended. Sign in again.');
  }
}

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export interface AuthServiceDeps {
  repository: AuthRepository;
  throttle: SignInThrottle;
  tokens: TokenService;
  oidc: { config: OidcConfig; verifier: OidcVerifier } | null;
  localSignIn: boolean;
  logger: FastifyBaseLogger;
  now?: () => Date;
  /** told after sign-in re-provisioned a user (profile, groups), so that cached principals reload */
  userChanged?: (userId: string) => void;
  /** told after a logout ended sessions, so that their tokens stop working here at once */
  sessionsEnded?: () => void;
  /** runs at every successful sign-in (password, refresh cookie, single sign-on) before the token is issued */
  signedIn?: (user: UserRow) => Promise<void>;
}

/** The token being logged out with: its session ends, and every token minted in it. */
export interface LoggedOutToken {
  sub: string;
  sid?: string;
  exp: number;
}

export class AuthService {
  private readonly now: () => Date;

  constructor(private readonly deps: AuthServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async signInWithPassword(userName: string, password: string, client: ClientInfo): Promise<SignInResult> {
    this.assertLocalSignIn();
    const { repository, throttle } = this.deps;
    const email = userName.trim().toLowerCase();
    await throttle.assertAllowed(email, client.address, this.now());

    const user = email ? await repository.findUserByEmail(email) : null;
    // Unknown users cost a hash comparison too, so the answer time does not tell who exists.
    const passwordOk = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
    if (!user || !user.passwordHash || !passwordOk || user.disabled) {
      await throttle.recordFailure(email, client.address, this.now());
      throw invalidCredentials();
    }
    await throttle.recordSuccess(email, client.address);

    const at = this.now();
    await repository.markSignedIn(user.id, at);
    const refreshSecret = newSecret();
    const sessionId = await repository.createRefreshSession({
      userId: user.id,
      tokenHash: hashSecret(refreshSecret),
      expiresAt: new Date(at.getTime() + RefreshSessionMs),
      userAgent: client.userAgent?.slice(0, 500) ?? null,
      address: client.address,
      at,
    });
    await this.signedIn(user);
    return { token: await this.issue(user, 'Local', sessionId), refreshSecret };
  }

  /** Renews a local session from the refresh cookie; the old secret stops working. */
  async signInWithRefreshCookie(secret: string | undefined): Promise<SignInResult> {
    this.assertLocalSignIn();
    if (!secret) throw new RefreshRejected(false);
    const { repository } = this.deps;
    const at = this.now();
    const oldHash = hashSecret(secret);
    const session = await repository.findRefreshSession(oldHash);
    // Unknown secret: perhaps another tab just rotated it and the browser already holds the new
    // one, so the cookie is left alone rather than cleared under that tab's feet.
    if (!session) throw new RefreshRejected(false);
    if (session.revokedAt || session.expiresAt <= at) throw new RefreshRejected(true);

    const user = await repository.findUserById(session.userId);
    if (!user || user.disabled) {
      await repository.revokeRefreshSession(session.id, at);
      throw new RefreshRejected(true);
    }
    const refreshSecret = newSecret();
    const rotated = await repository.rotateRefreshSession(session.id, oldHash, hashSecret(refreshSecret), new Date(at.getTime() + RefreshSessionMs), at);
    if (!rotated) throw new RefreshRejected(false);
    await repository.markSignedIn(user.id, at);
    await this.signedIn(user);
    return { token: await this.issue(user, 'Local', session.id), refreshSecret };
  }

  /**
   * Ends the session of the refresh cookie and the one the bearer token was minted in (usually the same;
   * single sign-on has only the token), so that neither the cookie nor any token of the session works again.
   */
  async logout(secret: string | undefined, token: LoggedOutToken | null): Promise<void> {
    const { repository } = this.deps;
    const at = this.now();
    if (secret) await repository.revokeRefreshSessionByHash(hashSecret(secret), at);
    if (token?.sid) await repository.endSession({ id: token.sid, userId: token.sub, tokenExpiresAt: new Date(token.exp * 1000), at });
    if (secret || token?.sid) this.deps.sessionsEnded?.();
  }

  async signInWithOidc(idpToken: string | undefined): Promise<SignInResult> {
    const oidc = this.deps.oidc;
    if (!oidc) throw new AppError(AuthErrorCodes.oidcNotConfigured, 404, 'Sign-in with an identity provider is not configured on this instance.');
    if (!idpToken) throw unauthenticated('Send the identity provider token as idToken, accessToken or token, or in the Authorization header.');

    let identity;
    try {
      identity = await oidc.verifier.verify(idpToken);
    } catch (e) {
      if (e instanceof OidcTokenInvalid) throw unauthenticated('The identity provider token is not valid.');
      if (e instanceof OidcProviderUnavailable) {
        this.deps.logger.warn({ reason: e.message }, 'identity provider unavailable');
        throw new AppError(AuthErrorCodes.identityProviderUnavailable, 502, 'The identity provider could not be reached. Try again later.');
      }
      throw e;
    }
    if (!identity.email) throw unauthenticated('The identity provider did not say who you are: the token has no email, preferred_username or upn claim.');

    const user = await this.provision({ ...identity, email: identity.email });
    this.deps.userChanged?.(user.id);
    if (user.disabled) throw unauthenticated('Your account is not active.');
    await this.signedIn(user);
    // no refresh cookie here: each sign-in with the provider's token is a session of its own
    return { token: await this.issue(user, OidcProvider, randomUUID()) };
  }

  private async provision(
    identity: { subject: string; email: string; displayName: string | null; directoryGroups: UserRow['directoryGroups'] | null },
    retried = false,
  ): Promise<UserRow> {
    const { repository } = this.deps;
    const at = this.now();
    const profile = (current: UserRow | null) => ({
      email: identity.email,
      displayName: identity.displayName ?? current?.displayName ?? identity.email,
      directoryGroups: identity.directoryGroups ?? current?.directoryGroups ?? [],
    });

    const known = await repository.findUserByExternalSubject(OidcProvider, identity.subject);
    if (known) {
      if (known.disabled) return known;
      const next = profile(known);
      // A changed email that another account already uses would break the unique index: keep the old one.
      if (next.email !== known.email.toLowerCase()) {
        const holder = await repository.findUserByEmail(next.email);
        if (holder && holder.id !== known.id) {
          this.deps.logger.warn({ userId: known.id }, 'identity provider email belongs to another account; keeping the stored email');
          next.email = known.email;
        }
      }
      return repository.updateFromIdentityProvider(known.id, next, at);
    }

    const byEmail = await repository.findUserByEmail(identity.email);
    if (byEmail) {
      if (byEmail.passwordHash !== null) {
        throw conflict(
          'An account with a password already uses this email address. Sign in with the password, or ask an administrator to convert the account.',
        );
      }
      if (byEmail.externalSubject !== null) {
        throw conflict('This email address belongs to an account that signs in with another identity.');
      }
      if (byEmail.disabled) return byEmail;
      // Pre-provisioned by an administrator (no password, no subject yet): this person claims it.
      return repository.updateFromIdentityProvider(byEmail.id, profile(byEmail), at, { identityProvider: OidcProvider, externalSubject: identity.subject });
    }

    try {
      return await repository.createExternalUser({ ...profile(null), identityProvider: OidcProvider, externalSubject: identity.subject }, 'User', at);
    } catch (e) {
      // Two first sign-ins of one person at once: the loser finds what the winner created.
      if (!retried && isUniqueViolation(e)) return this.provision(identity, true);
      throw e;
    }
  }

  private assertLocalSignIn(): void {
    if (!this.deps.localSignIn) {
      throw new AppError(AuthErrorCodes.localSignInDisabled, 404, 'Sign-in with a password is turned off on this instance.');
    }
  }

  /** What other modules do at sign-in must not keep a person out: a failure is logged, the sign-in goes on. */
  private async signedIn(user: UserRow): Promise<void> {
    try {
      await this.deps.signedIn?.(user);
    } catch (e) {
      this.deps.logger.error({ err: e, userId: user.id }, 'work at sign-in failed');
    }
  }

  private issue(user: UserRow, identityProvider: IdentityProvider, sessionId: string): Promise<string> {
    return this.deps.tokens.sign({ userId: user.id, email: user.email, displayName: user.displayName, identityProvider, sessionId });
  }
}

function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

function isUniqueViolation(e: unknown): boolean {
  for (let cur: unknown = e; cur && typeof cur === 'object'; cur = (cur as { cause?: unknown }).cause) {
    if ((cur as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
