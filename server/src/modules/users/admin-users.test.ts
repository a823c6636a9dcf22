// Admin users over HTTP: list with email filter and keyset paging, create local users (who can then
// sign in), rename, disable and enable (a disabled user is refused at once), give and remove roles,
// the last-administrator rules, refusals, and the audit rows of every change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AdminUserListSchema, AdminUserSchema, type AdminUser } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { auditLog, userRoles, users } from '../../db/schema/index.js';

let t: TestApp;
let admin: { id: string; token: string };
let reader: string;
let nobody: string;
let bootstrapAdminId: string;
let adminRoleId: string;
let userRoleId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({
    actions: ['UserRead', 'UserRolePermissionsRead', 'UserRolePermissionsCreate', 'UserRolePermissionsWrite'],
    displayName: 'Ada Admin',
  });
  reader = (await t.createUser({ actions: ['UserRead'] })).token;
  nobody = (await t.createUser({ actions: ['GptSystemsRead'] })).token;
  const [bootstrap] = await t.ctx.db.select().from(users).where(eq(users.email, t.ctx.config.adminEmail));
  bootstrapAdminId = bootstrap!.id;
  const roles = await t.ctx.db.select().from(userRoles);
  adminRoleId = roles.find((r) => r.builtInKey === 'Administrator')!.id;
  userRoleId = roles.find((r) => r.builtInKey === 'User')!.id;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/internal${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const auditRows = (userId: string) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.aggregateType, 'User'), eq(auditLog.aggregateId, userId)))
    .orderBy(auditLog.createdAt);

describe('POST /admin/users', () => {
  let created: AdminUser;

  it('creates a local user with the User role, audited, who can then sign in', async () => {
    const res = await call('POST', '/admin/users', admin.token, {
      emailAddress: ' Lin.Local@Example.test ',
      displayName: 'Lin Local',
      password: 'a long enough passphrase',
    });
    expect(res.statusCode).toBe(201);
    created = AdminUserSchema.parse(res.json());
    expect(created).toMatchObject({
      emailAddress: 'lin.local@example.test',
      displayName: 'Lin Local',
      identityProvider: 'Local',
      disabled: false,
      status: 'Active',
      hasPassword: true,
    });
    expect(created.userRoles.map((r) => r.userRoleId)).toEqual([userRoleId]);
    expect(res.body).not.toContain('passphrase');

    const rows = await auditRows(created.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ domainOperation: 'Created', userId: admin.id, userName: 'Ada Admin' });
    expect(JSON.stringify(rows[0]!.details)).not.toContain('passphrase');

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/internal/authorization/Local/GenerateToken',
      payload: { userName: 'lin.local@example.test', password: 'a long enough passphrase' },
    });
    expect(signIn.statusCode).toBe(200);
    const token = (signIn.json() as { n1AIToken: string }).n1AIToken;
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/internal/CurrentUser/UserRolesWithResolvedActions',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json()).toMatchObject({ emailAddress: 'lin.local@example.test', resolvedActions: ['GptSystemsRead'] });
  });

  it('refuses a duplicate email (any case) with 409', async () => {
    const res = await call('POST', '/admin/users', admin.token, {
      emailAddress: 'LIN.LOCAL@example.test',
      displayName: 'Again',
      password: 'another long passphrase',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'conflict', details: [{ field: 'emailAddress' }] });
  });

  it('refuses bad input with 400 and field details, writing nothing', async () => {
    const short = await call('POST', '/admin/users', admin.token, { emailAddress: 'short@example.test', displayName: 'Short', password: 'too short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'validation_error', details: [{ field: 'password', message: 'Password must be at least 12 characters' }] });
    const email = await call('POST', '/admin/users', admin.token, { emailAddress: 'not an email', displayName: 'X', password: 'a long enough passphrase' });
    expect(email.statusCode).toBe(400);
    expect(email.json().details).toEqual([expect.objectContaining({ field: 'emailAddress' })]);
    const weak = await call('POST', '/admin/users', admin.token, { emailAddress: 'weak@example.test', displayName: 'Weak', password: 'aaaaaaaaaaaaaa' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details).toEqual([expect.objectContaining({ field: 'password' })]);
    const unknownRole = await call('POST', '/admin/users', admin.token, {
      emailAddress: 'role@example.test',
      displayName: 'R',
      password: 'a long enough passphrase',
      userRoleIds: [crypto.randomUUID()],
    });
    expect(unknownRole.statusCode).toBe(400);
    const [none] = await t.ctx.db.select().from(users).where(eq(users.email, 'role@example.test'));
    expect(none).toBeUndefined();
  });

  it('refuses callers without a create action (403) and without a token (401)', async () => {
    expect(
      (await call('POST', '/admin/users', reader, { emailAddress: 'r@example.test', displayName: 'R', password: 'a long enough passphrase' })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/internal/admin/users', payload: {} })).statusCode).toBe(401);
  });
});

describe('GET /admin/users', () => {
  beforeAll(async () => {
    for (const n of ['alpha', 'bravo', 'charlie', 'delta', 'echo']) await t.createUser({ email: `${n}@paging.test`, displayName: n });
  });

  it('filters by an email substring and pages with continuationToken, in email order', async () => {
    const seen: string[] = [];
    let token: string | null = null;
    do {
      const q: string = `/admin/users?emailAddress=PAGING.test&pageSize=2${token ? `&continuationToken=${token}` : ''}`;
      const res = await call('GET', q, reader);
      expect(res.statusCode).toBe(200);
      const page = AdminUserListSchema.parse(res.json());
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((u) => u.emailAddress));
      token = page.continuationToken;
    } while (token);
    expect(seen).toEqual(['alpha@paging.test', 'bravo@paging.test', 'charlie@paging.test', 'delta@paging.test', 'echo@paging.test']);
  });

  it('treats % and _ in the filter as themselves', async () => {
    const res = await call('GET', '/admin/users?emailAddress=%25', reader);
    expect(res.json().items).toEqual([]);
  });

  it('refuses a forged token (400), a caller without the action (403)', async () => {
    expect((await call('GET', '/admin/users?continuationToken=nonsense', reader)).statusCode).toBe(400);
    expect((await call('GET', '/admin/users', nobody)).statusCode).toBe(403);
  });

  it('reads one user with roles; 404 for an unknown one, 400 for a malformed id', async () => {
    const res = await call('GET', `/admin/users/${bootstrapAdminId}`, reader);
    expect(res.statusCode).toBe(200);
    expect(res.json().userRoles.map((r: { name: string }) => r.name)).toEqual(['Administrator', 'User']);
    expect((await call('GET', `/admin/users/${crypto.randomUUID()}`, reader)).statusCode).toBe(404);
    expect((await call('GET', '/admin/users/not-a-uuid', reader)).statusCode).toBe(400);
  });
});

describe('PUT /admin/users/{userId}', () => {
  it('renames, disables (the user is refused at once) and enables again, each audited', async () => {
    const person = await t.createUser({ actions: ['GptSystemsRead'] });
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/internal/CurrentUser/pinnedGptSystems',
      headers: { authorization: `Bearer ${person.token}` },
    });
    expect(before.statusCode).toBe(200);

    const renamed = await call('PUT', `/admin/users/${person.id}`, admin.token, { displayName: 'Renamed Person' });
    expect(renamed.json()).toMatchObject({ displayName: 'Renamed Person', status: 'Active' });

    const disabled = await call('PUT', `/admin/users/${person.id}`, admin.token, { disabled: true });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ disabled: true, status: 'Inactive' });
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/internal/CurrentUser/pinnedGptSystems',
      headers: { authorization: `Bearer ${person.token}` },
    });
    expect(refused.statusCode).toBe(401);

    expect((await call('PUT', `/admin/users/${person.id}`, admin.token, { disabled: false })).json()).toMatchObject({ status: 'Active' });
    const back = await t.app.inject({ method: 'GET', url: '/api/internal/CurrentUser/pinnedGptSystems', headers: { authorization: `Bearer ${person.token}` } });
    expect(back.statusCode).toBe(200);

    expect((await auditRows(person.id)).map((r) => r.domainOperation)).toEqual(['Updated', 'Disabled', 'Enabled']);
  });

  it('ends the refresh sessions of a disabled user, so enabling them again does not revive an old cookie', async () => {
    const person = await t.createUser({ actions: ['GptSystemsRead'] });
    const url = '/api/internal/authorization/Local/GenerateToken';
    const signedIn = await t.app.inject({ method: 'POST', url, remoteAddress: '10.9.0.1', payload: { userName: person.email, password: person.password } });
    expect(signedIn.statusCode).toBe(200);
    const cookie = signedIn.cookies.find((c) => c.value && c.path === '/api/internal/authorization')!;
    const renew = () => t.app.inject({ method: 'POST', url, remoteAddress: '10.9.0.1', payload: {}, headers: { cookie: `${cookie.name}=${cookie.value}` } });

    expect((await call('PUT', `/admin/users/${person.id}`, admin.token, { disabled: true })).statusCode).toBe(200);
    expect((await call('PUT', `/admin/users/${person.id}`, admin.token, { disabled: false })).statusCode).toBe(200);
    expect((await renew()).statusCode).toBe(401);
  });

  it('refuses disabling oneself and the last active administrator (409), and a reader (403)', async () => {
    const self = await call('PUT', `/admin/users/${admin.id}`, admin.token, { disabled: true });
    expect(self.statusCode).toBe(409);
    const last = await call('PUT', `/admin/users/${bootstrapAdminId}`, admin.token, { disabled: true });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toMatch(/last active administrator/);
    expect((await call('PUT', `/admin/users/${bootstrapAdminId}`, reader, { displayName: 'x' })).statusCode).toBe(403);
    expect((await call('PUT', `/admin/users/${crypto.randomUUID()}`, admin.token, { displayName: 'x' })).statusCode).toBe(404);
    expect((await call('PUT', `/admin/users/${admin.id}`, admin.token, { displayName: '' })).statusCode).toBe(400);
  });
});

describe('user roles of a user', () => {
  it('adds and removes a role; the actions apply at once; both audited', async () => {
    const person = await t.createUser({ actions: [] });
    const [role] = await t.ctx.db
      .insert(userRoles)
      .values({ name: 'Auditors', actions: ['ConfigurationAuditLogRead'] })
      .returning();
    const auditCall = () =>
      t.app.inject({ method: 'GET', url: '/api/internal/admin/audit/configurationChanges', headers: { authorization: `Bearer ${person.token}` } });
    expect((await auditCall()).statusCode).toBe(403);

    const added = await call('POST', `/admin/users/${person.id}/userRoles/${role!.id}`, admin.token);
    expect(added.statusCode).toBe(200);
    expect(added.json().userRoles.map((r: { name: string }) => r.name)).toContain('Auditors');
    expect((await auditCall()).statusCode).toBe(200);

    const removed = await call('DELETE', `/admin/users/${person.id}/userroles/${role!.id}`, admin.token);
    expect(removed.statusCode).toBe(200);
    expect((await auditCall()).statusCode).toBe(403);

    const rows = await auditRows(person.id);
    expect(rows.map((r) => r.domainOperation)).toEqual(['UserRoleAdded', 'UserRoleRemoved']);
    expect(rows[0]!.details).toMatchObject({ after: { userRole: { name: 'Auditors' } } });
  });

  it('404s an unknown role or a role the user does not hold', async () => {
    const person = await t.createUser({ actions: [] });
    expect((await call('POST', `/admin/users/${person.id}/userRoles/${crypto.randomUUID()}`, admin.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/admin/users/${person.id}/userRoles/${adminRoleId}`, admin.token)).statusCode).toBe(404);
  });

  it('keeps the Administrator role with the last active administrator', async () => {
    const refused = await call('DELETE', `/admin/users/${bootstrapAdminId}/userRoles/${adminRoleId}`, admin.token);
    expect(refused.statusCode).toBe(409);
    const second = await t.createUser({ actions: [] });
    expect((await call('POST', `/admin/users/${second.id}/userRoles/${adminRoleId}`, admin.token)).statusCode).toBe(200);
    // now there are two: one may go
    expect((await call('DELETE', `/admin/users/${bootstrapAdminId}/userRoles/${adminRoleId}`, admin.token)).statusCode).toBe(200);
    expect((await call('DELETE', `/admin/users/${second.id}/userRoles/${adminRoleId}`, admin.token)).statusCode).toBe(409);
    // restore for the other tests
    expect((await call('POST', `/admin/users/${bootstrapAdminId}/userRoles/${adminRoleId}`, admin.token)).statusCode).toBe(200);
  });

  it('refuses a reader (403)', async () => {
    expect((await call('POST', `/admin/users/${bootstrapAdminId}/userRoles/${userRoleId}`, reader)).statusCode).toBe(403);
  });
});

describe('GET /admin/overview', () => {
  it('shows each caller only the counts they may read', async () => {
    const res = await call('GET', '/admin/overview', reader);
    expect(res.statusCode).toBe(200);
    const items = (res.json() as { items: { key: string; count: number; detail?: Record<string, number> }[] }).items;
    const usersItem = items.find((i) => i.key === 'users');
    const all = await t.ctx.db.select({ disabled: users.disabled }).from(users);
    expect(usersItem).toEqual({
      key: 'users',
      count: all.length,
      detail: { active: all.filter((u) => !u.disabled).length, inactive: all.filter((u) => u.disabled).length },
    });
    expect(items.find((i) => i.key === 'audit')).toBeUndefined();
    const brandsReader = (await t.createUser({ actions: ['BrandsRead', 'GptSystemsWrite'] })).token;
    const theirs = (await call('GET', '/admin/overview', brandsReader)).json().items as { key: string; count: number }[];
    expect(theirs.map((i) => i.key).sort()).toEqual(['agents', 'brands']);
    expect(theirs.find((i) => i.key === 'brands')!.count).toBe(1);
    expect(theirs.find((i) => i.key === 'agents')!.count).toBeGreaterThanOrEqual(1);
    const connectionsReader = (await t.createUser({ actions: ['ConnectionsRead'] })).token;
    const listed = (await call('GET', '/admin/connections', connectionsReader)).json().items as { deployments: unknown[] }[];
    expect((await call('GET', '/admin/overview', connectionsReader)).json().items).toEqual([
      { key: 'connections', count: listed.length, detail: { deployments: listed.reduce((n, c) => n + c.deployments.length, 0) } },
    ]);
    const none = await call('GET', '/admin/overview', nobody);
    expect(none.json()).toEqual({ items: [] });
  });
});
