import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { AdminBrandSchema, BrandImageMaxBytes } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { auditLog, gptSystems } from '../../db/schema/index.js';
import { blackPng } from '../../test/upload-fixtures.js';

const Png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000200e2a3a1d50000000049454e44ae426082',
  'hex',
);
const Svg = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#ff0000"/></svg>',
);

function multipart(data: Buffer, fileName: string, contentType: string, field = 'file') {
  const boundary = '----atrium-brand-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('admin brands', () => {
  let t: TestApp;
  let admin: { id: string; token: string };
  let reader: { token: string };
  let creator: { token: string };
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api/internal${url}`, headers: auth(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  const upload = (token: string, url: string, body: ReturnType<typeof multipart>) =>
    t.app.inject({ method: 'POST', url: `/api/internal${url}`, headers: { ...auth(token), ...body.headers }, payload: body.payload });
  const auditRows = (aggregateId: string) =>
    t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.aggregateType, 'Brand'), eq(auditLog.aggregateId, aggregateId)))
      .orderBy(auditLog.createdAt);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({ actions: ['BrandsRead', 'BrandsCreate', 'BrandsWrite'], displayName: 'Brand Admin' });
    reader = await t.createUser({ actions: ['BrandsRead'] });
    creator = await t.createUser({ actions: ['BrandsCreate'] });
  });
  afterAll(() => t.close());

  it('lists brands with the default marked, its uploads and agent counts', async () => {
    const res = await call('GET', '/admin/brands', reader.token);
    expect(res.statusCode).toBe(200);
    const items = res.json().items;
    expect(items).toHaveLength(1);
    expect(AdminBrandSchema.parse(items[0])).toMatchObject({ brandKey: 'default', isDefault: true, files: [] });
    expect(items[0].agentCount).toBeGreaterThanOrEqual(1); // the seeded System agent
  });

  it('creates a brand from a slug key, filling what is left out from the default theme, and audits it', async () => {
    const res = await call('POST', '/admin/brands/campus', creator.token, { name: 'Campus', theme: { primary: '#aa0000' }, loginAlignment: 'Left' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      brandKey: 'campus',
      name: 'Campus',
      isDefault: false,
      loginAlignment: 'Left',
      theme: { primary: '#aa0000', secondary: '#0f766e' },
      agentCount: 0,
    });
    const rows = await auditRows('campus');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ domainOperation: 'Created', userId: expect.any(String) });
    expect((rows[0]!.details as { after: { name: string } }).after.name).toBe('Campus');

    const again = await call('POST', '/admin/brands/campus', creator.token, { name: 'Again' });
    expect(again.statusCode).toBe(409);
    const viaList = await call('POST', '/admin/brands', creator.token, { brandKey: 'second-brand', name: 'Second' });
    expect(viaList.statusCode).toBe(201);
  });

  it('refuses bad keys and bad fields with 400 and field details', async () => {
    for (const key of ['Bad_Key', '-lead', 'x', 'instancedefaults']) {
      const res = await call('POST', `/admin/brands/${key}`, admin.token, { name: 'X' });
      expect(res.statusCode, key).toBe(400);
      expect(res.json().details[0].field).toBe('params.brandKey');
    }
    const colour = await call('POST', '/admin/brands/colours', admin.token, { name: 'X', theme: { primary: 'red' } });
    expect(colour.statusCode).toBe(400);
    expect(colour.json().details[0].field).toBe('theme.primary');
    const mismatch = await call('POST', '/admin/brands/one-key', admin.token, { brandKey: 'other-key', name: 'X' });
    expect(mismatch.statusCode).toBe(400);
    const alignment = await call('PUT', '/admin/brands/campus', admin.token, { loginAlignment: 'Middle' });
    expect(alignment.statusCode).toBe(400);
  });

  it('refuses callers without the action (403) and answers 404 for unknown brands', async () => {
    expect((await call('POST', '/admin/brands/reader-made', reader.token, { name: 'X' })).statusCode).toBe(403);
    expect((await call('PUT', '/admin/brands/campus', creator.token, { name: 'X' })).statusCode).toBe(403);
    expect((await call('DELETE', '/admin/brands/campus', reader.token)).statusCode).toBe(403);
    expect((await upload(reader.token, '/admin/brands/campus/logo', multipart(Png, 'a.png', 'image/png'))).statusCode).toBe(403);
    expect((await call('GET', '/admin/brands/nope', reader.token)).statusCode).toBe(404);
    expect((await call('PUT', '/admin/brands/nope', admin.token, { name: 'X' })).statusCode).toBe(404);
    expect((await call('DELETE', '/admin/brands/nope', admin.token)).statusCode).toBe(404);
    expect((await upload(admin.token, '/admin/brands/nope/logo', multipart(Png, 'a.png', 'image/png'))).statusCode).toBe(404);
  });

  it('updates colours and login layout; the public brand changes its ETag and serves 304 for the current one', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/internal/Brands/campus' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ method: 'GET', url: '/api/internal/Brands/campus', headers: { 'if-none-match': etag } })).statusCode).toBe(304);

    const res = await call('PUT', '/admin/brands/campus', admin.token, {
      theme: { secondary: '#00aa00', useGradientButtons: true },
      loginBackground: { main: '#123456' },
      useLoginBackgroundImg: true,
      loginAlignment: 'Right',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      theme: { primary: '#aa0000', secondary: '#00aa00', useGradientButtons: true, loginBackground: { main: '#123456' } },
      loginBackground: { main: '#123456' },
      loginAlignment: 'Right',
      useLoginBackgroundImg: true,
    });

    const after = await t.app.inject({ method: 'GET', url: '/api/internal/Brands/campus', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json().theme.secondary).toBe('#00aa00');
    const rows = await auditRows('campus');
    expect(rows.at(-1)).toMatchObject({ domainOperation: 'Updated', userName: 'Brand Admin' });
  });

  it('uploads images per slot, checked by their bytes, and serves them publicly and to admins', async () => {
    const res = await upload(admin.token, '/admin/brands/campus/logo', multipart(Png, 'whatever.svg', 'image/svg+xml'));
    expect(res.statusCode).toBe(200);
    const brand = res.json();
    expect(brand.logoFileName).toMatch(/^logo-[0-9a-f]{8}\.png$/);
    expect(brand.files).toEqual([expect.objectContaining({ fileName: brand.logoFileName, contentType: 'image/png', sizeBytes: Png.length })]);

    const pub = await t.app.inject({ method: 'GET', url: `/api/internal/Brands/campus/logo.png?v=1` });
    expect(pub.statusCode).toBe(200);
    expect(pub.headers['content-type']).toBe('image/png');
    expect(pub.rawPayload.equals(Png)).toBe(true);
    const viaAdmin = await call('GET', `/admin/brands/campus/files/${brand.logoFileName}`, reader.token);
    expect(viaAdmin.statusCode).toBe(200);
    expect(viaAdmin.rawPayload.equals(Png)).toBe(true);

    // a second upload replaces the first: the old file is gone
    const svg = await upload(admin.token, '/admin/brands/campus/splashScreenBackground', multipart(Svg, 'bg.png', 'image/png'));
    expect(svg.statusCode).toBe(200);
    const splash = svg.json().splashScreenBackgroundFileName as string;
    const served = await t.app.inject({ method: 'GET', url: `/api/internal/Brands/campus/${splash}` });
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    const logo2 = await upload(admin.token, '/admin/brands/campus/logo', multipart(Png, 'b.png', 'image/png'));
    expect(logo2.json().logoFileName).not.toBe(brand.logoFileName);
    expect((await call('GET', `/admin/brands/campus/files/${brand.logoFileName}`, reader.token)).statusCode).toBe(404);
    for (const slot of ['avatar', 'navigationLogo'])
      expect((await upload(admin.token, `/admin/brands/campus/${slot}`, multipart(Png, 'x.png', 'image/png'))).statusCode).toBe(200);
    const ops = (await auditRows('campus')).map((r) => r.domainOperation);
    expect(ops).toEqual(expect.arrayContaining(['logoUploaded', 'splashScreenBackgroundUploaded', 'avatarUploaded', 'navigationLogoUploaded']));
  });

  it('refuses uploads of the wrong type, empty, too large, without multipart or without the file field', async () => {
    const html = await upload(
      admin.token,
      '/admin/brands/campus/logo',
      multipart(Buffer.from('<html><script>alert(1)</script></html>'), 'logo.png', 'image/png'),
    );
    expect(html.statusCode).toBe(400);
    expect(html.json().details).toEqual([{ field: 'file', message: 'Unsupported image type' }]);
    expect((await upload(admin.token, '/admin/brands/campus/logo', multipart(Buffer.alloc(0), 'e.png', 'image/png'))).statusCode).toBe(400);
    const big = Buffer.concat([Png, Buffer.alloc(BrandImageMaxBytes)]);
    const tooBig = await upload(admin.token, '/admin/brands/campus/logo', multipart(big, 'big.png', 'image/png'));
    expect(tooBig.statusCode).toBe(413);
    expect((await upload(admin.token, '/admin/brands/campus/logo', multipart(Png, 'a.png', 'image/png', 'image'))).statusCode).toBe(400);
    const json = await call('POST', '/admin/brands/campus/logo', admin.token, { file: 'x' });
    expect(json.statusCode).toBe(415);
    // nothing of the refused uploads was kept
    const brand = (await call('GET', '/admin/brands/campus', reader.token)).json();
    expect(brand.files).toHaveLength(4);
  });

  it('refuses an image over the pixel limit, and keeps large ones at the size of their slot', async () => {
    const bomb = await upload(admin.token, '/admin/brands/campus/logo', multipart(blackPng(20000, 20000), 'logo.png', 'image/png'));
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json()).toEqual({
      code: 'payload_too_large',
      message: 'The image is 20000 × 20000 pixels, more than the limit of 50 megapixels.',
      details: [{ field: 'file', message: 'At most 50 megapixels' }],
    });
    expect((await call('GET', '/admin/brands/campus', reader.token)).json().files).toHaveLength(4);

    const served = async (slot: string, data: Buffer) => {
      const brand = (await upload(admin.token, `/admin/brands/campus/${slot}`, multipart(data, 'x.png', 'image/png'))).json();
      // the brand names its avatar's file `avatar`, the other slots `<slot>FileName`
      const fileName = brand[slot === 'avatar' ? 'avatar' : `${slot}FileName`] as string;
      const res = await t.app.inject({ method: 'GET', url: `/api/internal/Brands/campus/${fileName}` });
      expect(res.headers['content-type']).toBe('image/png');
      return sharp(res.rawPayload).metadata();
    };
    expect(await served('logo', blackPng(4000, 1000))).toMatchObject({ format: 'png', width: 1024, height: 256 });
    expect(await served('avatar', blackPng(2000, 2000))).toMatchObject({ width: 512, height: 512 });
    expect(await served('splashScreenBackground', blackPng(6000, 3000))).toMatchObject({ width: 2560, height: 1280 });
  });

  it('deletes an uploaded file: the slot falls back to the shipped image', async () => {
    const brand = (await call('GET', '/admin/brands/campus', reader.token)).json();
    const res = await call('DELETE', `/admin/brands/campus/files/${brand.logoFileName}`, admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().logoFileName).toBeNull();
    const pub = await t.app.inject({ method: 'GET', url: '/api/internal/Brands/campus/logo.png' });
    expect(pub.statusCode).toBe(200);
    expect(pub.headers['content-type']).toBe('image/svg+xml');
    expect((await call('DELETE', `/admin/brands/campus/files/${brand.logoFileName}`, admin.token)).statusCode).toBe(404);
  });

  it('sets the instance default brand, which then cannot be deleted', async () => {
    expect((await call('PUT', '/admin/brands/instanceDefaults', admin.token, { defaultBrandKey: 'nope' })).statusCode).toBe(400);
    expect((await call('PUT', '/admin/brands/instanceDefaults', reader.token, { defaultBrandKey: 'campus' })).statusCode).toBe(403);
    const res = await call('PUT', '/admin/brands/instanceDefaults', admin.token, { defaultBrandKey: 'campus' });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/admin/brands/instancedefaults', reader.token)).json()).toEqual({ defaultBrandKey: 'campus' });
    const settings = await t.app.inject({ method: 'GET', url: '/api/internal/InstanceSettings' });
    expect(settings.json().defaults).toEqual({ defaultBrandKey: 'campus' });
    expect((await call('GET', '/admin/brands/campus', reader.token)).json().isDefault).toBe(true);
    const del = await call('DELETE', '/admin/brands/campus', admin.token);
    expect(del.statusCode).toBe(409);
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.aggregateType, 'BrandInstanceDefaults'));
    expect(audit).toHaveLength(1);
    await call('PUT', '/admin/brands/instanceDefaults', admin.token, { defaultBrandKey: 'default' });
  });

  it('refuses to delete the fallback brand and brands agents show; deletes others with their files', async () => {
    expect((await call('DELETE', '/admin/brands/default', admin.token)).statusCode).toBe(409);
    const [agent] = await t.ctx.db.select().from(gptSystems).limit(1);
    await t.ctx.db.update(gptSystems).set({ brandKey: 'campus' }).where(eq(gptSystems.id, agent!.id));
    const used = await call('DELETE', '/admin/brands/campus', admin.token);
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toContain('1 agent uses this brand');
    await t.ctx.db.update(gptSystems).set({ brandKey: 'default' }).where(eq(gptSystems.id, agent!.id));

    const files = (await call('GET', '/admin/brands/campus', reader.token)).json().files as { fileName: string }[];
    const res = await call('DELETE', '/admin/brands/campus', admin.token);
    expect(res.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/internal/Brands/campus' })).statusCode).toBe(404);
    for (const f of files) expect(await t.ctx.blobs.get(`brands/campus/${f.fileName}`)).toBeNull();
    expect((await auditRows('campus')).at(-1)!.domainOperation).toBe('Deleted');
  });

  it('serves the brand theme as CSS variables for embeds, by brand key', async () => {
    await call('PUT', '/admin/brands/second-brand', admin.token, { theme: { primary: '#abcdef' } });
    const res = await t.app.inject({ method: 'GET', url: '/api/external/v1/brands/byGptPublicEndpoint/second-brand/brandVariables.css' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(res.body).toContain('--brand-primary: #abcdef;');
    expect(res.body).toContain('--brand-menu-text-primary:');
    expect(res.body).toMatch(/:root \{/);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/external/v1/brands/byGptPublicEndpoint/second-brand/brandVariables.css',
          headers: { 'if-none-match': res.headers.etag as string },
        })
      ).statusCode,
    ).toBe(304);
    expect((await t.app.inject({ method: 'GET', url: '/api/external/v1/brands/byGptPublicEndpoint/nope/brandVariables.css' })).statusCode).toBe(404);
  });
});
