// Scripts send `Content-Type: application/json` with an empty body on calls that take none
// (docs/wire-protocol.md, "Personal agents as scripts build them"). Walks every POST, PUT, PATCH and
// DELETE route of the real app: wherever `{}` passes validation, an empty body must pass it too.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserActions } from '@atrium/contract';
import { createTestApp, type TestApp } from '../test/harness.js';
import { routeTable, type RouteEntry } from './access.js';

/** A route that started answering (a stream) has passed validation already. */
const StillAnsweringMs = 3000;

describe('empty JSON bodies', () => {
  let t: TestApp;
  let token: string;
  let routes: RouteEntry[];

  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.createUser({ actions: [...UserActions] })).token;
    // sign-out and token renewal would end the caller's session; they read no JSON body anyway
    routes = routeTable(t.app).filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && r.url.startsWith('/api') && !/\/auth\//i.test(r.url));
  });
  afterAll(() => t.close());

  const concreteUrl = (url: string) => url.replace(/:[A-Za-z0-9_]+(\([^)]*\))?\??/g, () => randomUUID()).replace(/\*$/, 'anything');

  /** The error code of the answer (null when it is not an error, or still streaming). */
  async function codeOf(route: RouteEntry, payload: string): Promise<string | null> {
    const request = t.app.inject({
      method: route.method as 'POST',
      url: concreteUrl(route.url),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload,
    });
    let timer: NodeJS.Timeout | undefined;
    const slow = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), StillAnsweringMs)));
    try {
      const res = await Promise.race([request, slow]);
      if (!res || res.statusCode < 400) return null;
      try {
        return String((res.json() as { code?: unknown }).code ?? res.statusCode);
      } catch {
        return String(res.statusCode);
      }
    } finally {
      clearTimeout(timer);
    }
  }

  it('reads an empty body as no body wherever {} is valid', async () => {
    expect(routes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const r of routes) {
      const withObject = await codeOf(r, '{}');
      if (withObject === 'validation_error' || withObject === 'malformed_json') continue;
      const empty = await codeOf(r, '');
      if (empty === 'validation_error' || empty === 'malformed_json') failures.push(`${r.method} ${r.url}: {} -> ${withObject ?? 'ok'}, empty -> ${empty}`);
    }
    expect(failures).toEqual([]);
  });
});
