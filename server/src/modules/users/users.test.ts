import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { UserActions, UserRolesWithResolvedActionsSchema } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { userRoleAssignments, userRoles, users } from '../../db/schema/index.js';

const url = '/api/internal/CurrentUser/UserRolesWithResolvedActions';

describe('GET /CurrentUser/UserRolesWithResolvedActions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a caller without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'unauthenticated' });
  });

  it('lists each role with its actions and the union of them, in the enum order', async () => {
    const user = await t.createUser({ actions: ['BrandsWrite', 'AnalyticsRead'], displayName: 'Ada' });
    const [second] = await t.ctx.db
      .insert(userRoles)
      .values({ name: 'Zeta editors', actions: ['BrandsWrite', 'UserRead', 'NoLongerAnAction'] })
      .returning();
    await t.ctx.db.insert(userRoleAssignments).values({ userId: user.id, roleId: second!.id });
    await t.ctx.db
      .update(users)
      .set({
        directoryGroups: [
          { id: 'g2', displayName: 'Staff', description: null },
          { id: 'g1', displayName: 'Faculty', description: 'All faculty' },
        ],
      })
      .where(eq(users.id, user.id));

    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${user.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = UserRolesWithResolvedActionsSchema.parse(res.json());
    expect(body).toMatchObject({ userId: user.id, displayName: 'Ada', emailAddress: user.email, identityProvider: 'Local' });
    expect(body.resolvedActions).toEqual(['AnalyticsRead', 'BrandsWrite', 'UserRead']);
    expect(body.userRoles).toHaveLength(2);
    expect(body.userRoles.find((r) => r.name === 'Zeta editors')).toEqual({
      userRoleId: second!.id,
      name: 'Zeta editors',
      isBuiltIn: false,
      userActions: ['BrandsWrite', 'UserRead'],
    });
    expect(body.directoryGroups.map((g) => g.displayName)).toEqual(['Faculty', 'Staff']);
  });

  it('gives the bootstrap administrator every action through the built-in roles', async () => {
    const [admin] = await t.ctx.db.select().from(users).where(eq(users.email, t.ctx.config.adminEmail));
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${await t.tokenFor(admin!.id)}` } });
    expect(res.statusCode).toBe(200);
    const body = UserRolesWithResolvedActionsSchema.parse(res.json());
    expect(body.resolvedActions).toEqual([...UserActions]);
    expect(body.userRoles.map((r) => [r.name, r.isBuiltIn])).toEqual([
      ['Administrator', true],
      ['User', true],
    ]);
    expect(body.userRoles.find((r) => r.name === 'User')!.userActions).toEqual(['GptSystemsRead']);
  });

  it('answers a user whose roles grant nothing with no actions (path case does not matter)', async () => {
    const user = await t.createUser();
    const res = await t.app.inject({ method: 'GET', url: url.toLowerCase(), headers: { authorization: `Bearer ${user.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ resolvedActions: [], directoryGroups: [] });
  });

  it('refuses a disabled user', async () => {
    const user = await t.createUser({ actions: ['UserRead'], disabled: true });
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${user.token}` } });
    expect(res.statusCode).toBe(401);
  });
});
