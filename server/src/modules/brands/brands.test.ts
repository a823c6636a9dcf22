import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BrandSchema } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { brandFiles, brands } from '../../db/schema/index.js';

const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('brand routes', () => {
  let t: TestApp;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves the seeded default brand without a token', async () => {
    const res = await get('/api/internal/Brands/default');
    expect(res.statusCode).toBe(200);
    const brand = BrandSchema.parse(res.json());
    expect(brand).toMatchObject({
      brandKey: 'default',
      name: 'Atrium',
      logoFileName: 'logo.svg',
      navigationLogoFileName: 'navigation-logo.svg',
      splashScreenBackgroundFileName: 'splash-screen-background.svg',
      avatar: 'avatar.svg',
      useLoginBackgroundImg: true,
      loginAlignment: 'Center',
      theme: { primary: '#1d4ed8' },
    });
  });

  it('answers 404 for an unknown brand and its files', async () => {
    for (const url of ['/api/internal/Brands/nope', '/api/internal/Brands/nope/logo.svg']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found', details: [] });
    }
  });

  it('serves the shipped default images with validators and a day of caching', async () => {
    for (const name of ['logo.svg', 'navigation-logo.svg', 'splash-screen-background.svg', 'avatar.svg']) {
      const res = await get(`/api/internal/Brands/default/${name}`);
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect(res.headers.etag).toMatch(/^"[^"]+"$/);
      expect(res.body).toContain('<svg');
    }
  });

  it('answers 304 when the client already holds the current file', async () => {
    const first = await get('/api/internal/Brands/default/logo.svg');
    const etag = first.headers.etag as string;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await get('/api/internal/Brands/default/logo.svg', { 'if-none-match': ifNoneMatch });
      expect(res.statusCode, ifNoneMatch).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers.etag).toBe(etag);
    }
    expect((await get('/api/internal/Brands/default/logo.svg', { 'if-none-match': '"stale"' })).statusCode).toBe(200);
  });

  it('maps slot names with any extension and a version query to the slot file', async () => {
    const logo = await get('/api/internal/Brands/default/logo.svg');
    const asPng = await get('/api/internal/Brands/default/logo.png?v=1700000000');
    expect(asPng.statusCode).toBe(200);
    expect(asPng.headers.etag).toBe(logo.headers.etag);
    const nav = await get('/api/internal/Brands/default/navigation-logo.svg');
    expect((await get('/api/internal/Brands/default/navigationLogo.png')).headers.etag).toBe(nav.headers.etag);
    const splash = await get('/api/internal/Brands/default/splash-screen-background.svg');
    expect((await get('/api/internal/brands/DEFAULT/splashScreenBackground.jpg')).statusCode).toBe(404);
    expect((await get('/api/internal/brands/default/splashScreenBackground.jpg')).headers.etag).toBe(splash.headers.etag);
    expect((await get('/api/internal/Brands/default/avatar')).statusCode).toBe(200);
    expect((await get('/api/internal/Brands/default/something-else.png')).statusCode).toBe(404);
  });

  it('refuses names that try to leave the brand folder', async () => {
    for (const name of ['..%2F..%2Fpackage.json', '.env', 'a%2Fb.svg', '%2E%2E', 'logo.svg%00.png', 'a%5Cb.svg']) {
      const res = await get(`/api/internal/Brands/default/${name}`);
      expect([400, 404], name).toContain(res.statusCode);
      expect(res.headers['content-type'], name).toContain('application/json');
    }
    const res = await get('/api/internal/Brands/default/.env');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_error', details: [{ field: 'params.fileName' }] });
  });

  it('serves uploaded files from the blob store, and a slot serves its uploaded file', async () => {
    await t.ctx.blobs.put('brands/default/campus-logo.png', png, 'image/png');
    await t.ctx.db
      .insert(brandFiles)
      .values({ brandKey: 'default', fileName: 'campus-logo.png', contentType: 'image/png', sizeBytes: png.length, blobKey: 'brands/default/campus-logo.png' });
    const direct = await get('/api/internal/Brands/default/campus-logo.png');
    expect(direct.statusCode).toBe(200);
    expect(direct.headers['content-type']).toBe('image/png');
    expect(direct.rawPayload.equals(png)).toBe(true);
    expect((await get('/api/internal/Brands/default/campus-logo.png', { 'if-none-match': direct.headers.etag as string })).statusCode).toBe(304);

    await t.ctx.db.update(brands).set({ logoFileName: 'campus-logo.png' }).where(eq(brands.brandKey, 'default'));
    const viaSlot = await get('/api/internal/Brands/default/logo.png?v=2');
    expect(viaSlot.headers['content-type']).toBe('image/png');
    expect(viaSlot.headers.etag).toBe(direct.headers.etag);
  });

  it('falls back to the shipped default when a slot points at a file that is gone', async () => {
    await t.ctx.db.update(brands).set({ avatarFileName: 'removed.png' }).where(eq(brands.brandKey, 'default'));
    const res = await get('/api/internal/Brands/default/avatar.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
  });

  it('answers 404 when an uploaded file lost its bytes', async () => {
    await t.ctx.db
      .insert(brandFiles)
      .values({ brandKey: 'default', fileName: 'lost.png', contentType: 'image/png', sizeBytes: 10, blobKey: 'brands/default/lost.png' });
    const res = await get('/api/internal/Brands/default/lost.png');
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control'] ?? '').not.toContain('public');
  });
});
