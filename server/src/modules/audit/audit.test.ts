// The configuration audit log over HTTP: rows written by real admin changes, every filter, newest
// first with keyset paging that neither skips nor repeats, aggregate names, and refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigurationChangeListSchema, ErrorBodySchema, type ConfigurationChange } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { recordAudit } from '../../platform/audit.js';

let t: TestApp;
let auditor: string;
let roleAdmin: { id: string; token: string };
let nobody: string;
let roleId: string;
let userId: string;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/internal${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const list = async (query: string, token = auditor): Promise<ConfigurationChange[]> => {
  const res = await call('GET', `/admin/audit/configurationChanges${query}`, token);
  expect(res.statusCode).toBe(200);
  return ConfigurationChangeListSchema.parse(res.json()).items;
};

beforeAll(async () => {
  t = await createTestApp();
  auditor = (await t.createUser({ actions: ['ConfigurationAuditLogRead'] })).token;
  roleAdmin = await t.createUser({
    actions: ['UserRolesCreate', 'UserRolesWrite', 'UserRolePermissionsCreate', 'UserRolePermissionsWrite'],
    displayName: 'Otto Operator',
  });
  nobody = (await t.createUser({ actions: ['UserRead'] })).token;
  // real changes through the API write the rows
  roleId = (await call('POST', '/admin/userRoles', roleAdmin.token, { name: 'Librarians', userActions: ['DataSourcesRead'] })).json().userRoleId;
  await call('PUT', `/admin/userRoles/${roleId}`, roleAdmin.token, { description: 'Look after the file libraries' });
  userId = (
    await call('POST', '/admin/users', roleAdmin.token, {
      emailAddress: 'quinn@example.test',
      displayName: 'Quinn Query',
      password: 'a long enough passphrase',
    })
  ).json().userId;
  await call('POST', `/admin/users/${userId}/userRoles/${roleId}`, roleAdmin.token);
});
afterAll(() => t.close());

describe('GET /admin/audit/configurationChanges', () => {
  it('lists the changes newest first with who made them and before/after details', async () => {
    const items = await list('?pageSize=4');
    expect(items.map((i) => [i.type, i.domainOperation])).toEqual([
      ['User', 'UserRoleAdded'],
      ['User', 'Created'],
      ['UserRole', 'Updated'],
      ['UserRole', 'Created'],
    ]);
    expect(items[2]).toMatchObject({
      aggregateRootId: roleId,
      userId: roleAdmin.id,
      userName: 'Otto Operator',
      details: { before: { description: '' }, after: { description: 'Look after the file libraries' } },
    });
    expect(Date.parse(items[0]!.timeStamp)).toBeGreaterThanOrEqual(Date.parse(items[3]!.timeStamp));
  });

  it('filters by type, aggregateRootId, userName, domainOperation and details (case-insensitive)', async () => {
    expect((await list('?type=userrole')).map((i) => i.domainOperation)).toEqual(['Updated', 'Created']);
    expect((await list(`?aggregateRootId=${userId}`)).map((i) => i.domainOperation)).toEqual(['UserRoleAdded', 'Created']);
    expect((await list('?userName=otto')).length).toBe(4);
    expect((await list('?userName=nobody-like-this')).length).toBe(0);
    expect((await list('?domainOperation=created')).map((i) => i.type)).toEqual(['User', 'UserRole']);
    expect((await list('?details=FILE LIBRARIES')).map((i) => i.domainOperation)).toEqual(['Updated']);
    expect((await list('?type=User&domainOperation=Created&details=quinn')).length).toBe(1);
  });

  it('filters by a time range and refuses an empty or malformed one (400)', async () => {
    const all = await list('');
    const newest = all[0]!.timeStamp;
    expect((await list(`?timeStampFrom=${encodeURIComponent(newest)}`)).map((i) => i.configurationChangeId)).toContain(all[0]!.configurationChangeId);
    expect(await list(`?timeStampTo=${encodeURIComponent('2000-01-01T00:00:00Z')}`)).toEqual([]);
    expect((await call('GET', '/admin/audit/configurationChanges?timeStampFrom=yesterday', auditor)).statusCode).toBe(400);
    const empty = await call('GET', `/admin/audit/configurationChanges?timeStampFrom=2030-01-01T00:00:00Z&timeStampTo=2020-01-01T00:00:00Z`, auditor);
    expect(empty.statusCode).toBe(400);
  });

  it('refuses times the database has no value for: year 0000, offsets beyond 14 hours (was 500)', async () => {
    for (const time of ['0000-01-01T00:00:00Z', '2025-04-03T23:15:14+21:09', '2025-04-03T23:15:14-16:00']) {
      const res = await call('GET', `/admin/audit/configurationChanges?timeStampFrom=${encodeURIComponent(time)}`, auditor);
      expect(res.statusCode, time).toBe(400);
      expect(ErrorBodySchema.parse(res.json()).details[0]!.field).toBe('querystring.timeStampFrom');
    }
    expect((await call('GET', `/admin/audit/configurationChanges?timeStampTo=${encodeURIComponent('2025-04-03T23:15:14+14:00')}`, auditor)).statusCode).toBe(
      200,
    );
  });

  it('pages with continuationToken without skipping or repeating rows written in the same instant', async () => {
    // rows in one transaction share now(): the id breaks the tie
    await t.ctx.db.transaction(async (tx) => {
      for (let i = 0; i < 7; i++)
        await recordAudit(tx, { aggregateType: 'PagingProbe', aggregateId: `p${i}`, domainOperation: 'Touched', actor: { userId: null, userName: 'probe' } });
    });
    const ids: string[] = [];
    let token: string | null = null;
    let pages = 0;
    do {
      const res = await call('GET', `/admin/audit/configurationChanges?type=PagingProbe&pageSize=3${token ? `&continuationToken=${token}` : ''}`, auditor);
      const page = ConfigurationChangeListSchema.parse(res.json());
      ids.push(...page.items.map((i) => i.aggregateRootId));
      token = page.continuationToken;
      pages++;
    } while (token);
    expect(pages).toBe(3);
    expect(new Set(ids).size).toBe(7);
    expect((await call('GET', '/admin/audit/configurationChanges?continuationToken=abc', auditor)).statusCode).toBe(400);
  });

  it('refuses callers without ConfigurationAuditLogRead (403) and without a token (401)', async () => {
    expect((await call('GET', '/admin/audit/configurationChanges', nobody)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/internal/admin/audit/configurationChanges' })).statusCode).toBe(401);
  });

  it('offers the types and operations present for the filters', async () => {
    const res = await call('GET', '/admin/audit/configurationChanges/facets', auditor);
    expect(res.statusCode).toBe(200);
    expect(res.json().types).toEqual(expect.arrayContaining(['User', 'UserRole', 'PagingProbe']));
    expect(res.json().domainOperations).toEqual(expect.arrayContaining(['Created', 'Updated', 'UserRoleAdded']));
  });
});

describe('GET /admin/audit/aggregateRootName', () => {
  const nameOf = async (type: string, id: string) => {
    const res = await call('GET', `/admin/audit/aggregateRootName?type=${type}&aggregateRootId=${encodeURIComponent(id)}`, auditor);
    expect(res.statusCode).toBe(200);
    return res.json().name as string | null;
  };

  it('names roles, users and brands through their modules, and others from their audit rows', async () => {
    expect(await nameOf('UserRole', roleId)).toBe('Librarians');
    expect(await nameOf('user', userId)).toBe('Quinn Query (quinn@example.test)');
    expect(await nameOf('Brand', 'default')).toEqual(expect.any(String));
    await recordAudit(t.ctx.db, {
      aggregateType: 'GuidelinesDocument',
      aggregateId: 'g-1',
      domainOperation: 'Created',
      actor: { userId: null, userName: null },
      after: { documentTitle: 'Acceptable use' },
    });
    expect(await nameOf('GuidelinesDocument', 'g-1')).toBe('Acceptable use');
    expect(await nameOf('Nothing', 'x')).toBeNull();
  });

  it('names a deleted role from what was recorded when it was deleted', async () => {
    const id = (await call('POST', '/admin/userRoles', roleAdmin.token, { name: 'Short-lived' })).json().userRoleId;
    expect((await call('DELETE', `/admin/userRoles/${id}`, roleAdmin.token)).statusCode).toBe(204);
    expect(await nameOf('UserRole', id)).toBe('Short-lived');
  });

  it('needs type and aggregateRootId (400) and the audit action (403)', async () => {
    expect((await call('GET', '/admin/audit/aggregateRootName?type=User', auditor)).statusCode).toBe(400);
    expect((await call('GET', `/admin/audit/aggregateRootName?type=User&aggregateRootId=${userId}`, nobody)).statusCode).toBe(403);
  });
});
