import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { BuildInfoSchema, InstanceSettingsSchema } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { featureFlags, instanceSettings } from '../../db/schema/index.js';

describe('instance routes', () => {
  let t: TestApp;
  let sso: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ INSTANCE_NAME: 'Campus AI', ORGANIZATION_NAME: 'Example University', RELEASE_NOTES_URL: 'https://example.edu/atrium/releases' });
    sso = await createTestApp({ OIDC_TENANT_ID: 'tenant-1', OIDC_CLIENT_ID: 'client-1', LOCAL_SIGN_IN: 'false' });
  });
  afterAll(async () => {
    await t.close();
    await sso.close();
  });

  it('serves the instance settings without a token, cacheable for 7 days', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/internal/InstanceSettings' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=604800');
    expect(InstanceSettingsSchema.parse(res.json())).toEqual({
      name: 'Campus AI',
      organizationName: 'Example University',
      entraIdSettings: null,
      defaults: { defaultBrandKey: 'default' },
      localSignInEnabled: true,
      allowUserCreatedGptSystems: true,
      showInstanceSettingsPage: true,
      hipaaMode: false,
      releaseNotesUrl: 'https://example.edu/atrium/releases',
      favicons: [],
      settingsVersion: expect.stringMatching(/^\d+$/),
    });
  });

  it('describes the identity provider when OIDC is configured', async () => {
    const res = await sso.app.inject({ method: 'GET', url: '/api/internal/instancesettings' });
    expect(res.json()).toMatchObject({
      name: 'Atrium',
      localSignInEnabled: false,
      releaseNotesUrl: null,
      entraIdSettings: {
        clientId: 'client-1',
        tenantId: 'tenant-1',
        instance: 'https://login.microsoftonline.com/',
        authority: 'https://login.microsoftonline.com/tenant-1/v2.0',
        scopes: ['openid', 'profile', 'email'],
      },
    });
  });

  it('answers stored values, which configuration only seeds', async () => {
    await t.ctx.db.update(instanceSettings).set({ value: 'Renamed by an admin' }).where(eq(instanceSettings.name, 'name'));
    await t.ctx.db
      .update(instanceSettings)
      .set({ value: { not: 'a boolean' } })
      .where(eq(instanceSettings.name, 'hipaaMode'));
    const res = await t.app.inject({ method: 'GET', url: '/api/internal/InstanceSettings' });
    // a value that no longer parses falls back to its default instead of breaking every page
    expect(res.json()).toMatchObject({ name: 'Renamed by an admin', hipaaMode: false });
    await t.ctx.db.update(instanceSettings).set({ value: 'Campus AI' }).where(eq(instanceSettings.name, 'name'));
  });

  it('serves the build information', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/internal/InstanceSettings/buildInfo' });
    expect(res.statusCode).toBe(200);
    const body = BuildInfoSchema.parse(res.json());
    expect(body.version).toBe('2.2510.3765');
    expect(body.commitHash).toMatch(/^([0-9a-f]{7,64}|unknown)$/);
    expect(Number.isNaN(Date.parse(body.timestamp))).toBe(false);
  });

  it('lists the feature flags seeded on the first start', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/internal/features/List' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      items: [
        { name: 'ShowFooter', enabled: true },
        { name: 'ShowQuickStartTour', enabled: true },
        { name: 'ShowReleaseNotes', enabled: true },
      ],
    });
    await t.ctx.db.update(featureFlags).set({ enabled: false }).where(eq(featureFlags.name, 'ShowFooter'));
    const after = await t.app.inject({ method: 'GET', url: '/api/internal/features/list' });
    expect(after.json().items).toContainEqual({ name: 'ShowFooter', enabled: false });
  });

  it('reports Healthy while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/internal/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ status: 'Healthy' });
  });

  it('reports Unhealthy with Retry-After when the database fails', async () => {
    const spy = vi.spyOn(t.ctx.db, 'execute').mockRejectedValueOnce(new Error('connection refused'));
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/internal/health' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ status: 'Unhealthy' });
    } finally {
      spy.mockRestore();
    }
  });
});
