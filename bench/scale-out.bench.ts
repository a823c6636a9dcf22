// Scale-out benchmark (docs/scaling.md): two server processes on one PostgreSQL database and one Redis, started
// separately with the same keys, as two machines would run them.
//  1. 1,000 streams held across the two (500 each, each client asking again when its answer ends; answers of 100
//     pieces 50 ms apart): the p99 gap between pieces through the platform against the same number held directly on
//     the fake upstream in the same run (budget: at most 25 ms added), and the errors (budget: none);
//  2. how soon a change made on one process is seen on the other (budget: p99 within 100 ms): a role given to and
//     taken from a person on process A, 100 times, with process B asked until it answers accordingly.
//  3. resumption after a process kill (docs/scaling.md "When a process dies"): answers running on A (past their first
//     second, when their rows exist), A killed with SIGKILL, each read back from B after the events its client saw:
//     how many complete, how many are saved more than once or not whole (budget: every one completes, none twice),
//     and the time from the kill to the first taken-over event and to each answer's end.
// Run: npm run build && npx tsx bench/scale-out.bench.ts [--quick] (PostgreSQL: TEST_DATABASE_URL or DATABASE_URL;
// Redis: REDIS_URL, default redis://127.0.0.1:6379)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { hashPassword } from '../server/src/platform/passwords.js';
import { SseDecoder } from '../contract/src/sse/sse.codec.js';
import { BenchModel as model, startChatBenchServer, type ChatBenchServer } from './lib/chat-bench-server.js';
import { withScratchDatabase } from './lib/database.js';
import { directStream, gaps, platformStream, type StreamTiming } from './lib/clients.js';
import { held, round, summary } from './lib/stats.js';
import { startUpstreamProcess } from './lib/upstream-process.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const quick = process.argv.includes('--quick');
const base = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const words = (n: number) => Array.from({ length: n }, (_, i) => ` word${i}`);
const api = (s: ChatBenchServer, p: string, token: string, method = 'GET') =>
  fetch(`${s.server.baseUrl}/api/internal${p}`, { method, headers: { authorization: `Bearer ${token}` } });

async function main() {
  const pieces = 100;
  const upstream = await startUpstreamProcess({ chunks: words(pieces), chunkDelayMs: 50, usage: { promptTokens: 30, completionTokens: pieces } });
  const url = new URL(base);
  url.pathname = '/atrium_bench_scale_out';
  try {
    const results = await withScratchDatabase(url.toString(), async (databaseUrl) => {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const env = {
        REDIS_URL: redisUrl,
        TOKEN_SIGNING_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      };
      const a = await startChatBenchServer(upstream.url, databaseUrl, undefined, env);
      const b = await startChatBenchServer(upstream.url, databaseUrl, undefined, env);
      try {
        const results: Record<string, unknown> = { date: new Date().toISOString(), node: process.version };

        // 1. streams held across both processes, against as many held directly
        const perProcess = quick ? 100 : 500;
        const streamMs = pieces * 50;
        let errors = 0;
        const counted = (task: () => Promise<StreamTiming>) => () =>
          task().catch((e: unknown) => {
            errors += 1;
            throw e;
          });
        const onA = counted(() => platformStream(a.server.baseUrl, a.token, a.agentId, 'Scale out'));
        const onB = counted(() => platformStream(b.server.baseUrl, b.token, b.agentId, 'Scale out'));
        const direct = () => directStream(upstream.url, model, 'Scale out');
        const directHeld: StreamTiming[] = [];
        const platformHeld: StreamTiming[] = [];
        // answers that start in the steady window count: at least two answers long, or a loaded machine (an answer
        // longer than streamMs) starts none in it
        const steadyMs = streamMs * (quick ? 2 : 3);
        for (let r = 0; r < (quick ? 1 : 2); r++) {
          directHeld.push(...(await held(perProcess * 2, streamMs, steadyMs, direct)));
          const [ra, rb] = await Promise.all([held(perProcess, streamMs, steadyMs, onA), held(perProcess, streamMs, steadyMs, onB)]);
          platformHeld.push(...ra, ...rb);
        }
        const dg = summary(gaps(directHeld));
        const pgap = summary(gaps(platformHeld));
        results.streams = {
          held: perProcess * 2,
          processes: 2,
          answers: platformHeld.length,
          errors,
          platformGap: pgap,
          directGap: dg,
          addedGapP99: round(pgap.p99 - dg.p99),
        };
        process.stdout.write(`streams: ${JSON.stringify(results.streams)}\n`);

        // 2. a role given on A, seen on B
        const db = new pg.Client({ connectionString: databaseUrl });
        await db.connect();
        const email = `bench-${randomUUID()}@scale-out.test`;
        const [{ id: userId }] = (
          await db.query<{ id: string }>(`insert into users (email, display_name, password_hash) values ($1, 'Bench', $2) returning id`, [
            email,
            await hashPassword('bench-scale-out'),
          ])
        ).rows as [{ id: string }];
        const [{ id: roleId }] = (await db.query<{ id: string }>(`select id from user_roles where built_in_key = 'Administrator'`)).rows as [{ id: string }];
        await db.end();
        const tokenRes = await fetch(`${b.server.baseUrl}/api/internal/authorization/Local/GenerateToken`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ userName: email, password: 'bench-scale-out' }),
        });
        const personToken = ((await tokenRes.json()) as { n1AIToken: string }).n1AIToken;
        const seenAfter: number[] = [];
        for (let i = 0; i < (quick ? 10 : 100); i++) {
          const give = i % 2 === 0;
          const want = give ? 200 : 403;
          // B knows the person as they are before the change
          await api(b, '/admin/userRoles', personToken);
          const changed = await api(a, `/admin/users/${userId}/userRoles/${roleId}`, a.token, give ? 'POST' : 'DELETE');
          if (changed.status >= 300) throw new Error(`the role change answered ${changed.status}`);
          const at = performance.now();
          for (;;) {
            if ((await api(b, '/admin/userRoles', personToken)).status === want) break;
            if (performance.now() - at > 10_000) throw new Error('the change did not reach the other process within 10 s');
          }
          seenAfter.push(performance.now() - at);
        }
        results.propagation = { changes: seenAfter.length, ms: summary(seenAfter) };
        process.stdout.write(`propagation: ${JSON.stringify(results.propagation)}\n`);

        // 3. A killed in the middle of answers; B takes them over
        results.takeover = await killAndResume(a, b, databaseUrl, quick ? 50 : 200, pieces);
        process.stdout.write(`takeover: ${JSON.stringify(results.takeover)}\n`);
        return results;
      } finally {
        await a.server.stop();
        await b.server.stop();
      }
    });
    fs.mkdirSync(path.join(here, 'results'), { recursive: true });
    fs.writeFileSync(path.join(here, 'results', 'scale-out.json'), JSON.stringify(results, null, 2));
    process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  } finally {
    await upstream.close();
  }
}

/** Starts `count` answers on A, kills A once each has 30 pieces, reads every one back from B and checks what was saved. */
async function killAndResume(a: ChatBenchServer, b: ChatBenchServer, databaseUrl: string, count: number, pieces: number) {
  const whole = words(pieces).join('');
  const started = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const res = await fetch(`${a.server.baseUrl}/api/internal/userConversations/byGptSystemId/${a.agentId}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ question: `Take over ${i}`, visionImageIds: [], attachmentIds: [], session: { sessionIdentifier: randomUUID() } }),
      });
      const decoder = new SseDecoder();
      const reader = res.body!.getReader();
      let seen = 0;
      let text = 0;
      let ids: { ConversationId: string; ConversationSegmentId: string } | null = null;
      while (text < 30) {
        const { value, done } = await reader.read();
        if (done) throw new Error('an answer ended before the kill');
        for (const e of decoder.push(value)) {
          seen++;
          if (e.event === 'response-updated') text++;
          if (e.event === 'conversation-and-segment-id') ids = JSON.parse(e.data) as typeof ids;
        }
      }
      // read on until the kill cuts it
      const counting = (async () => {
        try {
          for (;;) {
            const { value, done } = await reader.read();
            if (done) return;
            seen += decoder.push(value).length;
          }
        } catch {
          // cut
        }
      })();
      return { ids: ids!, seen: () => seen, counting };
    }),
  );
  const killedAt = performance.now();
  await a.server.kill('SIGKILL');
  await Promise.all(started.map((s) => s.counting));
  const firstEvent: number[] = [];
  const ended: number[] = [];
  let completed = 0;
  let failed = 0;
  await Promise.all(
    started.map(async ({ ids, seen }) => {
      const res = await fetch(
        `${b.server.baseUrl}/api/internal/userConversations/${ids.ConversationId}/segments/${ids.ConversationSegmentId}/stream?lastEventId=${seen()}`,
        { headers: { authorization: `Bearer ${b.token}` } },
      );
      if (res.status !== 200) return void failed++;
      const decoder = new SseDecoder();
      let answer = '';
      let last = '';
      for await (const chunk of res.body!) {
        for (const e of decoder.push(chunk as Uint8Array)) {
          if (firstEvent.length < started.length && answer === '' && e.event === 'conversation-and-segment-id') firstEvent.push(performance.now() - killedAt);
          if (e.event === 'conversation-and-segment-id') answer = '';
          if (e.event === 'response-updated') answer += e.data;
          last = e.event;
        }
      }
      ended.push(performance.now() - killedAt);
      if (last === 'no-more-data' && answer === whole) completed++;
      else failed++;
    }),
  );
  // what was saved: one segment per conversation, Success, the whole answer
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const rows = (
    await db.query<{ conversation_id: string; status: string; answer: string }>(
      `select conversation_id, status, answer from conversation_segments where conversation_id = any($1::uuid[])`,
      [started.map((s) => s.ids.ConversationId)],
    )
  ).rows;
  await db.end();
  const perConversation = new Map<string, number>();
  for (const r of rows) perConversation.set(r.conversation_id, (perConversation.get(r.conversation_id) ?? 0) + 1);
  return {
    answers: count,
    completed,
    failed,
    savedWhole: rows.filter((r) => r.status === 'Success' && r.answer === whole).length,
    savedTwice: [...perConversation.values()].filter((n) => n > 1).length,
    firstTakenOverEventMs: summary(firstEvent),
    endedAfterKillMs: summary(ended),
  };
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
