import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { auditLog, instanceSettings } from '../../db/schema/index.js';
import { startFakeAnthropic, type FakeUpstream } from '../../test/fake-upstreams.js';
import { blackPng, icoOf } from '../../test/upload-fixtures.js';
import { readSearchApiKey } from './instance.admin.service.js';

const Png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000200e2a3a1d50000000049454e44ae426082',
  'hex',
);
const Ico = icoOf([{ data: Png, side: 1 }]);

function multipart(data: Buffer, fileName: string) {
  const boundary = '----atrium-favicon-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('admin instance settings', () => {
  let t: TestApp;
  let admin: { token: string };
  let reader: { token: string };
  let plain: { token: string };
  let anthropic: FakeUpstream;
  const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/internal${url}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const audits = (aggregateId: string) =>
    t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.aggregateType, 'InstanceSettings'), eq(auditLog.aggregateId, aggregateId)))
      .orderBy(auditLog.createdAt);

  beforeAll(async () => {
    anthropic = await startFakeAnthropic();
    t = await createTestApp();
    admin = await t.createUser({ actions: ['InstanceSettingsRead', 'InstanceSettingsWrite'], displayName: 'Settings Admin' });
    reader = await t.createUser({ actions: ['InstanceSettingsRead'] });
    plain = await t.createUser({ actions: ['GptSystemsRead'] });
  });
  afterAll(async () => {
    await t.close();
    await anthropic.close();
  });

  it('sets, reads (only whether one is set) and deletes the search keys; the secret never comes back', async () => {
    for (const provider of ['bing', 'braveSearch'] as const) {
      expect((await call('GET', `/admin/instanceSettings/${provider}/apiKey`, reader.token)).json()).toEqual({ hasApiKey: false, lastModifiedAt: null });
      const put = await call('PUT', `/admin/instanceSettings/${provider}/apiKey`, admin.token, { apiKey: `secret-${provider}-key-123` });
      expect(put.statusCode).toBe(200);
      expect(put.body).not.toContain('secret-');
      const got = await call('GET', `/admin/instanceSettings/${provider}/apiKey`, reader.token);
      expect(got.json()).toEqual({ hasApiKey: true, lastModifiedAt: expect.any(String) });
      expect(got.body).not.toContain('secret-');
      expect(await readSearchApiKey(t.ctx, provider)).toBe(`secret-${provider}-key-123`);
      // sealed at rest, and the audit row says only that it was set
      const [row] = await t.ctx.db
        .select()
        .from(instanceSettings)
        .where(eq(instanceSettings.name, `${provider}ApiKey`));
      expect(JSON.stringify(row!.value)).not.toContain('secret-');
      const rows = await audits(`${provider}ApiKey`);
      expect(rows.map((r) => r.domainOperation)).toEqual(['ApiKeySet']);
      expect(JSON.stringify(rows)).not.toContain('secret-');

      expect((await call('DELETE', `/admin/instanceSettings/${provider}/apiKey`, admin.token)).statusCode).toBe(204);
      expect((await call('GET', `/admin/instanceSettings/${provider}/apiKey`, reader.token)).json().hasApiKey).toBe(false);
      expect(await readSearchApiKey(t.ctx, provider)).toBeNull();
      expect((await audits(`${provider}ApiKey`)).map((r) => r.domainOperation)).toEqual(['ApiKeySet', 'ApiKeyDeleted']);
    }
  });

  it('refuses without a token (401), without the action (403), unknown providers (400) and empty keys (400)', async () => {
    expect((await call('GET', '/admin/instanceSettings/bing/apiKey', null)).statusCode).toBe(401);
    expect((await call('GET', '/admin/instanceSettings/bing/apiKey', plain.token)).statusCode).toBe(403);
    expect((await call('PUT', '/admin/instanceSettings/bing/apiKey', reader.token, { apiKey: 'x' })).statusCode).toBe(403);
    expect((await call('DELETE', '/admin/instanceSettings/claude/apiKey', reader.token)).statusCode).toBe(403);
    expect((await call('PUT', '/admin/instanceSettings/hipaa', reader.token, { enabled: true })).statusCode).toBe(403);
    expect((await call('GET', '/admin/instanceSettings/google/apiKey', admin.token)).statusCode).toBe(400);
    const empty = await call('PUT', '/admin/instanceSettings/bing/apiKey', admin.token, { apiKey: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details[0].field).toBe('apiKey');
  });

  it('the Claude key creates an Anthropic connection that answers, and deleting it removes the connection', async () => {
    expect((await call('GET', '/admin/instanceSettings/claude/enabled', reader.token)).json()).toEqual({ enabled: false });
    const put = await call('PUT', '/admin/instanceSettings/claude/apiKey', admin.token, { apiKey: 'sk-ant-test-key' });
    expect(put.statusCode).toBe(200);
    expect(put.json().hasApiKey).toBe(true);
    expect(put.body).not.toContain('sk-ant');
    expect((await call('GET', '/admin/instanceSettings/claude/enabled', reader.token)).json()).toEqual({ enabled: true });

    const deployment = await t.ctx.models.resolve('claude-sonnet-4-5');
    expect(deployment.providerType).toBe('Anthropic');
    // point the connection the key made at the fake upstream, as an administrator may under Connections
    const connectionsAdmin = (await t.createUser({ actions: ['ConnectionsRead', 'ConnectionsWrite'] })).token;
    const claude = (await call('GET', '/admin/connections', connectionsAdmin)).json().items.find((c: { name: string }) => c.name === 'Claude');
    expect(claude).toMatchObject({ providerType: 'Anthropic', hasApiKey: true });
    expect((await call('PUT', `/admin/connections/${claude.connectionId}`, connectionsAdmin, { endpoint: anthropic.url })).statusCode).toBe(200);
    let text = '';
    for await (const part of t.ctx.models.stream({
      deployment,
      system: 'Be brief.',
      messages: [{ role: 'user', content: 'Hi' }],
      params: { temperature: null, topP: null, frequencyPenalty: null, maxTokens: null },
      passages: [],
      signal: new AbortController().signal,
    })) {
      if (part.type === 'text') text += part.text;
    }
    expect(text).toBe('Hello from the fake model.');
    expect(anthropic.requests.at(-1)!.headers['x-api-key']).toBe('sk-ant-test-key');

    // replacing keeps the one connection
    await call('PUT', '/admin/instanceSettings/claude/apiKey', admin.token, { apiKey: 'sk-ant-second' });
    const connections = await call('GET', '/admin/connections', connectionsAdmin);
    expect(connections.json().items.filter((c: { providerType: string }) => c.providerType === 'Anthropic')).toHaveLength(1);
    expect((await audits('claudeApiKey')).map((r) => r.domainOperation)).toEqual(['ApiKeySet', 'ApiKeyReplaced']);

    expect((await call('DELETE', '/admin/instanceSettings/claude/apiKey', admin.token)).statusCode).toBe(204);
    expect((await call('GET', '/admin/instanceSettings/claude/apiKey', reader.token)).json().hasApiKey).toBe(false);
    expect((await call('GET', '/admin/instanceSettings/claude/enabled', reader.token)).json()).toEqual({ enabled: false });
    await expect(t.ctx.models.resolve('claude-sonnet-4-5')).rejects.toMatchObject({ status: 400 });
  });

  it('turns HIPAA mode on and off: non-compliant deployments stop answering, the settings show it, the change is audited', async () => {
    expect((await call('GET', '/admin/instanceSettings/hipaa', reader.token)).json()).toEqual({ enabled: false });
    await call('PUT', '/admin/instanceSettings/claude/apiKey', admin.token, { apiKey: 'sk-ant-test-key' });
    await t.ctx.models.resolve('claude-sonnet-4-5');
    const on = await call('PUT', '/admin/instanceSettings/hipaa', admin.token, { enabled: true });
    expect(on.json()).toEqual({ enabled: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/internal/InstanceSettings' })).json().hipaaMode).toBe(true);
    // the registry's cache is invalidated at once, not after its lifetime
    await expect(t.ctx.models.resolve('claude-sonnet-4-5')).rejects.toMatchObject({ status: 400, message: expect.stringContaining('HIPAA') });
    expect((await call('PUT', '/admin/instanceSettings/hipaa', admin.token, { enabled: 'yes' })).statusCode).toBe(400);
    await call('PUT', '/admin/instanceSettings/hipaa', admin.token, { enabled: false });
    expect((await t.ctx.models.resolve('claude-sonnet-4-5')).providerType).toBe('Anthropic');
    // web search is off in HIPAA mode: the search tools get no key
    await call('PUT', '/admin/instanceSettings/bing/apiKey', admin.token, { apiKey: 'bing-key-during-hipaa' });
    expect(await readSearchApiKey(t.ctx, 'bing')).toBe('bing-key-during-hipaa');
    await call('PUT', '/admin/instanceSettings/hipaa', admin.token, { enabled: true });
    expect(await readSearchApiKey(t.ctx, 'bing')).toBeNull();
    await call('PUT', '/admin/instanceSettings/hipaa', admin.token, { enabled: false });
    await call('DELETE', '/admin/instanceSettings/bing/apiKey', admin.token);
    expect((await audits('hipaa')).map((r) => (r.details as { after: unknown }).after)).toEqual([
      { enabled: true },
      { enabled: false },
      { enabled: true },
      { enabled: false },
    ]);
    await call('DELETE', '/admin/instanceSettings/claude/apiKey', admin.token);
  });

  it('changes the agent settings and feature flags, reflected in /InstanceSettings and /features/List', async () => {
    const before = (await call('GET', '/admin/instanceSettings/gptInstanceSettings', reader.token)).json();
    expect(before).toMatchObject({ allowUserCreatedGptSystems: true, showInstanceSettingsPage: true });
    expect(before.featureFlags).toContainEqual({ name: 'ShowFooter', enabled: true });
    const version = (await t.app.inject({ method: 'GET', url: '/api/internal/InstanceSettings' })).json().settingsVersion;

    const res = await call('PUT', '/admin/instanceSettings/gptInstanceSettings', admin.token, {
      allowUserCreatedGptSystems: false,
      featureFlags: [{ name: 'ShowFooter', enabled: false }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ allowUserCreatedGptSystems: false, showInstanceSettingsPage: true });
    const settings = (await t.app.inject({ method: 'GET', url: '/api/internal/InstanceSettings' })).json();
    expect(settings).toMatchObject({ allowUserCreatedGptSystems: false, showInstanceSettingsPage: true });
    expect(settings.settingsVersion).not.toBe(version);
    expect((await t.app.inject({ method: 'GET', url: '/api/internal/features/List' })).json().items).toContainEqual({ name: 'ShowFooter', enabled: false });

    const unknown = await call('PUT', '/admin/instanceSettings/gptInstanceSettings', admin.token, {
      featureFlags: [{ name: 'ShowEverything', enabled: true }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0].field).toBe('featureFlags.0.name');
    const rows = await audits('gptInstanceSettings');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userName).toBe('Settings Admin');
  });

  it('changes the product and organization name', async () => {
    expect((await call('PUT', '/admin/instanceSettings/branding', admin.token, { name: '', organizationName: 'X' })).statusCode).toBe(400);
    const res = await call('PUT', '/admin/instanceSettings/branding', admin.token, { name: 'Campus AI', organizationName: 'Example University' });
    expect(res.json()).toEqual({ name: 'Campus AI', organizationName: 'Example University' });
    expect((await call('GET', '/admin/instanceSettings/branding', reader.token)).json()).toEqual({ name: 'Campus AI', organizationName: 'Example University' });
    expect((await t.app.inject({ method: 'GET', url: '/api/internal/InstanceSettings' })).json()).toMatchObject({
      name: 'Campus AI',
      organizationName: 'Example University',
    });
    expect(await audits('branding')).toHaveLength(1);
  });

  it('uploads favicons checked by their bytes, serves them by name, lists them and deletes them all', async () => {
    const upload = (token: string, body: ReturnType<typeof multipart>, query = '') =>
      t.app.inject({
        method: 'PUT',
        url: `/api/internal/InstanceSettings/favicons${query}`,
        headers: { authorization: `Bearer ${token}`, ...body.headers },
        payload: body.payload,
      });
    expect((await upload(reader.token, multipart(Ico, 'favicon.ico'))).statusCode).toBe(403);
    expect((await upload(admin.token, multipart(Buffer.from('<html></html>'), 'favicon.ico'))).statusCode).toBe(400);
    expect((await upload(admin.token, multipart(Buffer.concat([Png, Buffer.alloc(600 * 1024)]), 'big.png'))).statusCode).toBe(413);

    const ico = await upload(admin.token, multipart(Ico, 'favicon.ico'));
    expect(ico.statusCode).toBe(200);
    expect(ico.json()).toMatchObject({ fileName: 'favicon.ico', contentType: 'image/x-icon' });
    const png = await upload(admin.token, multipart(Png, 'whatever.bin'), '?fileName=apple-touch-icon');
    expect(png.json()).toMatchObject({ fileName: 'apple-touch-icon.png', contentType: 'image/png' });

    expect((await upload(admin.token, multipart(Png, 'x.png'), '?fileName=custom')).statusCode).toBe(400);
    const served = await t.app.inject({ method: 'GET', url: '/api/internal/InstanceSettings/favicons/favicon.ico' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/x-icon');
    expect(served.rawPayload.equals(Ico)).toBe(true);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/internal/InstanceSettings/favicons/favicon.ico',
          headers: { 'if-none-match': served.headers.etag as string },
        })
      ).statusCode,
    ).toBe(304);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/internal/InstanceSettings/favicons/custom' })).json().items.map((f: { fileName: string }) => f.fileName),
    ).toEqual(['favicon.ico', 'apple-touch-icon.png']);
    expect((await t.app.inject({ method: 'GET', url: '/api/internal/InstanceSettings' })).json().favicons).toEqual(['favicon.ico', 'apple-touch-icon.png']);

    expect((await call('DELETE', '/InstanceSettings/favicons', reader.token)).statusCode).toBe(403);
    expect((await call('DELETE', '/InstanceSettings/favicons', admin.token)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/internal/InstanceSettings/favicons/favicon.ico' })).statusCode).toBe(404);
    expect((await audits('favicons')).map((r) => r.domainOperation)).toEqual(['FaviconUploaded', 'FaviconUploaded', 'FaviconsDeleted']);
  });

  it('refuses favicons with more pixels than an icon, and serves a large PNG icon-sized', async () => {
    const upload = (body: ReturnType<typeof multipart>) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/internal/InstanceSettings/favicons',
        headers: { authorization: `Bearer ${admin.token}`, ...body.headers },
        payload: body.payload,
      });
    const bomb = await upload(multipart(blackPng(20000, 20000), 'icon.png'));
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json()).toEqual({
      code: 'payload_too_large',
      message: 'The favicon is 20000 × 20000 pixels, more than the limit of 50 megapixels.',
      details: [{ field: 'file', message: 'At most 50 megapixels' }],
    });
    // an ICO's directory says at most 256 px; the PNG inside is read by its own header
    const hiddenBomb = await upload(multipart(icoOf([{ data: blackPng(20000, 20000), side: 256 }]), 'favicon.ico'));
    expect(hiddenBomb.statusCode).toBe(413);
    expect(hiddenBomb.json().message).toBe('The favicon holds an image of 20000 × 20000 pixels; icons may be at most 256 × 256.');
    expect((await upload(multipart(Buffer.concat([Buffer.from([0, 0, 1, 0, 1, 0]), Buffer.alloc(40, 1)]), 'broken.ico'))).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/internal/InstanceSettings/favicons/custom' })).json().items).toEqual([]);

    const large = await upload(multipart(blackPng(2048, 2048), 'icon.png'));
    expect(large.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: '/api/internal/InstanceSettings/favicons/icon.png' });
    expect(served.headers['content-type']).toBe('image/png');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 512, height: 512 });
    await call('DELETE', '/InstanceSettings/favicons', admin.token);
  });

  it('names its aggregates in the audit log', async () => {
    const auditor = await t.createUser({ actions: ['ConfigurationAuditLogRead'] });
    const res = await call('GET', '/admin/audit/aggregateRootName?type=InstanceSettings&aggregateRootId=hipaa', auditor.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'HIPAA mode' });
    const defaults = await call('GET', '/admin/audit/aggregateRootName?type=BrandInstanceDefaults&aggregateRootId=instanceDefaults', auditor.token);
    expect(defaults.json()).toMatchObject({ name: 'Default brand' });
  });
});
