import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootHandler } from './boot.js';

describe('while starting up', () => {
  const server = http.createServer(bootHandler);
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('health answers 503 with Retry-After and Unhealthy', async () => {
    const res = await fetch(`${base}/api/internal/health`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({ status: 'Unhealthy' });
  });

  it('pages say the application is initializing', async () => {
    const res = await fetch(`${base}/chat`);
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('Application is initializing, please wait...');
  });
});
