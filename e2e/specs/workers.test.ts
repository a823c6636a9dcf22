// WORKERS=N (docs/architecture.md "Processes"): N server processes share the port on PostgreSQL, with keys made
// once by the primary; a process that dies is replaced; the readiness check reports the database, Redis and
// storage; SIGTERM lets a streaming answer finish before the processes end. On the embedded database the server
// says it serves one process. Needs TEST_DATABASE_URL (PostgreSQL) and the local Redis, as CI has.
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SseDecoder, type Readiness } from '@atrium/contract';
import { startFakeOpenAI, type FakeUpstream } from '../../server/src/test/fake-upstreams.js';
import { callApi, localToken, startServer, type RunningServer } from '../harness/server.js';
import { scratchDatabase, type ScratchDatabase } from '../harness/postgres.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-workers-password' };
const base = process.env.TEST_DATABASE_URL;

/** The processes whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        // the command may hold spaces and parentheses: the fields after its closing one are fixed
        const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function until<T>(read: () => Promise<T> | T, ok: (v: T) => boolean, withinMs = 30_000): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const tokenOf = (server: RunningServer) => localToken(server.baseUrl, admin);

describe.skipIf(!base)('server processes (WORKERS)', () => {
  let model: FakeUpstream;
  let database: ScratchDatabase;
  let databaseUrl: string;

  beforeAll(async () => {
    // a 2 s answer: 40 pieces 50 ms apart
    model = await startFakeOpenAI({
      script: (request) =>
        JSON.stringify(request.body).includes('short title for a conversation')
          ? { chunks: ['Title'] }
          : { chunks: Array.from({ length: 40 }, (_, i) => ` piece${i}`), chunkDelayMs: 50 },
    });
    database = await scratchDatabase(base!, 'workers');
    databaseUrl = database.url;
  });
  afterAll(async () => {
    await model?.close();
    await database?.drop();
  });

  it('runs two processes on one port, replaces one that dies, reports readiness, and drains on SIGTERM', async () => {
    const server = await startServer({
      WORKERS: '2',
      DATABASE_URL: databaseUrl,
      REDIS_URL: 'redis://127.0.0.1:6379',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      OPENAI_BASE_URL: model.url,
      OPENAI_MODELS: 'fake-gpt',
    });
    try {
      const workers = await until(
        () => childrenOf(server.pid),
        (pids) => pids.length === 2,
      );
      expect(server.output()).toContain('2 server processes');
      // both processes answer on the one port: requests land on each (round-robin) and all succeed
      const ready = await until(
        async () => {
          const res = await fetch(`${server.baseUrl}/api/internal/health/ready`);
          return { status: res.status, body: (await res.json()) as Readiness };
        },
        (r) => r.status === 200,
      );
      expect(ready.body).toEqual({ status: 'Healthy', checks: { database: 'Healthy', redis: 'Healthy', storage: 'Healthy' } });
      const token = await tokenOf(server);
      const statuses = await Promise.all(
        Array.from({ length: 20 }, () => callApi(server, token, 'GET', '/CurrentUser/AvailableGptSystems').then((r) => r.status)),
      );
      expect(statuses).toEqual(Array.from({ length: 20 }, () => 200));

      // one process killed: the primary starts another, and the port keeps answering meanwhile (a process joins
      // the port once it is ready, so no request meets one that is starting)
      process.kill(workers[0]!, 'SIGKILL');
      const replaced = await until(
        () => childrenOf(server.pid),
        (pids) => pids.length === 2 && !pids.includes(workers[0]!),
      );
      expect(replaced).toContain(workers[1]);
      expect(server.output()).toContain('starting another');
      const during = await Promise.all(
        Array.from({ length: 10 }, () => callApi(server, token, 'GET', '/CurrentUser/AvailableGptSystems').then((r) => r.status)),
      );
      expect(during).toEqual(Array.from({ length: 10 }, () => 200));

      // SIGTERM while an answer streams: it finishes (every piece), then the processes end
      const agents = (await (await callApi(server, token, 'GET', '/CurrentUser/AvailableGptSystems')).json()) as { items: { gptSystemId: string }[] };
      const res = await fetch(`${server.baseUrl}/api/internal/userConversations/byGptSystemId/${agents.items[0]!.gptSystemId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ question: 'Tell me a story', visionImageIds: [], attachmentIds: [], session: { sessionIdentifier: randomUUID() } }),
      });
      const decoder = new SseDecoder();
      const reader = res.body!.getReader();
      const events: string[] = [];
      let answer = '';
      let signalled = false;
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const event of decoder.push(value)) {
          events.push(event.event);
          if (event.event === 'response-updated') answer += event.data;
          if (event.event === 'response-updated' && !signalled) {
            signalled = true;
            process.kill(server.pid, 'SIGTERM');
          }
        }
      }
      expect(res.status).toBe(200);
      expect(signalled).toBe(true);
      expect(answer).toContain(' piece39');
      expect(events.at(-1)).toBe('no-more-data');
      await until(
        () => childrenOf(server.pid).length,
        (n) => n === 0,
        45_000,
      );
    } finally {
      await server.stop();
    }
  });
});

describe('server processes on the embedded database', () => {
  it('serves one process on the embedded database when asked for more, and says so', async () => {
    const server = await startServer({ WORKERS: '3', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
    try {
      expect(server.output()).toContain('WORKERS=3 needs PostgreSQL (DATABASE_URL)');
      expect(childrenOf(server.pid)).toEqual([]);
      const ready = (await (await fetch(`${server.baseUrl}/api/internal/health/ready`)).json()) as Readiness;
      expect(ready).toEqual({ status: 'Healthy', checks: { database: 'Healthy', redis: 'NotConfigured', storage: 'Healthy' } });
    } finally {
      await server.stop();
    }
  });
});
