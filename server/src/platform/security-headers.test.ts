import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

describe('security headers on every response', () => {
  let t: TestApp;
  let https: TestApp;
  beforeAll(async () => {
    [t, https] = await Promise.all([createTestApp(), createTestApp({ PUBLIC_URL: 'https://chat.example.edu' })]);
  });
  afterAll(async () => Promise.all([t?.close(), https?.close()]));

  it('sends the content security policy and helmet’s other headers, on answers and on errors alike', async () => {
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/internal/health' }),
      await t.app.inject({ method: 'GET', url: '/api/internal/CurrentUser/AvailableGptSystems' }),
      await t.app.inject({ method: 'GET', url: '/api/internal/no-such-route' }),
    ]) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('asks for HTTPS only when the public address is HTTPS', async () => {
    const res = await https.app.inject({ method: 'GET', url: '/api/internal/health' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});
