// The access hook on a bare Fastify instance: the route-permission sweep relies on this behaviour
// even before the app has routes that declare actions.
import { generateKeyPairSync } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserAction } from '@atrium/contract';
import { registerAccessControl, requireAny, routeTable, type Principal } from './access.js';
import { registerErrorHandling } from './errors.js';
import { TokenService } from './tokens.js';

const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const tokens = TokenService.fromPem(pem);
const people: Record<string, UserAction[]> = {
  '00000000-0000-4000-8000-000000000001': ['BrandsRead'],
  '00000000-0000-4000-8000-000000000002': ['UserRead', 'AnalyticsRead'],
};
const principal = (userId: string): Principal | null =>
  people[userId]
    ? {
        userId,
        email: 'a@b.c',
        displayName: 'A',
        identityProvider: 'Local',
        actions: new Set(people[userId]),
        roleIds: [],
        directoryGroups: [],
        scopes: { gptSystemIds: new Set(), dataSourceIds: new Set() },
      }
    : null;
const tokenOf = (userId: string) => tokens.sign({ userId, email: 'a@b.c', displayName: 'A', identityProvider: 'Local' });

describe('access control', () => {
  const app = Fastify();
  beforeAll(async () => {
    registerErrorHandling(app);
    registerAccessControl(app, tokens, async (id) => principal(id));
    await app.register(
      async (api) => {
        api.get('/open', { config: { access: 'public' } }, async () => ({ ok: true }));
        api.get('/brands', { config: { access: requireAny('BrandsRead', 'BrandsWrite') } }, async () => ({ ok: true }));
      },
      { prefix: '/api/internal' },
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('records each route with its declared access', () => {
    expect(routeTable(app)).toContainEqual({ method: 'GET', url: '/api/internal/brands', access: { anyOf: ['BrandsRead', 'BrandsWrite'] } });
    expect(routeTable(app)).toContainEqual({ method: 'HEAD', url: '/api/internal/open', access: 'public' });
  });

  it('refuses a route that declares nothing', async () => {
    const bare = Fastify();
    registerAccessControl(bare, tokens, async () => null);
    expect(() => bare.get('/api/internal/forgotten', async () => ({}))).toThrow(/declares no access/);
    await bare.close();
  });

  it('answers 401 with a Bearer challenge, 403 without the action, and admits one listed action', async () => {
    const anonymous = await app.inject({ url: '/api/internal/brands' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toBe('Bearer realm="atrium"');
    const lacking = await app.inject({
      url: '/api/internal/brands',
      headers: { authorization: `Bearer ${await tokenOf('00000000-0000-4000-8000-000000000002')}` },
    });
    expect(lacking.statusCode).toBe(403);
    expect(lacking.json()).toMatchObject({ code: 'forbidden' });
    const holding = await app.inject({
      url: '/api/internal/brands',
      headers: { authorization: `Bearer ${await tokenOf('00000000-0000-4000-8000-000000000001')}` },
    });
    expect(holding.statusCode).toBe(200);
  });

  it('treats a bad token as 401 on protected routes and ignores it on public ones', async () => {
    const headers = { authorization: 'Bearer not.a.token' };
    const protectedRes = await app.inject({ url: '/api/internal/brands', headers });
    expect(protectedRes.statusCode).toBe(401);
    expect(protectedRes.headers['www-authenticate']).toContain('error="invalid_token"');
    expect((await app.inject({ url: '/api/internal/open', headers })).statusCode).toBe(200);
    const unknownUser = await app.inject({
      url: '/api/internal/brands',
      headers: { authorization: `Bearer ${await tokenOf('00000000-0000-4000-8000-000000000009')}` },
    });
    expect(unknownUser.statusCode).toBe(401);
  });
});
