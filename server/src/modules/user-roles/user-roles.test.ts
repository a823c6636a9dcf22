// Admin user roles over HTTP: CRUD with actions, built-in role rules, users of a role, entity
// configuration validated against real agents, the actions list, refusals, audit rows, and role
// changes taking effect at once for signed-in people.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { UserActions, UserRoleListSchema, UserRoleSchema, type UserRole } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { auditLog, gptSystems, userRoleAssignments, userRoles } from '../../db/schema/index.js';

let t: TestApp;
let admin: { id: string; token: string };
let reader: string;
let userAdmin: string;
let nobody: string;
let adminRoleId: string;
let userRoleId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ actions: ['UserRolesRead', 'UserRolesCreate', 'UserRolesWrite'], displayName: 'Rhea Roles' });
  reader = (await t.createUser({ actions: ['UserRolesRead'] })).token;
  userAdmin = (await t.createUser({ actions: ['UserRolePermissionsRead'] })).token;
  nobody = (await t.createUser({ actions: ['GptSystemsRead'] })).token;
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

const auditRows = (roleId: string) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.aggregateType, 'UserRole'), eq(auditLog.aggregateId, roleId)))
    .orderBy(auditLog.createdAt);

describe('user roles CRUD', () => {
  let editors: UserRole;

  it('creates a role with actions (201), audited', async () => {
    const res = await call('POST', '/admin/userRoles', admin.token, {
      name: ' Brand editors ',
      description: 'Keep the brands tidy',
      userActions: ['BrandsWrite', 'BrandsRead', 'BrandsRead'],
    });
    expect(res.statusCode).toBe(201);
    editors = UserRoleSchema.parse(res.json());
    expect(editors).toMatchObject({
      name: 'Brand editors',
      description: 'Keep the brands tidy',
      isBuiltIn: false,
      builtInKey: null,
      userActions: ['BrandsRead', 'BrandsWrite'],
      userCount: 0,
    });
    const rows = await auditRows(editors.userRoleId);
    expect(rows).toEqual([expect.objectContaining({ domainOperation: 'Created', userId: admin.id, userName: 'Rhea Roles' })]);
    expect(rows[0]!.details).toMatchObject({ after: { name: 'Brand editors', userActions: ['BrandsRead', 'BrandsWrite'] } });
  });

  it('refuses a duplicate name in any case (409), an unknown action or empty name (400), a reader (403)', async () => {
    expect((await call('POST', '/admin/userRoles', admin.token, { name: 'BRAND EDITORS' })).statusCode).toBe(409);
    const bad = await call('POST', '/admin/userRoles', admin.token, { name: 'X', userActions: ['FlyToTheMoon'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toMatch(/^userActions/);
    expect((await call('POST', '/admin/userRoles', admin.token, { name: '   ' })).statusCode).toBe(400);
    expect((await call('POST', '/admin/userRoles', reader, { name: 'Y' })).statusCode).toBe(403);
  });

  it('lists roles by name with paging; the users area may read them; others may not', async () => {
    const names: string[] = [];
    let token: string | null = null;
    do {
      const res = await call('GET', `/admin/userRoles?pageSize=3${token ? `&continuationToken=${token}` : ''}`, userAdmin);
      expect(res.statusCode).toBe(200);
      const page = UserRoleListSchema.parse(res.json());
      names.push(...page.items.map((r) => r.name));
      token = page.continuationToken;
    } while (token);
    expect(names).toContain('Administrator');
    expect(names).toContain('Brand editors');
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const filtered = await call('GET', '/admin/userRoles?name=brand', reader);
    expect(filtered.json().items.map((r: UserRole) => r.name)).toEqual(['Brand editors']);
    expect((await call('GET', '/admin/userRoles', nobody)).statusCode).toBe(403);
  });

  it('updates name, description and actions; the change applies at once to holders', async () => {
    const holder = await t.createUser({ actions: [] });
    await t.ctx.db.insert(userRoleAssignments).values({ userId: holder.id, roleId: editors.userRoleId });
    const me = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/internal/admin/audit/configurationChanges', headers: { authorization: `Bearer ${holder.token}` } }))
        .statusCode;
    expect(await me()).toBe(403);
    const res = await call('PUT', `/admin/userRoles/${editors.userRoleId}`, admin.token, {
      name: 'Brand and audit editors',
      userActions: ['BrandsWrite', 'ConfigurationAuditLogRead'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Brand and audit editors', userActions: ['BrandsWrite', 'ConfigurationAuditLogRead'], userCount: 1 });
    expect(await me()).toBe(200);
    const rows = await auditRows(editors.userRoleId);
    expect(rows.at(-1)).toMatchObject({
      domainOperation: 'Updated',
      details: { before: { name: 'Brand editors' }, after: { name: 'Brand and audit editors' } },
    });
  });

  it('keeps built-in roles: no rename (400), no delete (409), Administrator keeps every action (400)', async () => {
    const rename = await call('PUT', `/admin/userRoles/${userRoleId}`, admin.token, { name: 'Everyone' });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().message).toBe('Built-in roles cannot be renamed.');
    expect((await call('DELETE', `/admin/userRoles/${adminRoleId}`, admin.token)).statusCode).toBe(409);
    expect((await call('DELETE', `/admin/userRoles/${userRoleId}`, admin.token)).statusCode).toBe(409);
    expect((await call('PUT', `/admin/userRoles/${adminRoleId}`, admin.token, { userActions: ['UserRead'] })).statusCode).toBe(400);
    // the description and the User role's actions may change
    const ok = await call('PUT', `/admin/userRoles/${userRoleId}`, admin.token, { description: 'Everybody', userActions: ['GptSystemsRead'] });
    expect(ok.statusCode).toBe(200);
    const admin2 = await call('PUT', `/admin/userRoles/${adminRoleId}`, admin.token, { userActions: [...UserActions] });
    expect(admin2.statusCode).toBe(200);
  });

  it('lists the users of a role', async () => {
    const res = await call('GET', `/admin/userRoles/${adminRoleId}/users`, reader);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((u: { emailAddress: string }) => u.emailAddress)).toEqual([t.ctx.config.adminEmail]);
    expect((await call('GET', `/admin/userRoles/${crypto.randomUUID()}/users`, reader)).statusCode).toBe(404);
  });

  it('deletes a custom role (its assignments go with it), audited; then 404', async () => {
    const res = await call('DELETE', `/admin/userRoles/${editors.userRoleId}`, admin.token);
    expect(res.statusCode).toBe(204);
    expect(await t.ctx.db.select().from(userRoleAssignments).where(eq(userRoleAssignments.roleId, editors.userRoleId))).toEqual([]);
    expect((await auditRows(editors.userRoleId)).at(-1)).toMatchObject({
      domainOperation: 'Deleted',
      details: { before: { name: 'Brand and audit editors' } },
    });
    expect((await call('GET', `/admin/userRoles/${editors.userRoleId}`, reader)).statusCode).toBe(404);
    expect((await call('DELETE', `/admin/userRoles/${editors.userRoleId}`, admin.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/admin/userRoles/${adminRoleId}`, reader)).statusCode).toBe(403);
  });
});

describe('entity configuration', () => {
  it('scopes the …Specific actions to existing agents; unknown ids are refused; scopes reach the principal', async () => {
    const [agent] = await t.ctx.db.insert(gptSystems).values({ name: 'Scoped agent', gptSystemType: 'System' }).returning();
    const created = UserRoleSchema.parse(
      (await call('POST', '/admin/userRoles', admin.token, { name: 'Scoped', userActions: ['GptSystemsReadSpecific'] })).json(),
    );

    const empty = await call('GET', `/admin/userRoles/${created.userRoleId}/EntityConfiguration`, reader);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ gptSystemIds: [], dataSourceIds: [], gptSystems: [] });
    expect(empty.json().availableGptSystems).toEqual(expect.arrayContaining([{ gptSystemId: agent!.id, name: 'Scoped agent' }]));

    const unknown = crypto.randomUUID();
    const bad = await call('PUT', `/admin/userRoles/${created.userRoleId}/entityconfiguration`, admin.token, { gptSystemIds: [agent!.id, unknown] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ field: 'gptSystemIds.1', message: 'No such agent' }]);

    const res = await call('PUT', `/admin/userRoles/${created.userRoleId}/EntityConfiguration`, admin.token, { gptSystemIds: [agent!.id], dataSourceIds: [] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ gptSystemIds: [agent!.id], gptSystems: [{ gptSystemId: agent!.id, name: 'Scoped agent' }] });
    expect((await auditRows(created.userRoleId)).at(-1)).toMatchObject({
      domainOperation: 'EntityConfigurationUpdated',
      details: { after: { entityConfiguration: { gptSystemIds: [agent!.id] } } },
    });

    const holder = await t.createUser({ actions: [] });
    await t.ctx.db.insert(userRoleAssignments).values({ userId: holder.id, roleId: created.userRoleId });
    const { loadPrincipal } = await import('../users/users.principal.js');
    const principal = await loadPrincipal(t.ctx, holder.id);
    expect([...principal!.scopes.gptSystemIds]).toEqual([agent!.id]);

    expect((await call('PUT', `/admin/userRoles/${created.userRoleId}/EntityConfiguration`, reader, { gptSystemIds: [] })).statusCode).toBe(403);
  });
});

describe('GET /admin/userRoles/userActions', () => {
  it('lists every action with its area and description', async () => {
    const res = await call('GET', '/admin/userRoles/userActions', reader);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { userAction: string; area: string; description: string; isSpecific: boolean }[];
    expect(items.map((i) => i.userAction)).toEqual([...UserActions]);
    expect(items.find((i) => i.userAction === 'GptSystemsWriteSpecific')).toMatchObject({ area: 'Agents', isSpecific: true });
    expect(items.every((i) => i.description.length > 0)).toBe(true);
    expect((await call('GET', '/admin/userRoles/userActions', nobody)).statusCode).toBe(403);
  });
});

describe('what the caller may do with each role (currentUserActions)', () => {
  it('presents Edit to writers, Delete only on roles that can be deleted, and nothing to readers', async () => {
    const made = (await call('POST', '/admin/userRoles', admin.token, { name: 'Presented abilities' })).json<UserRole>();
    expect(made.currentUserActions).toEqual(['Edit', 'Delete']);
    const asAdmin = UserRoleListSchema.parse((await call('GET', '/admin/userRoles?pageSize=500', admin.token)).json()).items;
    expect(asAdmin.find((r) => r.userRoleId === adminRoleId)!.currentUserActions).toEqual(['Edit']);
    expect(asAdmin.find((r) => r.userRoleId === made.userRoleId)!.currentUserActions).toEqual(['Edit', 'Delete']);
    const asReader = (await call('GET', `/admin/userRoles/${made.userRoleId}`, reader)).json<UserRole>();
    expect(asReader.currentUserActions).toEqual([]);
  });
});
