// The OpenAPI description at /api/docs: every /api route the real app registers is in it (routes added
// by later modules are covered without editing this file), it is valid OpenAPI 3.1, it shows what each
// route's config.access requires, and the reference page loads nothing but the server's own files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createTestApp, type TestApp } from '../test/harness.js';
import { routeTable, type RouteEntry } from './access.js';
import { DocsBase, OpenApiDocumentPath } from './openapi.js';

interface Operation {
  tags?: string[];
  security?: Record<string, string[]>[];
  description?: string;
  'x-atrium-access'?: string;
  'x-atrium-actions'?: string[];
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
}

const isDocsRoute = (r: RouteEntry) => r.url.toLowerCase() === DocsBase || r.url.toLowerCase().startsWith(`${DocsBase}/`);

/** fastify's `/a/:id` (and `/a/:id(regex)`, `/a/*`) as OpenAPI writes it: `/a/{id}` */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)(\([^)]*\))?\??/g, '{$1}').replace(/\*$/, '{*}');

describe('OpenAPI description', () => {
  let t: TestApp;
  let doc: Document;
  let apiRoutes: RouteEntry[];

  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: OpenApiDocumentPath });
    expect(res.statusCode).toBe(200);
    doc = res.json<Document>();
    // HEAD routes are the automatic twins of GET routes; the docs' own routes are not part of the API
    apiRoutes = routeTable(t.app).filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && r.url.toLowerCase().startsWith('/api/') && !isDocsRoute(r));
  });
  afterAll(() => t.close());

  const operation = (r: RouteEntry) => doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()];

  it('lists every /api route the app registers (method and path)', () => {
    expect(apiRoutes.length).toBeGreaterThan(50);
    expect(apiRoutes.some((r) => r.url.startsWith('/api/external/v1/'))).toBe(true);
    const missing = apiRoutes.filter((r) => !operation(r)).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('has nothing but /api/internal and /api/external/v1 paths (no web app or docs routes)', () => {
    const paths = Object.keys(doc.paths);
    expect(paths.filter((p) => !p.startsWith('/api/internal/') && !p.startsWith('/api/external/v1/'))).toEqual([]);
    expect(paths.filter((p) => p.startsWith(DocsBase))).toEqual([]);
  });

  it('is valid OpenAPI 3.1', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'Atrium', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(doc.servers).toEqual([{ url: '/' }]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(validator.version).toBe('3.1');
    expect(result.valid).toBe(true);
  });

  it("shows what each route's config.access requires, and tags it with its module", () => {
    const failures: string[] = [];
    for (const r of apiRoutes) {
      const op = operation(r);
      if (!op) continue;
      const where = `${r.method} ${r.url}`;
      if (!op.tags?.length || op.tags[0] === 'Other') failures.push(`${where}: no module tag`);
      if (r.access === 'public') {
        if (op['x-atrium-access'] !== 'public' || op.security?.length !== 0) failures.push(`${where}: not shown as public`);
      } else if (r.access === 'authenticated') {
        if (op['x-atrium-access'] !== 'authenticated' || !op.security?.some((s) => 'bearerAuth' in s)) failures.push(`${where}: not shown as authenticated`);
      } else {
        if (JSON.stringify(op['x-atrium-actions']) !== JSON.stringify(r.access.anyOf) || !op.security?.some((s) => 'bearerAuth' in s))
          failures.push(`${where}: actions not shown`);
        if (!r.access.anyOf.every((a) => op.description?.includes(a))) failures.push(`${where}: actions not in the description`);
      }
    }
    expect(failures).toEqual([]);
    const health = doc.paths['/api/internal/health']?.get;
    expect(health?.tags).toEqual(['Instance']);
  });

  it('describes the upload routes, which read multipart themselves, with their one file field and limit', () => {
    const uploads = [
      ['post', '/api/internal/attachments'],
      ['post', '/api/internal/userConversations/visionImages'],
      ['post', '/api/internal/admin/gptSystems/{gptSystemId}/avatar'],
      ['post', '/api/internal/configStates/{configStateId}/avatar'],
      ['post', '/api/internal/admin/brands/{brandKey}/logo'],
      ['put', '/api/internal/InstanceSettings/favicons'],
    ] as const;
    for (const [method, p] of uploads) {
      const op = doc.paths[p]?.[method] as (Operation & { requestBody?: { content: Record<string, { schema: { required: string[] } }> } }) | undefined;
      expect(op?.requestBody?.content['multipart/form-data']?.schema.required, `${method} ${p}`).toEqual(['file']);
      expect(op?.description).toMatch(/at most \d+ (KB|MB)/);
    }
  });

  it('answers the reference page at /api/docs, whose scripts and styles all come from the server itself', async () => {
    for (const url of [DocsBase, `${DocsBase}/`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      // the app's Content-Security-Policy holds here too: scripts only from this origin, none inline
      expect(String(res.headers['content-security-policy'])).toMatch(/script-src 'self'(;|$)/);
      const html = res.body;
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attrs, body] of scripts) {
        const src = /\bsrc="([^"]+)"/.exec(attrs!)?.[1];
        expect(src, 'an inline script would be refused by the CSP').toBeDefined();
        expect(body!.trim()).toBe('');
        expect(src).not.toMatch(/^(https?:)?\/\//i);
        const asset = await t.app.inject({ method: 'GET', url: new URL(src!, `http://atrium.test${url}`).pathname });
        expect(asset.statusCode, src).toBe(200);
        expect(asset.headers['content-type']).toMatch(/javascript/);
      }
      for (const [, href] of html.matchAll(/<link\b[^>]*\bhref="([^"]+)"/gi)) expect(href).not.toMatch(/^(https?:)?\/\//i);
    }
    // what the page loads: the description, by a relative URL
    const init = await t.app.inject({ method: 'GET', url: `${DocsBase}/static/swagger-initializer.js` });
    expect(init.body).toContain("resolveUrl('./json')");
    expect((await t.app.inject({ method: 'GET', url: `${DocsBase}/json` })).json()).toEqual(doc);
  });

  it('needs no token for the docs, and the web app does not swallow them', async () => {
    const res = await t.app.inject({ method: 'GET', url: OpenApiDocumentPath, headers: { authorization: 'Bearer not-a-token' } });
    expect(res.statusCode).toBe(200);
    expect(routeTable(t.app).filter((r) => r.url.startsWith(DocsBase) && r.access !== 'public')).toEqual([]);

    // with a built web app, whose catch-all answers every other GET
    const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-web-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>web app</title>');
    const withWeb = await createTestApp({ WEB_DIST_DIR: webDir });
    try {
      const page = await withWeb.app.inject({ method: 'GET', url: DocsBase });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('web app');
      expect(page.body).toContain('swagger-ui');
      const json = await withWeb.app.inject({ method: 'GET', url: OpenApiDocumentPath });
      expect(json.json<Document>().openapi).toBe('3.1.0');
      expect(Object.keys(json.json<Document>().paths).filter((p) => !p.startsWith('/api/'))).toEqual([]);
      expect((await withWeb.app.inject({ method: 'GET', url: '/chat' })).body).toContain('web app');
    } finally {
      await withWeb.close();
      fs.rmSync(webDir, { recursive: true, force: true });
    }
  });
});
