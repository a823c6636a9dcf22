// The cache bus between two server processes (two apps on one database, each with its own caches, as two
// processes are): a change made through one applies on the other at once, where without Redis it waits for
// the cached copy's 5 s lifetime. Needs the local Redis (REDIS_URL or 127.0.0.1:6379), as CI runs it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createTestApp, type TestApp } from '../test/harness.js';
import { Caches } from './caches.js';
import { connectCacheBus } from './cache-bus.js';
import { ttlCache } from './ttl-cache.js';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const silent = { warn() {} } as never;

let one: TestApp;
let two: TestApp;

beforeAll(async () => {
  one = await createTestApp({ REDIS_URL: redisUrl });
  two = await createTestApp({ REDIS_URL: redisUrl }, undefined, { database: one.ctx.database });
});
afterAll(async () => {
  await two?.close();
  await one?.close();
});

/** how long until `check` holds, polling every 5 ms; fails after `withinMs` */
async function waitUntil(check: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('the cache bus', () => {
  it('carries a role change made through one process to the other, long before the 5 s lifetime', async () => {
    const admin = await one.createUser({ actions: ['UserRolesRead', 'UserRolesWrite'] });
    const holder = await one.createUser({ actions: [] });
    const roles = (await one.app.inject({ method: 'GET', url: '/api/internal/admin/userRoles', headers: { authorization: `Bearer ${admin.token}` } })).json<{
      items: { userRoleId: string; name: string }[];
    }>();
    const own = roles.items.find((r) => r.name.startsWith('role-') && r.userRoleId)!;
    expect(own).toBeDefined();
    const audit = (app: TestApp) =>
      app.app
        .inject({ method: 'GET', url: '/api/internal/admin/audit/configurationChanges', headers: { authorization: `Bearer ${holder.token}` } })
        .then((r) => r.statusCode);
    // both processes have the holder's principal cached, without the action
    expect(await audit(one)).toBe(403);
    expect(await audit(two)).toBe(403);
    // the holder's own role (createUser gives each person one) gets the action, through the first process
    const holderRole = await one.ctx.db.query.userRoleAssignments.findFirst({ where: (a, { eq }) => eq(a.userId, holder.id) });
    const changed = await one.app.inject({
      method: 'PUT',
      url: `/api/internal/admin/userRoles/${holderRole!.roleId}`,
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { userActions: ['ConfigurationAuditLogRead'] },
    });
    expect(changed.statusCode).toBe(200);
    expect(await audit(one)).toBe(200);
    // the second process sees it well within the 5 s its cached principal would otherwise live
    await waitUntil(async () => (await audit(two)) === 200, 2_000);
  });

  it('forgets one key or all of a named cache on the other side, and ignores its own and malformed messages', async () => {
    const channel = `atrium:caches:test:${Math.random()}`;
    const a = { caches: new Caches() };
    const b = { caches: new Caches() };
    const busA = connectCacheBus(a.caches, { redisUrl, logger: silent, channel });
    const busB = connectCacheBus(b.caches, { redisUrl, logger: silent, channel });
    await Promise.all([busA.subscribed, busB.subscribed]);
    try {
      const cache = ttlCache<number>({ name: 'test.bus', max: 10, ttlMs: 60_000 });
      let loads = 0;
      const load = async () => ++loads;
      await cache.get(a, 'x', load);
      await cache.get(b, 'x', load);
      await cache.get(b, 'y', load);
      expect(loads).toBe(3);
      cache.delete(a, 'x');
      // b forgets x (reloads it) but keeps y
      await waitUntil(async () => (await cache.get(b, 'x', load)) > 3, 2_000);
      const afterX = loads;
      expect(await cache.get(b, 'y', load)).toBe(3);
      cache.delete(a);
      await waitUntil(async () => (await cache.get(b, 'y', load)) > afterX, 2_000);
      // malformed messages are ignored
      const raw = new Redis(redisUrl);
      await raw.publish(channel, 'not json');
      await raw.publish(channel, JSON.stringify({ from: 'elsewhere', name: 7 }));
      raw.disconnect();
      const before = loads;
      await cache.get(b, 'z', load);
      expect(loads).toBe(before + 1);
    } finally {
      await busA.close();
      await busB.close();
    }
  });
});
