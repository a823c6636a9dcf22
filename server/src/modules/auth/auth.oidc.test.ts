// Sign-in with an OpenID provider, against a real one (oidc-provider on 127.0.0.1): genuine tokens
// from the authorization-code flow, and tokens signed with the provider's own key for the failures.
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt } from 'jose';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { startTestIdp, type TestIdp, type TestIdpAccount } from '../../test/oidc-idp.js';
import { gptSystemShareInvitations, gptSystemShares, userRoleAssignments, userRoles, users } from '../../db/schema/index.js';
import { createAgent } from '../agents/agents.test-factory.js';

const url = '/api/internal/authorization/EntraId/GenerateToken';
const alice: TestIdpAccount = { sub: 'alice-oid', email: 'Alice@Campus.test', name: 'Alice Liddell', groups: ['g-staff', 'g-admins'] };
const accounts: TestIdpAccount[] = [
  alice,
  { sub: 'bob-oid', email: 'bob@campus.test', name: 'Bob' },
  { sub: 'dave-oid', email: 'dave@campus.test', name: 'Dave' },
  { sub: 'erin-oid', email: 'erin@campus.test', name: 'Erin' },
  { sub: 'frank-oid', email: 'frank@campus.test', name: 'Frank' },
  { sub: 'gina-oid', email: 'Gina@Campus.test', name: 'Gina' },
];

let idp: TestIdp;
let t: TestApp;

beforeAll(async () => {
  idp = await startTestIdp({ accounts });
  t = await createTestApp({ OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

const generate = (payload: Record<string, unknown>, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload, headers });
const tokenOf = (res: { json<T>(): T }) => res.json<{ n1AIToken: string }>().n1AIToken;
const userBySubject = async (subject: string) => (await t.ctx.db.select().from(users).where(eq(users.externalSubject, subject)))[0];
const userCount = async () => (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;

describe('POST /authorization/EntraId/GenerateToken', () => {
  it('provisions a person at first sign-in with the User role and their directory groups', async () => {
    const { idToken } = await idp.signIn('alice-oid');
    const res = await generate({ idToken });
    expect(res.statusCode).toBe(200);

    const user = await userBySubject('alice-oid');
    expect(user).toMatchObject({
      email: 'alice@campus.test',
      displayName: 'Alice Liddell',
      identityProvider: 'EntraId',
      passwordHash: null,
      disabled: false,
      directoryGroups: [
        { id: 'g-admins', displayName: 'g-admins', description: null },
        { id: 'g-staff', displayName: 'g-staff', description: null },
      ],
    });
    expect(user!.lastSignInAt).not.toBeNull();
    const roles = await t.ctx.db
      .select({ key: userRoles.builtInKey })
      .from(userRoleAssignments)
      .innerJoin(userRoles, eq(userRoles.id, userRoleAssignments.roleId))
      .where(eq(userRoleAssignments.userId, user!.id));
    expect(roles).toEqual([{ key: 'User' }]);

    const claims = decodeJwt(tokenOf(res));
    expect(claims).toMatchObject({ sub: user!.id, ip: 'EntraId', email: 'alice@campus.test', name: 'Alice Liddell' });
    expect(claims.exp! - claims.iat!).toBe(1800);
    const session = await t.app.inject({ method: 'GET', url: '/api/internal/authorization/session', headers: { authorization: `Bearer ${tokenOf(res)}` } });
    expect(session.json()).toMatchObject({ userId: user!.id, identityProvider: 'EntraId' });
  });

  it('gives each sign-in a session of its own, which logging out with the token ends', async () => {
    const first = tokenOf(await generate({ idToken: (await idp.signIn('alice-oid')).idToken }));
    const second = tokenOf(await generate({ idToken: (await idp.signIn('alice-oid')).idToken }));
    expect(decodeJwt(first).sid).toEqual(expect.any(String));
    expect(decodeJwt(first).sid).not.toBe(decodeJwt(second).sid);
    const whoAmI = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/internal/authorization/session', headers: { authorization: `Bearer ${token}` } });
    const out = await t.app.inject({ method: 'POST', url: '/api/internal/authorization/logout', headers: { authorization: `Bearer ${first}` } });
    expect(out.statusCode).toBe(204);
    expect((await whoAmI(first)).statusCode).toBe(401);
    expect((await whoAmI(second)).statusCode).toBe(200);
  });

  it("applies invitations to a personal agent at the invited person's first sign-in", async () => {
    const owner = await userBySubject('alice-oid');
    const agent = await createAgent(t.ctx.db, { gptSystemType: 'User', ownerUserId: owner!.id });
    await t.ctx.db.insert(gptSystemShareInvitations).values({ gptSystemId: agent.id, email: 'gina@campus.test' });
    const res = await generate({ idToken: (await idp.signIn('gina-oid')).idToken });
    expect(res.statusCode).toBe(200);
    const gina = await userBySubject('gina-oid');
    expect(await t.ctx.db.select({ userId: gptSystemShares.userId }).from(gptSystemShares).where(eq(gptSystemShares.gptSystemId, agent.id))).toEqual([
      { userId: gina!.id },
    ]);
    expect(await t.ctx.db.select().from(gptSystemShareInvitations).where(eq(gptSystemShareInvitations.gptSystemId, agent.id))).toEqual([]);
  });

  it('updates name, email and groups at the next sign-in without creating anyone', async () => {
    const before = await userBySubject('alice-oid');
    const count = await userCount();
    alice.name = 'Alice Pleasance Liddell';
    alice.groups = ['g-staff'];
    const res = await generate({ idToken: (await idp.signIn('alice-oid')).idToken });
    expect(res.statusCode).toBe(200);
    const after = await userBySubject('alice-oid');
    expect(after!.id).toBe(before!.id);
    expect(after).toMatchObject({ displayName: 'Alice Pleasance Liddell', directoryGroups: [{ id: 'g-staff', displayName: 'g-staff', description: null }] });
    expect(after!.lastSignInAt!.getTime()).toBeGreaterThanOrEqual(before!.lastSignInAt!.getTime());
    expect(await userCount()).toBe(count);
  });

  it('accepts the token as accessToken, token, or an Authorization header', async () => {
    const { idToken, accessToken } = await idp.signIn('bob-oid');
    for (const res of [
      await generate({ accessToken }),
      await generate({ token: idToken }),
      await generate({ scopes: ['User.Read'] }, { authorization: `Bearer ${accessToken}` }),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(decodeJwt(tokenOf(res)).email).toBe('bob@campus.test');
    }
    expect(await t.ctx.db.select().from(users).where(eq(users.externalSubject, 'bob-oid'))).toHaveLength(1);
  });

  it('prefers oid to sub, as Entra ID tokens carry both', async () => {
    const res = await generate({ idToken: await idp.sign({ sub: 'pairwise-sub', oid: 'carol-oid', email: 'carol@campus.test', name: 'Carol' }) });
    expect(res.statusCode).toBe(200);
    expect(await userBySubject('carol-oid')).toMatchObject({ email: 'carol@campus.test' });
    expect(await userBySubject('pairwise-sub')).toBeUndefined();
  });

  it('refuses tokens with the wrong audience or issuer, expired, or badly signed', async () => {
    const now = Math.floor(Date.now() / 1000);
    const genuine = (await idp.signIn('bob-oid')).idToken;
    const [header, payload] = genuine.split('.');
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const cases: Record<string, string> = {
      'wrong audience': await idp.sign({ sub: 'bob-oid', aud: 'another-app' }),
      'wrong issuer': await idp.sign({ sub: 'bob-oid', iss: 'http://127.0.0.1:1' }),
      expired: await idp.sign({ sub: 'bob-oid' }, { issuedAt: now - 7200, expiresInSeconds: 3600 }),
      'signed by another key with the same kid': await new SignJWT({ email: 'bob@campus.test', aud: idp.clientId, iss: idp.issuer })
        .setProtectedHeader({ alg: 'RS256', kid: idp.kid })
        .setSubject('bob-oid')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(otherKey),
      'tampered payload': `${header}.${Buffer.from(JSON.stringify({ ...decodeJwt(genuine), sub: 'mallory' })).toString('base64url')}.${genuine.split('.')[2]}`,
      'unsigned (alg none)': `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`,
      garbage: 'not-a-jwt',
    };
    const count = await userCount();
    for (const [name, token] of Object.entries(cases)) {
      const res = await generate({ idToken: token });
      expect(res.statusCode, name).toBe(401);
      expect(res.json(), name).toMatchObject({ code: 'unauthenticated' });
    }
    expect(await userCount()).toBe(count);
    // the same forging tool with nothing wrong passes: the refusals are for the reasons named
    expect((await generate({ idToken: await idp.sign({ sub: 'bob-oid' }) })).statusCode).toBe(200);
  });

  it('refuses a disabled person', async () => {
    expect((await generate({ idToken: (await idp.signIn('dave-oid')).idToken })).statusCode).toBe(200);
    await t.ctx.db.update(users).set({ disabled: true }).where(eq(users.externalSubject, 'dave-oid'));
    const res = await generate({ idToken: (await idp.signIn('dave-oid')).idToken });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'unauthenticated' });
  });

  it('links a pre-provisioned account (no password, no subject) with the same email', async () => {
    const [pre] = await t.ctx.db.insert(users).values({ email: 'erin@campus.test', displayName: 'Erin (invited)', passwordHash: null }).returning();
    const res = await generate({ idToken: (await idp.signIn('erin-oid')).idToken });
    expect(res.statusCode).toBe(200);
    expect(decodeJwt(tokenOf(res)).sub).toBe(pre!.id);
    expect(await userBySubject('erin-oid')).toMatchObject({ id: pre!.id, identityProvider: 'EntraId', displayName: 'Erin' });
  });

  it('refuses with 409 when the email belongs to a local account with a password', async () => {
    const local = await t.createUser({ email: 'frank@campus.test' });
    const res = await generate({ idToken: (await idp.signIn('frank-oid')).idToken });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'conflict', message: expect.stringContaining('password') });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, local.id));
    expect(row).toMatchObject({ externalSubject: null, identityProvider: 'Local' });
  });

  it('refuses a missing token with 401 and a bad body with 400, writing nothing', async () => {
    const count = await userCount();
    expect((await generate({})).statusCode).toBe(401);
    const bad = await generate({ idToken: 12, scopes: 'User.Read' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_error', details: expect.arrayContaining([expect.objectContaining({ field: 'idToken' })]) });
    expect(await userCount()).toBe(count);
  });

  it('answers 502 when the identity provider cannot be reached', async () => {
    const down = await createTestApp({ OIDC_ISSUER: 'http://127.0.0.1:9', OIDC_CLIENT_ID: idp.clientId });
    try {
      const res = await down.app.inject({ method: 'POST', url, payload: { idToken: await idp.sign({ sub: 'bob-oid' }) } });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'identity_provider_unavailable' });
    } finally {
      await down.close();
    }
  });
});
