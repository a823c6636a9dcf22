// Local sign-in over HTTP: passwords, the one vague error, throttling, the refresh cookie, logout,
// bearer checking, and bad input.
import { createHash, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { eq, sql } from 'drizzle-orm';
import { RefreshCookieName, TokenVersion } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { refreshSessions, signInFailures, users } from '../../db/schema/index.js';
import { TokenService } from '../../platform/tokens.js';
import { EndedSessionsTtlMs } from './auth.sessions.js';

const url = '/api/internal/authorization/Local/GenerateToken';
let t: TestApp;
let addressCounter = 0;
/** A client address of its own per test, so that address counters do not leak between tests. */
const newAddress = () => `10.0.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signIn = (body: unknown, options: { address?: string; cookie?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress: options.address ?? newAddress(),
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    headers: options.cookie ? { cookie: `${RefreshCookieName}=${options.cookie}` } : {},
  });

interface SetCookie {
  name: string;
  value: string;
  [attribute: string]: unknown;
}
const refreshCookieOf = (res: { cookies: SetCookie[] }) => res.cookies.find((c) => c.name === RefreshCookieName);

describe('POST /authorization/Local/GenerateToken with a password', () => {
  it('issues the platform token of docs/wire-protocol.md for the right password, whatever the case of the email', async () => {
    const user = await t.createUser({ email: 'grace@example.test', displayName: 'Grace Hopper' });
    const res = await signIn({ userName: 'Grace@Example.TEST', password: user.password });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const claims = decodeJwt(res.json<{ n1AIToken: string }>().n1AIToken);
    expect(claims).toMatchObject({ sub: user.id, ip: 'Local', email: 'grace@example.test', name: 'Grace Hopper', v: TokenVersion });
    expect(claims.exp! - claims.iat!).toBe(1800);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.lastSignInAt).not.toBeNull();
  });

  it('gives one answer that does not say what was wrong: bad password, unknown user, disabled user', async () => {
    const user = await t.createUser();
    const disabled = await t.createUser({ disabled: true });
    const answers = [
      await signIn({ userName: user.email, password: 'wrong password' }),
      await signIn({ userName: 'nobody@example.test', password: user.password }),
      await signIn({ userName: disabled.email, password: disabled.password }),
      await signIn({ userName: user.email }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'invalid_credentials', message: 'The user name or password is incorrect.', details: [] });
      expect(refreshCookieOf(res)).toBeUndefined();
    }
  });

  it('blocks the address that guessed at an account after 5 failures, even for the right password, with Retry-After', async () => {
    const user = await t.createUser();
    const address = newAddress();
    for (let i = 0; i < 5; i++) expect((await signIn({ userName: user.email, password: `guess ${i}` }, { address })).statusCode).toBe(401);
    const blocked = await signIn({ userName: user.email, password: user.password }, { address });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'too_many_attempts', details: [] });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15);
    const [row] = await t.ctx.db
      .select()
      .from(signInFailures)
      .where(eq(signInFailures.key, `pair:${address}|${user.email}`));
    expect(row).toMatchObject({ failures: 5 });
    // nobody can lock the owner out: from another address the right password works at once
    expect((await signIn({ userName: user.email, password: user.password })).statusCode).toBe(200);
  });

  it('forgets the failures of an address at an account after a successful sign-in from it', async () => {
    const user = await t.createUser();
    const address = newAddress();
    for (let i = 0; i < 4; i++) await signIn({ userName: user.email, password: 'nope' }, { address });
    expect((await signIn({ userName: user.email, password: user.password }, { address })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await signIn({ userName: user.email, password: 'nope' }, { address })).statusCode).toBe(401);
    expect((await signIn({ userName: user.email, password: user.password }, { address })).statusCode).toBe(200);
  });

  it('does not lock out an address that guessed at many accounts', async () => {
    const address = newAddress();
    for (let i = 0; i < 20; i++) {
      expect((await signIn({ userName: `victim-${i}@example.test`, password: 'guess' }, { address })).statusCode).toBe(401);
    }
    // a colleague behind the same address still signs in
    const user = await t.createUser();
    expect((await signIn({ userName: user.email, password: user.password }, { address })).statusCode).toBe(200);
  });
});

describe('the refresh cookie', () => {
  it('is httpOnly, SameSite=Strict, scoped to the sign-in path, and only its hash is stored', async () => {
    const user = await t.createUser();
    const res = await signIn({ userName: user.email, password: user.password });
    const cookie = refreshCookieOf(res)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/internal/authorization', maxAge: 14 * 24 * 3600 });
    expect(cookie.secure).toBeUndefined();
    expect(Buffer.from(cookie.value, 'base64url')).toHaveLength(32);
    const rows = await t.ctx.db.select().from(refreshSessions).where(eq(refreshSessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(cookie.value).digest('hex'));
    expect(rows[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(13.9 * 24 * 3600 * 1000);
  });

  it('renews the token without the password and rotates the secret', async () => {
    const user = await t.createUser();
    const first = refreshCookieOf(await signIn({ userName: user.email, password: user.password }))!.value;
    const renewed = await signIn({}, { cookie: first });
    expect(renewed.statusCode).toBe(200);
    expect(decodeJwt(renewed.json<{ n1AIToken: string }>().n1AIToken).sub).toBe(user.id);
    const second = refreshCookieOf(renewed)!.value;
    expect(second).not.toBe(first);
    // an empty body renews as well
    const again = await signIn(undefined, { cookie: second });
    expect(again.statusCode).toBe(200);
    // a used secret never works again
    const replay = await signIn({}, { cookie: first });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'unauthenticated' });
  });

  it('refuses a missing, unknown, expired or revoked cookie', async () => {
    expect((await signIn({})).statusCode).toBe(401);
    expect((await signIn({ userName: '', password: '' }, { cookie: 'made-up' })).statusCode).toBe(401);

    const user = await t.createUser();
    const expired = refreshCookieOf(await signIn({ userName: user.email, password: user.password }))!.value;
    await t.ctx.db
      .update(refreshSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshSessions.userId, user.id));
    const res = await signIn({}, { cookie: expired });
    expect(res.statusCode).toBe(401);
    // a dead session's cookie is cleared
    expect(refreshCookieOf(res)).toMatchObject({ value: '' });
  });

  it('refuses a disabled user and revokes the session', async () => {
    const user = await t.createUser();
    const secret = refreshCookieOf(await signIn({ userName: user.email, password: user.password }))!.value;
    await t.ctx.db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    expect((await signIn({}, { cookie: secret })).statusCode).toBe(401);
    const [row] = await t.ctx.db.select().from(refreshSessions).where(eq(refreshSessions.userId, user.id));
    expect(row!.revokedAt).not.toBeNull();
  });

  it('sets the Secure flag when the public URL is https', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://atrium.example.edu' });
    try {
      const user = await https.createUser();
      const res = await https.app.inject({ method: 'POST', url, payload: { userName: user.email, password: user.password } });
      expect(refreshCookieOf(res)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
    } finally {
      await https.close();
    }
  });
});

describe('POST /authorization/logout', () => {
  it('revokes the session of the cookie and clears the cookie', async () => {
    const user = await t.createUser();
    const secret = refreshCookieOf(await signIn({ userName: user.email, password: user.password }))!.value;
    const res = await t.app.inject({ method: 'POST', url: '/api/internal/authorization/logout', headers: { cookie: `${RefreshCookieName}=${secret}` } });
    expect(res.statusCode).toBe(204);
    expect(refreshCookieOf(res)).toMatchObject({ value: '', path: '/api/internal/authorization' });
    expect((await signIn({}, { cookie: secret })).statusCode).toBe(401);
  });

  it('answers 204 without a cookie', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/internal/authorization/logout' })).statusCode).toBe(204);
  });

  const whoAmI = (token: string) => t.app.inject({ method: 'GET', url: '/api/internal/authorization/session', headers: { authorization: `Bearer ${token}` } });
  const logout = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/internal/authorization/logout', headers });

  it('ends every token of the session at once: the one signed in with and those renewed from its cookie', async () => {
    const user = await t.createUser();
    const first = await signIn({ userName: user.email, password: user.password });
    const token = first.json<{ n1AIToken: string }>().n1AIToken;
    const secret = refreshCookieOf(first)!.value;
    const renewed = await signIn({}, { cookie: secret });
    const renewedToken = renewed.json<{ n1AIToken: string }>().n1AIToken;
    const [row] = await t.ctx.db.select().from(refreshSessions).where(eq(refreshSessions.userId, user.id));
    expect(decodeJwt(token).sid).toBe(row!.id);
    expect(decodeJwt(renewedToken).sid).toBe(row!.id);
    // the same person signed in elsewhere, and a token minted before sessions had ids, are not affected
    const elsewhere = (await signIn({ userName: user.email, password: user.password })).json<{ n1AIToken: string }>().n1AIToken;
    expect(decodeJwt(user.token).sid).toBeUndefined();
    for (const live of [token, renewedToken, elsewhere, user.token]) expect((await whoAmI(live)).statusCode).toBe(200);

    expect((await logout({ cookie: `${RefreshCookieName}=${refreshCookieOf(renewed)!.value}`, authorization: `Bearer ${renewedToken}` })).statusCode).toBe(204);
    for (const ended of [token, renewedToken]) {
      const res = await whoAmI(ended);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthenticated', message: 'Your session has ended. Sign in again.' });
      expect(res.headers['www-authenticate']).toContain('invalid_token');
    }
    expect((await whoAmI(elsewhere)).statusCode).toBe(200);
    expect((await whoAmI(user.token)).statusCode).toBe(200);
  });

  it('ends the session of the bearer token when there is no cookie, and its cookie with it', async () => {
    const user = await t.createUser();
    const res = await signIn({ userName: user.email, password: user.password });
    const token = res.json<{ n1AIToken: string }>().n1AIToken;
    expect((await logout({ authorization: `Bearer ${token}` })).statusCode).toBe(204);
    expect((await whoAmI(token)).statusCode).toBe(401);
    expect((await signIn({}, { cookie: refreshCookieOf(res)!.value })).statusCode).toBe(401);
  });

  it('refuses the tokens of a session another server process ended within a few seconds', async () => {
    const user = await t.createUser();
    const token = (await signIn({ userName: user.email, password: user.password })).json<{ n1AIToken: string }>().n1AIToken;
    expect((await whoAmI(token)).statusCode).toBe(200);
    // as the other process's logout leaves it: a revoked row, and no word to this process
    await t.ctx.db.update(refreshSessions).set({ revokedAt: new Date() }).where(eq(refreshSessions.userId, user.id));
    const started = Date.now();
    while ((await whoAmI(token)).statusCode === 200) {
      expect(Date.now() - started).toBeLessThan(EndedSessionsTtlMs + 2_000);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 15_000);

  it("cannot end another person's session by naming it", async () => {
    const owner = await t.createUser();
    const ownerToken = (await signIn({ userName: owner.email, password: owner.password })).json<{ n1AIToken: string }>().n1AIToken;
    const other = await t.createUser();
    const sid = decodeJwt(ownerToken).sid as string;
    // a well-signed token of someone else carrying the owner's session id, as a bug elsewhere might mint
    const forged = await t.ctx.tokens.sign({ userId: other.id, email: other.email, displayName: 'x', identityProvider: 'Local', sessionId: sid });
    expect((await logout({ authorization: `Bearer ${forged}` })).statusCode).toBe(204);
    const [row] = await t.ctx.db.select().from(refreshSessions).where(eq(refreshSessions.id, sid));
    expect(row!.revokedAt).toBeNull();
    expect((await whoAmI(ownerToken)).statusCode).toBe(200);
  });
});

describe('bearer tokens on an authenticated route', () => {
  const session = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/api/internal/authorization/session', headers: authorization ? { authorization } : {} });

  it('describes the caller of a valid token', async () => {
    const user = await t.createUser({ displayName: 'Ada' });
    const res = await session(`Bearer ${user.token}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      userId: user.id,
      email: user.email,
      displayName: 'Ada',
      identityProvider: 'Local',
      expiresAt: new Date(decodeJwt(user.token).exp! * 1000).toISOString(),
    });
  });

  it('refuses an expired token, one signed by another key, a disabled user, garbage and no token', async () => {
    const user = await t.createUser();
    const subject = { userId: user.id, email: user.email, displayName: 'x', identityProvider: 'Local' as const };
    const expired = await t.ctx.tokens.sign(subject, Math.floor(Date.now() / 1000) - 3600);
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const forged = await TokenService.fromPem(otherKey).sign(subject);
    const disabled = await t.createUser({ disabled: true });
    for (const header of [`Bearer ${expired}`, `Bearer ${forged}`, `Bearer ${disabled.token}`, 'Bearer garbage', 'Basic dXNlcjpwYXNz', undefined]) {
      const res = await session(header);
      expect(res.statusCode, String(header)).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthenticated' });
    }
  });
});

describe('routing and bad input', () => {
  it('matches the path case-insensitively', async () => {
    const user = await t.createUser();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/internal/AUTHORIZATION/local/generatetoken',
      payload: { userName: user.email, password: user.password },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers 404 for an unknown identity provider and when OIDC is not configured', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: '/api/internal/authorization/Google/GenerateToken', payload: {} });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'not_found' });
    const oidc = await t.app.inject({ method: 'POST', url: '/api/internal/authorization/EntraId/GenerateToken', payload: { idToken: 'x' } });
    expect(oidc.statusCode).toBe(404);
    expect(oidc.json()).toMatchObject({ code: 'oidc_not_configured' });
  });

  it('refuses bad bodies with 400 {code, message, details} and writes nothing', async () => {
    const count = async () => {
      const [f] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(signInFailures);
      const [s] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(refreshSessions);
      const [u] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(users);
      return [f!.n, s!.n, u!.n];
    };
    const before = await count();
    const wrongType = await signIn({ userName: 42, password: ['x'] });
    expect(wrongType.statusCode).toBe(400);
    const body = wrongType.json<{ code: string; message: string; details: { field: string; message: string }[] }>();
    expect(body.code).toBe('validation_error');
    expect(body.message).toEqual(expect.any(String));
    expect(body.details.map((d) => d.field).sort()).toEqual(['password', 'userName']);

    const tooLong = await signIn({ userName: 'a'.repeat(400), password: 'x' });
    expect(tooLong.statusCode).toBe(400);

    const malformed = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{"userName":' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'malformed_json', details: [] });

    expect(await count()).toEqual(before);
  });

  it('ignores unknown fields', async () => {
    const user = await t.createUser();
    const res = await signIn({ userName: user.email, password: user.password, scopes: ['User.Read'], extra: { a: 1 } });
    expect(res.statusCode).toBe(200);
  });

  it('answers 404 for password sign-in when local sign-in is turned off', async () => {
    const off = await createTestApp({ LOCAL_SIGN_IN: 'false' });
    try {
      const user = await off.createUser();
      const res = await off.app.inject({ method: 'POST', url, payload: { userName: user.email, password: user.password } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'local_sign_in_disabled' });
    } finally {
      await off.close();
    }
  });
});
