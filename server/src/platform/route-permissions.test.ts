// Walks every route the real app registers (routes added by later modules are covered without
// editing this file) and proves that the access each one declares is what the server enforces.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserActions, type UserAction } from '@atrium/contract';
import { createTestApp, type TestApp } from '../test/harness.js';
import { routeTable, type RouteEntry } from './access.js';

interface Outcome {
  status: number;
  /** the Bearer challenge marks a 401 of the access check, as opposed to a route's own 401 */
  challenged: boolean;
}

/** An answer the server may be still streaming has passed the access hook already. */
const StillAnsweringMs = 5000;

describe('route permissions', () => {
  let t: TestApp;
  let routes: RouteEntry[];
  const tokens = new Map<string, Promise<string>>();

  /** one user per distinct set of actions, created on first use */
  const tokenWith = (actions: readonly UserAction[]) => {
    const key = [...actions].sort().join(',');
    if (!tokens.has(key))
      tokens.set(
        key,
        t.createUser({ actions: [...actions] }).then((u) => u.token),
      );
    return tokens.get(key)!;
  };

  const concreteUrl = (url: string) => url.replace(/:[A-Za-z0-9_]+(\([^)]*\))?\??/g, () => randomUUID()).replace(/\*$/, 'anything');

  async function call(route: RouteEntry, token: string | null): Promise<Outcome | 'still answering'> {
    const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
    const request = t.app.inject({
      method: route.method as 'GET',
      url: concreteUrl(route.url),
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(hasBody ? { 'content-type': 'application/json' } : {}) },
      ...(hasBody ? { payload: '{}' } : {}),
    });
    let timer: NodeJS.Timeout | undefined;
    const slow = new Promise<'still answering'>((resolve) => {
      timer = setTimeout(() => resolve('still answering'), StillAnsweringMs);
    });
    try {
      const res = await Promise.race([request, slow]);
      if (res === 'still answering') return res;
      return { status: res.statusCode, challenged: String(res.headers['www-authenticate'] ?? '').startsWith('Bearer') };
    } finally {
      clearTimeout(timer);
    }
  }

  const refusedByAccess = (o: Outcome | 'still answering') => o !== 'still answering' && (o.status === 403 || (o.status === 401 && o.challenged));
  const challenged = (o: Outcome | 'still answering') => o !== 'still answering' && o.status === 401 && o.challenged;
  const describeRoute = (r: RouteEntry) => `${r.method} ${r.url}`;

  beforeAll(async () => {
    t = await createTestApp();
    // HEAD routes are the automatic twins of GET routes and share their declaration.
    routes = routeTable(t.app).filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
  });
  afterAll(() => t.close());

  it('sees every route of the app, so that it cannot pass by testing nothing', () => {
    expect(routes.length).toBeGreaterThan(5);
    expect(routes).toContainEqual({ method: 'GET', url: '/api/internal/CurrentUser/UserRolesWithResolvedActions', access: 'authenticated' });
    expect(routes).toContainEqual({ method: 'GET', url: '/api/internal/health', access: 'public' });
    for (const r of routes) if (r.url.startsWith('/api')) expect(r.access, describeRoute(r)).toBeDefined();
  });

  it('lets anyone reach public routes without a token', async () => {
    const failures: string[] = [];
    // A sign-in route may answer 401 itself (no credentials); only the access check's refusal counts.
    for (const r of routes.filter((x) => x.access === 'public')) {
      const o = await call(r, null);
      if (refusedByAccess(o)) failures.push(`${describeRoute(r)} -> ${JSON.stringify(o)}`);
    }
    expect(failures).toEqual([]);
  });

  it('asks for a valid token on authenticated routes and needs no action', async () => {
    const failures: string[] = [];
    const noActions = await tokenWith([]);
    for (const r of routes.filter((x) => x.access === 'authenticated')) {
      const anonymous = await call(r, null);
      if (!challenged(anonymous)) failures.push(`${describeRoute(r)} without token -> ${JSON.stringify(anonymous)}`);
      const forged = await call(r, `${noActions.slice(0, -4)}AAAA`);
      if (!challenged(forged)) failures.push(`${describeRoute(r)} with a forged token -> ${JSON.stringify(forged)}`);
      const signedIn = await call(r, noActions);
      if (refusedByAccess(signedIn)) failures.push(`${describeRoute(r)} with a token -> ${JSON.stringify(signedIn)}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses callers without one of the declared actions and admits each declared action alone', async () => {
    const failures: string[] = [];
    for (const r of routes) {
      if (typeof r.access !== 'object') continue;
      const listed = r.access.anyOf;
      const anonymous = await call(r, null);
      if (!challenged(anonymous)) failures.push(`${describeRoute(r)} without token -> ${JSON.stringify(anonymous)}`);
      const everythingElse = await call(r, await tokenWith(UserActions.filter((a) => !listed.includes(a))));
      if (everythingElse === 'still answering' || everythingElse.status !== 403)
        failures.push(`${describeRoute(r)} without ${listed.join('|')} -> ${JSON.stringify(everythingElse)}`);
      for (const action of listed) {
        // admin-area routes count GptSystemsRead only for administrators: pair it with an unlisted admin action
        const companion =
          r.access.adminArea && action === 'GptSystemsRead' ? UserActions.filter((a) => a !== 'GptSystemsRead' && !listed.includes(a)).slice(0, 1) : [];
        const one = await call(r, await tokenWith([action, ...companion]));
        if (refusedByAccess(one)) failures.push(`${describeRoute(r)} with only ${[action, ...companion].join('+')} -> ${JSON.stringify(one)}`);
        if (companion.length) {
          const alone = await call(r, await tokenWith([action]));
          if (alone === 'still answering' || alone.status !== 403)
            failures.push(`${describeRoute(r)} admin area with only ${action} -> ${JSON.stringify(alone)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
