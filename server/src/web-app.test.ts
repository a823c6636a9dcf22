import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands } from './db/schema/index.js';
import { createTestApp, type TestApp } from './test/harness.js';
import { BootDataElementId, bootDataScript, preferredEncoding } from './web-app.js';

const script = 'console.log("the chat route");\n'.repeat(50);

/** A small built web app: index.html, a hashed asset with its .br and .gz copies, and an unhashed file. */
function fakeWebBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-web-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html>\n<html>\n  <head>\n    <meta name="version" content="1" />\n    <script type="module" src="/assets/main-AbC123.js"></script>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
  );
  fs.writeFileSync(path.join(dir, 'assets/main-AbC123.js'), script);
  fs.writeFileSync(path.join(dir, 'assets/main-AbC123.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dir, 'assets/main-AbC123.js.gz'), zlib.gzipSync(script));
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

/** The JSON block's text as a browser would read it (textContent of the script element). */
const bootBlock = (html: string) => {
  const match = new RegExp(`<script type="application/json" id="${BootDataElementId}">([\\s\\S]*?)</script>`).exec(html);
  return match ? match[1]! : null;
};

const decode = (body: Buffer, encoding: unknown) =>
  encoding === 'br' ? zlib.brotliDecompressSync(body).toString() : encoding === 'gzip' ? zlib.gunzipSync(body).toString() : body.toString();

describe('the built web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeWebBuild();
    t = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends hashed assets precompressed (br when accepted, else gzip, else as they are), immutable', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: '/assets/main-AbC123.js', headers: accept ? { 'accept-encoding': accept } : {} });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(decode(res.rawPayload, encoding)).toBe(script);
    }
  });

  it('revalidates files that are not hashed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sends index.html for client routes compressed as accepted, with no-cache and an ETag', async () => {
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip;q=1, br;q=0', 'gzip'],
      ['', undefined],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: '/chat', headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['cache-control']).toBe('no-cache');
      const html = decode(res.rawPayload, encoding);
      expect(html).toContain('<script type="module" src="/assets/main-AbC123.js"></script>');
      const again = await t.app.inject({ method: 'GET', url: '/chat', headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode).toBe(304);
    }
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.headers['cache-control']).toBe('no-cache');
    expect(bootBlock(root.body)).not.toBeNull();
  });

  it('carries the public instance settings and the instance brand as a JSON block, the same for everyone', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/chat' })).body;
    const boot = JSON.parse(bootBlock(html)!) as { instanceSettings: unknown; brand: { brandKey: string; data: unknown } };
    // exactly what anyone may fetch from the API
    const settings = (await t.app.inject({ method: 'GET', url: '/api/internal/InstanceSettings' })).json();
    const brand = (await t.app.inject({ method: 'GET', url: '/api/internal/Brands/default' })).json();
    expect(boot.instanceSettings).toEqual(settings);
    expect(boot.brand).toEqual({ brandKey: 'default', data: brand });
    // a signed-in request gets the same page
    const user = await t.createUser({ actions: ['InstanceSettingsRead'] });
    const signedIn = (await t.app.inject({ method: 'GET', url: '/chat', headers: { authorization: `Bearer ${user.token}` } })).body;
    expect(bootBlock(signedIn)).toBe(bootBlock(html));
  });

  it('escapes the block so that a brand name cannot end it', async () => {
    const name = 'Campus </script><script>alert(1)</script> <!-- & \u2028';
    await t.ctx.db.update(brands).set({ name }).where(eq(brands.brandKey, 'default'));
    const html = (await t.app.inject({ method: 'GET', url: '/chat' })).body;
    const block = bootBlock(html)!;
    expect(block).not.toMatch(/[<>]/);
    expect(html.match(/<script/g)).toHaveLength(2);
    expect((JSON.parse(block) as { brand: { data: { name: string } } }).brand.data.name).toBe(name);
  });

  it('does not serve API paths or missing files as the page', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing-123.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/internal/no-such-route' })).statusCode).toBe(404);
  });
});

describe('bootDataScript and preferredEncoding', () => {
  it('writes markup characters as JSON escapes', () => {
    const out = bootDataScript({ instanceSettings: { name: '</script>' }, brand: null });
    expect(out).toBe(`<script type="application/json" id="${BootDataElementId}">{"instanceSettings":{"name":"\\u003c/script\\u003e"},"brand":null}</script>`);
  });

  it('prefers br, then gzip, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });
});
