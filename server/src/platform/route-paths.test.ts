// Every path the server registers is one of the contract's (contract/src/routes.ts: the `…Routes` namespaces the web
// fills in with pathTo), and every path the contract names is registered. A route added with a string of its own, or
// a path changed on one side only, fails here. Walks the real app's routes, so that new modules are covered at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contract from '@atrium/contract';
import { createTestApp, type TestApp } from '../test/harness.js';
import { routeTable } from './access.js';
import { DocsBase } from './openapi.js';

/** every path pattern in the contract's …Routes namespaces (and the objects inside them, such as image slots) */
function contractPaths(): Set<string> {
  const paths = new Set<string>();
  const collect = (value: unknown) => {
    if (typeof value === 'string') paths.add(value);
    else if (value && typeof value === 'object') for (const inner of Object.values(value)) collect(inner);
  };
  for (const [name, value] of Object.entries(contract)) if (name.endsWith('Routes')) collect(value);
  return paths;
}

/** a registered URL without the API base it is mounted under; null for what is not the API (the OpenAPI pages) */
function apiPath(url: string): string | null {
  if (url === DocsBase || url.startsWith(`${DocsBase}/`)) return null;
  for (const base of [contract.ApiBase, contract.ExternalApiBase]) if (url.startsWith(`${base}/`)) return url.slice(base.length);
  return null;
}

describe('route paths', () => {
  let t: TestApp;
  let registered: { method: string; url: string; path: string }[];

  beforeAll(async () => {
    t = await createTestApp();
    registered = routeTable(t.app).flatMap((r) => {
      const path = apiPath(r.url);
      return path === null || r.method === 'HEAD' || r.method === 'OPTIONS' ? [] : [{ method: r.method, url: r.url, path }];
    });
  });
  afterAll(() => t.close());

  it('sees the routes of the app and the paths of the contract, so that it cannot pass by comparing nothing', () => {
    expect(registered.length).toBeGreaterThan(150);
    expect(contractPaths().size).toBeGreaterThan(150);
    expect(contractPaths()).toContain(contract.ConversationRoutes.segments);
  });

  it('registers only paths the contract holds', () => {
    const paths = contractPaths();
    expect(registered.filter((r) => !paths.has(r.path)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('registers every path the contract holds', () => {
    const served = new Set(registered.map((r) => r.path));
    expect([...contractPaths()].filter((p) => !served.has(p))).toEqual([]);
  });
});
