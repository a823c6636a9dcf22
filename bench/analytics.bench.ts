// Analytics benchmark (budget: every analytics call p95 <= 200 ms over 10 million segments, from rollups): seeds
// conversations and segments on PostgreSQL (a year of a 40,000-student instance: 50 agents, 3 models, a tenth of
// the conversations from public-endpoint visitors, feedback on some answers), runs the rollup job's first run and
// times it, then times every chart call and the export over HTTP through the real path in a non-UTC zone.
// Database atrium_bench_analytics on the server of DATABASE_URL (else 127.0.0.1:5432), created and dropped here.
// Also times keeping a zone's hours of the day (what the first UsersByHourOfDay in a new zone queues) and, as the
// export's floor: its rollup rows alone (every monthly per-user row of the period) read by the server's client, and
// written as CSV by PostgreSQL's COPY (through psql).
// Run: npm run build && npx tsx bench/analytics.bench.ts [--segments=10000000] [--requests=30] [--periods=Last30Days,AllTime]
//   [--calls=UsersByHourOfDay,export] [--quick]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { AnalyticsRoutes } from '@atrium/contract';
import { startServer } from '../e2e/harness/server.js';
import { openDatabase } from '../server/src/db/client.js';
import '../server/src/test/pglite-worker-source.js';
import { addHourZone, rollUp } from '../server/src/modules/analytics/analytics.rollup.js';
import { resolvePeriod } from '../server/src/modules/analytics/analytics.service.js';
import { adminEmail, listBenchEnv, signIn } from './lib/conversation-list-data.js';
import { round, summary } from './lib/stats.js';
import { withScratchDatabase } from './lib/database.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const quick = process.argv.includes('--quick');
const segments = Number(arg('segments') ?? (quick ? 200_000 : 10_000_000));
const requests = Number(arg('requests') ?? (quick ? 10 : 30));
const people = 40_000;
const agentCount = 50;
const perConversation = 4;
const zone = 'America/New_York';
const budgetMs = 200;
const defaultPgUrl = 'postgres://postgres@127.0.0.1:5432/atrium_bench_analytics';

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];
const exec = (db: Db, q: ReturnType<typeof sql>) => db.execute(q);

async function seed(db: Db): Promise<{ agents: string[] }> {
  const conversations = Math.ceil(segments / perConversation);
  await exec(
    db,
    sql`insert into users (email, display_name) select 'student-' || i || '@bench.test', 'Student ' || i from generate_series(1, ${people}::int) i`,
  );
  await exec(
    db,
    sql`insert into gpt_systems (name, gpt_system_type, published_config)
      select 'Bench agent ' || i, 'System', published_config from gpt_systems, generate_series(1, ${agentCount}::int) i
      where gpt_system_type = 'System' and published_config is not null limit ${agentCount}`,
  );
  const agents = (
    (await exec(db, sql`select id from gpt_systems where name like 'Bench agent %' order by name`)) as unknown as { rows: { id: string }[] }
  ).rows.map((r) => r.id);
  await exec(db, sql`create unlogged table bench_people as select row_number() over (order by id) as n, id from users where email like 'student-%'`);
  await exec(db, sql`create unlogged table bench_agents as select row_number() over (order by id) as n, id from gpt_systems where name like 'Bench agent %'`);
  // conversations spread over a year, newest first; a skewed choice of agent (a few agents take most questions)
  const batch = 500_000;
  for (let start = 1; start <= conversations; start += batch) {
    const end = Math.min(conversations, start + batch - 1);
    await exec(
      db,
      sql`insert into conversations (user_id, gpt_system_id, title, session_identifier, public_endpoint_name, brand_key, created_at, last_modified_at)
        select case when i % 10 = 0 then null else p.id end, a.id, 'Bench ' || i,
          case when i % 10 = 0 then 'visitor-' || (i % 20000) end, case when i % 10 = 0 then 'bench' end,
          case when i % 7 = 0 then 'law-school' else 'default' end,
          now() - (i::float8 / ${conversations}::int) * interval '365 days', now()
        from generate_series(${start}::bigint, ${end}::bigint) i
        join bench_people p on p.n = 1 + (i * 7919) % ${people}::bigint
        join bench_agents a on a.n = 1 + ((i * 31) % 1000) * ((i * 31) % 1000) / 20000`,
    );
  }
  // first questions, then the follow-ups (each answering the first)
  await exec(
    db,
    sql`insert into conversation_segments (conversation_id, question, answer, status, created_at, completed_at, model, deployment_name,
        prompt_tokens, completion_tokens, gpt_system_id, brand_key, user_id, feedback)
      select c.id, 'q', 'a', 'Success', c.created_at, c.created_at, (array['gpt-4o','gpt-4o-mini','claude-sonnet'])[1 + abs(hashtext(c.id::text)) % 3],
        (array['chat-main','chat-mini','claude'])[1 + abs(hashtext(c.id::text)) % 3], 200 + abs(hashtext(c.title)) % 800, 50 + abs(hashtext(c.title)) % 400,
        c.gpt_system_id, c.brand_key, c.user_id,
        case when abs(hashtext(c.title)) % 13 = 0 then '{"feedbackType":"Positive","isPositive":true,"comment":null,"createdAt":"2026-01-01T00:00:00Z"}'::jsonb
             when abs(hashtext(c.title)) % 29 = 0 then '{"feedbackType":"Negative","isPositive":false,"comment":null,"createdAt":"2026-01-01T00:00:00Z"}'::jsonb end
      from conversations c where c.title like 'Bench %'`,
  );
  await exec(
    db,
    sql`insert into conversation_segments (conversation_id, parent_segment_id, question, answer, status, created_at, completed_at, model, deployment_name,
        prompt_tokens, completion_tokens, gpt_system_id, brand_key, user_id)
      select s.conversation_id, s.id, 'q', 'a', 'Success', s.created_at + k * interval '3 minutes', s.created_at + k * interval '3 minutes', s.model,
        s.deployment_name, s.prompt_tokens + 100 * k, s.completion_tokens, s.gpt_system_id, s.brand_key, s.user_id
      from conversation_segments s, generate_series(1, ${perConversation - 1}::int) k where s.question = 'q' and s.parent_segment_id is null`,
  );
  await exec(db, sql`drop table bench_people`);
  await exec(db, sql`drop table bench_agents`);
  await exec(db, sql`analyze conversations`);
  await exec(db, sql`analyze conversation_segments`);
  return { agents };
}

async function main() {
  const url = new URL(process.env.DATABASE_URL ?? defaultPgUrl);
  url.pathname = '/atrium_bench_analytics';
  const result = await withScratchDatabase(url.toString(), async (databaseUrl) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-analytics-'));
    try {
      const env = listBenchEnv(dataDir, databaseUrl);
      // a first start makes the tables, the admin and the System agent
      const start = () =>
        startServer(env).catch(async () => {
          // (another build may be replacing server/dist or web/dist for a moment)
          await new Promise((r) => setTimeout(r, 30_000));
          return startServer(env);
        });
      const first = await start();
      await signIn(first.baseUrl);
      await first.stop();
      const handle = await openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'db') });
      let agents: string[];
      let seedSeconds: number;
      let rollupSeconds: number;
      let rollupRows: Record<string, number>;
      let catchUpMs: number;
      let hourZoneMs: number;
      let catchUpZoneMs: number;
      const floors: Record<string, { ms: number; copyMs: number | null; rows: number }> = {};
      try {
        let t0 = performance.now();
        ({ agents } = await seed(handle.db));
        seedSeconds = round((performance.now() - t0) / 1000, 1);
        process.stdout.write(`seeded ${segments} segments in ${seedSeconds} s\n`);
        t0 = performance.now();
        await rollUp(handle);
        rollupSeconds = round((performance.now() - t0) / 1000, 1);
        // a run of the minute job on an instance that is rolled up: two days again
        t0 = performance.now();
        await rollUp(handle);
        catchUpMs = round(performance.now() - t0);
        // the zone's hours of the day, as the job queued by a first UsersByHourOfDay in the zone keeps them
        t0 = performance.now();
        await addHourZone(handle, zone);
        hourZoneMs = round(performance.now() - t0);
        // and a run of the minute job that keeps it
        t0 = performance.now();
        await rollUp(handle);
        catchUpZoneMs = round(performance.now() - t0);
        const tables = ['analytics_usage_hourly', 'analytics_users_hourly', 'analytics_users_daily', 'analytics_users_monthly', 'analytics_users_last_seen'];
        for (const table of tables) await exec(handle.db, sql.raw(`analyze ${table}`));
        rollupRows = {};
        for (const table of ['conversation_segments', ...tables]) {
          const r = (await exec(handle.db, sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] };
          rollupRows[table] = r.rows[0]!.n;
        }
        process.stdout.write(
          `rolled up in ${rollupSeconds} s (a catch-up run: ${catchUpMs} ms; a zone's hours of the day kept in ${hourZoneMs} ms, a catch-up run with it ${catchUpZoneMs} ms): ${JSON.stringify(rollupRows)}\n`,
        );
        // the export's floor: its monthly rows alone, read by the server's client (best of 3)
        for (const period of ['Last30Days', 'Last365Days', 'AllTime'] as const) {
          const p = await resolvePeriod(handle, period, zone);
          let best = Infinity;
          let rows = 0;
          for (let i = 0; i < 3; i++) {
            t0 = performance.now();
            const r = (await exec(
              handle.db,
              sql`select * from analytics_users_monthly where month >= date_trunc('month', ${p.from!.toISOString()}::timestamptz, 'UTC')`,
            )) as unknown as { rows: unknown[] };
            best = Math.min(best, performance.now() - t0);
            rows = r.rows.length;
          }
          // and PostgreSQL's own CSV of them (COPY through psql, when there is one): the least any export of them costs
          let copyMs: number | null = null;
          try {
            const copy = `\\copy (select * from analytics_users_monthly where month >= date_trunc('month', '${p.from!.toISOString()}'::timestamptz, 'UTC')) to '/dev/null' csv header`;
            for (let i = 0; i < 3; i++) {
              t0 = performance.now();
              execFileSync('psql', [databaseUrl, '-qc', copy], { stdio: 'ignore' });
              copyMs = Math.min(copyMs ?? Infinity, round(performance.now() - t0));
            }
          } catch {
            copyMs = null;
          }
          floors[period] = { ms: round(best), copyMs, rows };
          process.stdout.write(`export floor ${period}: ${rows} monthly rows read in ${round(best)} ms, COPY to CSV by psql ${copyMs} ms\n`);
        }
      } finally {
        await handle.close();
      }
      const server = await start();
      try {
        const token = await signIn(server.baseUrl);
        const api = `${server.baseUrl}/api/internal`;
        const headers = { authorization: `Bearer ${token}`, 'x-timezone': zone };
        const sizes: Record<string, number> = {};
        // each request's time to its first record too (past a CSV's header line): the export streams, and a person's
        // download has its first rows then
        const firstBytes: number[] = [];
        const timed = async (p: string) => {
          const t0 = performance.now();
          const res = await fetch(`${api}${p}`, { headers });
          if (!res.ok) throw new Error(`${p} answered ${res.status}`);
          let length = 0;
          let lines = 0;
          let first: number | null = null;
          const decoder = new TextDecoder();
          for await (const chunk of res.body!) {
            const text = decoder.decode(chunk as Uint8Array, { stream: true });
            length += text.length;
            if (first === null) {
              lines += text.split('\n').length - 1;
              if (lines >= 2) first = performance.now() - t0;
            }
          }
          firstBytes.push(first ?? performance.now() - t0);
          sizes[p] = length;
          return performance.now() - t0;
        };
        const calls: string[] = [
          ...Object.entries(AnalyticsRoutes)
            .filter(([k]) => k !== 'rollup' && k !== 'exportCsv' && !k.startsWith('gptSystem'))
            .map(([, p]) => p as string),
          `${AnalyticsRoutes.gptSystemConversationsByPeriod}?gptSystemId=${agents[0]}`,
          `${AnalyticsRoutes.gptSystemConversationSegmentFeedBackByPeriod}?gptSystemId=${agents[0]}`,
          AnalyticsRoutes.exportCsv,
        ];
        const only = arg('calls')?.split(',');
        if (only) calls.splice(0, calls.length, ...calls.filter((c) => only.some((o) => c.includes(o))));
        const periods = arg('periods')?.split(',') ?? ['Last24Hours', 'Last7Days', 'Last30Days', 'Last90Days', 'Last365Days', 'AllTime'];
        const rows: { call: string; period: string; p50: number; p95: number; p99: number; firstByteP95: number }[] = [];
        for (const period of periods) {
          for (const call of calls) {
            const p = `${call}${call.includes('?') ? '&' : '?'}reportingPeriod=${period}`;
            for (let i = 0; i < 3; i++) await timed(p);
            const ms: number[] = [];
            firstBytes.length = 0;
            for (let i = 0; i < requests; i++) ms.push(await timed(p));
            const s = summary(ms);
            const f = summary(firstBytes);
            rows.push({
              call: call.replace('/admin/analytics/conversations/', '').replace(/\?.*/, ''),
              period,
              p50: s.p50,
              p95: s.p95,
              p99: s.p99,
              firstByteP95: f.p95,
            });
            process.stdout.write(`${period} ${rows.at(-1)!.call}: p50 ${s.p50} p95 ${s.p95} ms, first byte p95 ${f.p95} ms (${sizes[p]} characters)\n`);
          }
        }
        return {
          segments,
          people,
          agents: agentCount,
          seedSeconds,
          rollupSeconds,
          catchUpMs,
          hourZoneMs,
          catchUpZoneMs,
          exportFloors: floors,
          rollupRows,
          requests,
          zone,
          rows,
        };
      } finally {
        await server.stop();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
  const periods = [...new Set(result.rows.map((r) => r.period))];
  const calls = [...new Set(result.rows.map((r) => r.call))];
  const cell = (c: string, p: string) => {
    const r = result.rows.find((x) => x.call === c && x.period === p)!;
    // the export streams a file whose size grows with the period: its first byte, then the whole file
    if (c === '/admin/analytics/export') return `${r.firstByteP95}${r.firstByteP95 > budgetMs ? ' MISS' : ''} (whole file ${r.p95})`;
    return `${r.p95}${r.p95 > budgetMs ? ' MISS' : ''}`;
  };
  process.stdout.write(
    [
      '',
      `Analytics benchmark (postgres): ${result.segments} segments, ${people} people, ${agentCount} agents, seeded in ${result.seedSeconds} s; first rollup ${result.rollupSeconds} s, a catch-up run ${result.catchUpMs} ms, a zone's hours of the day kept in ${result.hourZoneMs} ms (a catch-up run with it ${result.catchUpZoneMs} ms); export floors ${JSON.stringify(result.exportFloors)}; rows ${JSON.stringify(result.rollupRows)}; p95 ms of ${requests} requests in ${zone}`,
      '',
      `| call | ${periods.join(' | ')} |`,
      `|---|${periods.map(() => '---').join('|')}|`,
      ...calls.map((c) => `| ${c} | ${periods.map((p) => cell(c, p)).join(' | ')} |`),
      '',
    ].join('\n'),
  );
  fs.mkdirSync(path.join(here, 'results'), { recursive: true });
  fs.writeFileSync(
    path.join(here, 'results', 'analytics.json'),
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, adminEmail, ...result }, null, 2)}\n`,
  );
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
