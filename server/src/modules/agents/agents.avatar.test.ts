import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AgentAvatarMaxBytes } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { auditLog, chatAccessPolicies, gptSystems } from '../../db/schema/index.js';
import { policiesChanged } from '../chat-access-policies/chat-access-policies.index.js';
import { createAgent } from './agents.test-factory.js';
import { sniffImageType } from './agents.avatar.js';

const api = '/api/internal';
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const PngBytes = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

function multipart(data: Buffer, fileName: string, contentType: string, field = 'file') {
  const boundary = '----atrium-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('agent avatars', () => {
  let t: TestApp;
  let admin: { id: string; token: string };
  let reader: { id: string; token: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({ actions: ['GptSystemsRead', 'GptSystemsWrite'] });
    reader = await t.createUser({ actions: ['GptSystemsRead'] });
  });
  afterAll(() => t.close());

  const upload = (token: string, id: string, body: ReturnType<typeof multipart>) =>
    t.app.inject({ method: 'POST', url: `${api}/admin/gptSystems/${id}/avatar`, headers: { ...auth(token), ...body.headers }, payload: body.payload });
  const getAvatar = (token: string, id: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `${api}/gptSystems/common/management/${id}/avatar`, headers: { ...auth(token), ...headers } });

  it('serves a generated, sandboxed SVG with an ETag when none was uploaded, and 304 when unchanged', async () => {
    const agent = await createAgent(t.ctx.db);
    const res = await getAvatar(reader.token, agent.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toContain('max-age');
    expect(res.body).toContain('<svg');
    const etag = res.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await getAvatar(reader.token, agent.id)).body).toBe(res.body);
    expect((await getAvatar(reader.token, agent.id, { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await t.app.inject({ method: 'GET', url: `${api}/gptSystems/common/management/${agent.id}/avatar` })).statusCode).toBe(401);
  });

  it("does not serve avatars of unknown, deleted or someone else's personal agents", async () => {
    const deleted = await createAgent(t.ctx.db, { isDeleted: true });
    const personal = await createAgent(t.ctx.db, { gptSystemType: 'User', ownerUserId: admin.id });
    expect((await getAvatar(reader.token, deleted.id)).statusCode).toBe(404);
    expect((await getAvatar(reader.token, personal.id)).statusCode).toBe(404);
    expect((await getAvatar(admin.token, personal.id)).statusCode).toBe(200);
    expect((await getAvatar(reader.token, '6f1c7f6e-2a47-4b8a-9b53-0f0b8c1d2e3f')).statusCode).toBe(404);
  });

  it('serves the avatar of an agent a chat access policy closes only to those it admits and to administrators', async () => {
    const agent = await createAgent(t.ctx.db);
    const admitted = await t.createUser({ actions: ['GptSystemsRead'] });
    const auditor = await t.createUser({ actions: ['GptSystemsRead', 'ConfigurationAuditLogRead'] });
    await t.ctx.db.insert(chatAccessPolicies).values({ name: 'Only one', gptSystemIds: [agent.id], userIds: [admitted.id] });
    policiesChanged(t.ctx);
    try {
      expect((await getAvatar(reader.token, agent.id)).statusCode).toBe(404);
      expect((await getAvatar(admitted.token, agent.id)).statusCode).toBe(200);
      // those who administer agents see every avatar, as the admin pages list them
      expect((await getAvatar(admin.token, agent.id)).statusCode).toBe(200);
      expect((await getAvatar(auditor.token, agent.id)).statusCode).toBe(200);
    } finally {
      await t.ctx.db.delete(chatAccessPolicies);
      policiesChanged(t.ctx);
    }
  });

  it('stores an uploaded PNG, serves it with a new ETag and URL, audits it, and deletes it back to the default', async () => {
    const agent = await createAgent(t.ctx.db);
    const before = await getAvatar(reader.token, agent.id);
    const res = await upload(admin.token, agent.id, multipart(PngBytes, 'face.png', 'image/png'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().avatarUrl).toMatch(new RegExp(`/gptSystems/common/management/${agent.id}/avatar\\?v=`));
    const after = await getAvatar(reader.token, agent.id);
    expect(after.headers['content-type']).toBe('image/png');
    expect(after.rawPayload.equals(PngBytes)).toBe(true);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.aggregateId, agent.id));
    expect(audit.map((a) => a.domainOperation)).toEqual(['UpdateAvatar']);

    const del = await t.app.inject({ method: 'DELETE', url: `${api}/admin/gptSystems/${agent.id}/avatar`, headers: auth(admin.token) });
    expect(del.statusCode).toBe(204);
    expect((await getAvatar(reader.token, agent.id)).headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect((await t.app.inject({ method: 'DELETE', url: `${api}/admin/gptSystems/${agent.id}/avatar`, headers: auth(admin.token) })).statusCode).toBe(204);
  });

  it('accepts SVG but serves it sandboxed', async () => {
    const agent = await createAgent(t.ctx.db);
    const svg = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(admin.token, agent.id, multipart(svg, 'x.svg', 'image/svg+xml'))).statusCode).toBe(200);
    const res = await getAvatar(reader.token, agent.id);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['content-security-policy']).toMatch(/sandbox/);
  });

  it('refuses a file that is not an image whatever its name says, an empty or missing file, and one over 1 MB, writing nothing', async () => {
    const agent = await createAgent(t.ctx.db);
    const fake = await upload(admin.token, agent.id, multipart(Buffer.from('<html><script>alert(1)</script></html>'), 'face.png', 'image/png'));
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({ code: 'validation_error', details: [{ field: 'file' }] });
    expect((await upload(admin.token, agent.id, multipart(Buffer.alloc(0), 'e.png', 'image/png'))).statusCode).toBe(400);
    expect((await upload(admin.token, agent.id, multipart(PngBytes, 'face.png', 'image/png', 'image'))).statusCode).toBe(400);
    const big = Buffer.concat([PngBytes, Buffer.alloc(AgentAvatarMaxBytes)]);
    const tooBig = await upload(admin.token, agent.id, multipart(big, 'big.png', 'image/png'));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 'payload_too_large' });
    const json = await t.app.inject({ method: 'POST', url: `${api}/admin/gptSystems/${agent.id}/avatar`, headers: auth(admin.token), payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    const [row] = await t.ctx.db.select().from(gptSystems).where(eq(gptSystems.id, agent.id));
    expect(row!.avatarBlobKey).toBeNull();
  });

  it('lets only agent writers upload or delete (403), and 404s unknown agents', async () => {
    const agent = await createAgent(t.ctx.db);
    expect((await upload(reader.token, agent.id, multipart(PngBytes, 'a.png', 'image/png'))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `${api}/admin/gptSystems/${agent.id}/avatar`, headers: auth(reader.token) })).statusCode).toBe(403);
    const scoped = await t.createUser({ actions: ['GptSystemsWriteSpecific'] });
    expect((await upload(scoped.token, agent.id, multipart(PngBytes, 'a.png', 'image/png'))).statusCode).toBe(403);
    expect((await upload(admin.token, '6f1c7f6e-2a47-4b8a-9b53-0f0b8c1d2e3f', multipart(PngBytes, 'a.png', 'image/png'))).statusCode).toBe(404);
  });

  it('recognises image types by their bytes', () => {
    expect(sniffImageType(PngBytes)).toBe('image/png');
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from('GIF89a....'))).toBe('image/gif');
    expect(sniffImageType(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]))).toBe('image/webp');
    expect(sniffImageType(Buffer.from('\uFEFF  <!-- c --><svg viewBox="0 0 1 1"></svg>'))).toBe('image/svg+xml');
    expect(sniffImageType(Buffer.from('<svgx></svgx>'))).toBeNull();
    expect(sniffImageType(Buffer.from('%PDF-1.7'))).toBeNull();
  });
});
