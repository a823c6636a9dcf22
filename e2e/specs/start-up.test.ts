// Starting up: the server listens at once, answers 503 + Retry-After until the database is ready,
// then 200, and survives requests at any moment in between (a health poll once crashed it).
import { describe, expect, it } from 'vitest';
import { freePort, startServer } from '../harness/server.js';

describe('start-up', () => {
  it('answers every health poll during start-up, first 503 with Retry-After, then 200', async () => {
    const port = await freePort();
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    let polling = true;
    const poller = (async () => {
      while (polling) {
        try {
          const res = await fetch(`http://127.0.0.1:${port}/api/internal/health`);
          statuses.push(res.status);
          if (res.status === 503) retryAfter = res.headers.get('retry-after');
          await res.arrayBuffer();
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const server = await startServer({ PORT: String(port) });
    try {
      await new Promise((r) => setTimeout(r, 300));
      polling = false;
      await poller;
      expect(statuses).toContain(503);
      expect(retryAfter).toBe('5');
      expect(statuses.at(-1)).toBe(200);
      // once healthy it stays healthy, and the process is still there
      expect(statuses.slice(statuses.indexOf(200))).not.toContain(503);
      expect((await fetch(`${server.baseUrl}/api/internal/health`)).status).toBe(200);
    } finally {
      polling = false;
      await server.stop();
    }
  });
});
