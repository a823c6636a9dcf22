// Conversation list benchmark (docs/architecture.md budget: first page p95 <= 10 ms, title search p95 <= 50 ms
// at 100k conversations), over HTTP through the real path (auth, validation, query, presentation),
// against a baseline measured in the same run: GET /health, which does `select 1`.
// One person owns 100,000 conversations over two years (some archived, some deleted); 20 others own
// 20,000 more, so that the index has to tell people apart. Runs on PGlite, then on PostgreSQL
// (database atrium_bench_list, created and dropped here, on the server of DATABASE_URL, else on 127.0.0.1:5432).
// Run: npm run build && npm run bench:list   (--quick: fewer rows and requests; --pglite / --postgres: one database only)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { startServer, type RunningServer } from '../e2e/harness/server.js';
import { openDatabase, type DatabaseHandle } from '../server/src/db/client.js';
// the benches run the server's TypeScript sources: start the database worker from its source too
import '../server/src/test/pglite-worker-source.js';
import { round, summary } from './lib/stats.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const adminEmail = 'admin@atrium.local';
const adminPassword = 'bench-admin-password';
const quick = process.argv.includes('--quick');
const owned = quick ? 20_000 : 100_000;
const others = 20;
const perOther = quick ? 200 : 1_000;
const requests = quick ? 60 : 300;
const defaultPgUrl = 'postgres://postgres@127.0.0.1:5432/atrium_bench_list';

/** ~1 title in 10 holds it: the first page of a search finds its 50 rows within ~500 conversations. */
const commonTerm = 'budget';
/** 1 title in 5,000 (20 of 100k): a search has to look at every conversation unless an index helps. */
const rareTerm = 'zanzibar';
const noMatchTerm = 'quixotically';

type Summary = ReturnType<typeof summary>;
interface Case {
  label: string;
  samples: Summary;
  /** p95 minus the health baseline's p95 */
  addedP95: number;
  /** rows on the first page, so that a search that silently matches nothing shows up */
  items: number;
  budgetP95: number | null;
}
interface DbResult {
  database: string;
  seedSeconds: number;
  ownedConversations: number;
  otherConversations: number;
  baseline: Summary;
  cases: Case[];
}

// Titles from word lists picked by different multipliers of the row number, so neighbours differ.
const seedSql = (userId: string, agentId: string, count: number, startIndex: number) => sql`
  insert into conversations (user_id, gpt_system_id, title, archived, deleted_at, created_at, last_modified_at, session_identifier)
  select ${userId}::uuid, ${agentId}::uuid,
    initcap((array['how','why','what','draft','plan','review','summarise','explain','compare','fix'])[1 + (i * 7) % 10]) || ' ' ||
    (array['the','our','a','my','this','next','last','new'])[1 + (i * 3) % 8] || ' ' ||
    (array['quarterly','marketing','lecture','research','thesis','python','sql','grant','hiring','travel','exam','onboarding','security','cloud','design','legal'])[1 + (i * 13) % 16] || ' ' ||
    (array['report','notes','email','essay','proposal','slides','policy','script','query','outline','schedule','survey'])[1 + (i * 11) % 12] ||
    case when i % 10 = 3 then ' ${sql.raw(commonTerm)} ' || (2020 + i % 6)::text else '' end ||
    case when i % 5000 = 77 then ' for ${sql.raw(rareTerm[0]!.toUpperCase() + rareTerm.slice(1))} office' else '' end ||
    ' #' || i::text,
    i % 17 = 0,
    case when i % 23 = 0 then now() - (i * interval '10 minutes') / 2 end,
    now() - i * (interval '2 years' / ${count}::int) - interval '1 hour',
    now() - i * (interval '2 years' / ${count}::int) + ((i * 37) % 600) * interval '1 second',
    'bench-' || i::text
  from generate_series(${startIndex}::int, ${startIndex + count - 1}::int) as i`;

async function seed(handle: DatabaseHandle, agentId: string): Promise<void> {
  // both drivers answer execute() with { rows }
  const rows = async (query: ReturnType<typeof sql>) => ((await handle.db.execute(query)) as unknown as { rows: { id: string }[] }).rows;
  const db = handle.db;
  const [admin] = await rows(sql`select id from users where lower(email) = ${adminEmail}`);
  if (!admin) throw new Error('the bootstrap admin is missing');
  await db.execute(seedSql(admin.id, agentId, owned, 1));
  for (let u = 0; u < others; u++) {
    const [other] = await rows(sql`insert into users (email, display_name) values (${`bench-other-${u}@atrium.local`}, ${`Other ${u}`}) returning id`);
    await db.execute(seedSql(other!.id, agentId, perOther, 1));
  }
  // a freshly loaded table has no statistics until autovacuum gets to it (PGlite never runs it)
  await db.execute(sql`analyze conversations`);
}

async function signIn(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/internal/authorization/Local/GenerateToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: adminEmail, password: adminPassword }),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { n1AIToken: string }).n1AIToken;
}

interface Page {
  items: unknown[];
  continuationToken: string | null;
}

async function timed(url: string, token: string): Promise<{ ms: number; page: Page }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${body}`);
  return { ms, page: JSON.parse(body) as Page };
}

async function measure(server: RunningServer, token: string): Promise<{ baseline: Summary; cases: Case[] }> {
  const api = `${server.baseUrl}/api/internal`;
  const list = (query: string) => `${api}/userConversations?pageSize=50${query}`;
  const health = `${api}/health`;
  // warm up: JIT, pools, the agent lookup, the database's buffers
  for (let i = 0; i < 30; i++) {
    await timed(health, token);
    await timed(list(''), token);
    await timed(list(`&title=${rareTerm}`), token);
  }

  const base: number[] = [];
  /** Interleaves each request with a health request, so that noise from the other machine's work hits both. */
  const run = async (label: string, next: (i: number) => Promise<{ ms: number; page: Page }>, budgetP95: number | null): Promise<Omit<Case, 'addedP95'>> => {
    const ms: number[] = [];
    let items = 0;
    for (let i = 0; i < requests; i++) {
      base.push((await timed(health, token)).ms);
      const r = await next(i);
      ms.push(r.ms);
      if (i === 0) items = r.page.items.length;
    }
    return { label, samples: summary(ms), items, budgetP95 };
  };

  const raw: Omit<Case, 'addedP95'>[] = [];
  raw.push(await run('first page (pageSize 50)', () => timed(list(''), token), 10));
  // pages 2..21 by continuation token, walked again from the start when the walk ends
  let cursor: string | null = null;
  let depth = 0;
  raw.push(
    await run(
      'next pages (2..21, by continuationToken)',
      async () => {
        if (!cursor || depth >= 20) {
          cursor = (await timed(list(''), token)).page.continuationToken;
          depth = 0;
        }
        const r = await timed(list(`&continuationToken=${encodeURIComponent(cursor!)}`), token);
        cursor = r.page.continuationToken;
        depth++;
        return r;
      },
      10,
    ),
  );
  raw.push(await run('includeArchived first page', () => timed(list('&includeArchived=true'), token), 10));
  raw.push(await run(`title search, common term "${commonTerm}"`, () => timed(list(`&title=${commonTerm}`), token), 50));
  raw.push(await run(`title search, rare term "${rareTerm}"`, () => timed(list(`&title=${rareTerm}`), token), 50));
  raw.push(await run(`title search, no match "${noMatchTerm}"`, () => timed(list(`&title=${noMatchTerm}`), token), 50));
  raw.push(await run('title search, 2 letters "qu"', () => timed(list('&title=qu'), token), 50));
  const baseline = summary(base);
  return { baseline, cases: raw.map((c) => ({ ...c, addedP95: round(c.samples.p95 - baseline.p95) })) };
}

async function benchDatabase(kind: 'pglite' | 'postgres', databaseUrl: string | null): Promise<DbResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-list-'));
  const env: Record<string, string> = {
    ADMIN_PASSWORD: adminPassword,
    LOG_LEVEL: 'info' /* the product's default: benches measure what people run */,
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  try {
    // 1. first start: migrations, the bootstrap admin and the System agent
    let server = await startServer(env);
    let agentId: string;
    try {
      const token = await signIn(server.baseUrl);
      const agents = (await (
        await fetch(`${server.baseUrl}/api/internal/CurrentUser/AvailableGptSystems`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as {
        items: { gptSystemId: string; gptSystemType: string }[];
      };
      agentId = agents.items.find((a) => a.gptSystemType === 'System')!.gptSystemId;
    } finally {
      await server.stop();
    }
    // 2. seed with the server stopped: PGlite allows one opener
    const started = performance.now();
    const handle = await openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'db') });
    try {
      await seed(handle, agentId);
    } finally {
      await handle.close();
    }
    const seedSeconds = round((performance.now() - started) / 1000, 1);
    // 3. measure on a fresh process
    server = await startServer(env);
    try {
      const { baseline, cases } = await measure(server, await signIn(server.baseUrl));
      return { database: kind, seedSeconds, ownedConversations: owned, otherConversations: others * perOther, baseline, cases };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs `fn` on a database of its own on the PostgreSQL server of `url`, dropped afterwards. */
async function withScratchDatabase<T>(url: string, fn: (url: string) => Promise<T>): Promise<T> {
  const pg = await import('pg');
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.default.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
    try {
      return await fn(url);
    } finally {
      await client.query(`drop database if exists ${name} with (force)`);
    }
  } finally {
    await client.end();
  }
}

function report(r: DbResult): string {
  const line = (c: Case) =>
    `| ${c.label} | ${c.items} | ${c.samples.p50} / ${c.samples.p95} / ${c.samples.p99} | ${c.addedP95} | ${c.budgetP95 === null ? '' : `${c.samples.p95 <= c.budgetP95 ? 'ok' : 'MISS'} (<= ${c.budgetP95})`} |`;
  return [
    `Conversation list benchmark (${r.database}): ${r.ownedConversations} conversations for one person + ${r.otherConversations} for ${others} others, seeded in ${r.seedSeconds} s; ${requests} requests per row`,
    '',
    '| request | items | p50 / p95 / p99 (ms) | added p95 over health | budget p95 |',
    '|---|---|---|---|---|',
    `| GET /health (select 1), the baseline | | ${r.baseline.p50} / ${r.baseline.p95} / ${r.baseline.p99} | | |`,
    ...r.cases.map(line),
    '',
  ].join('\n');
}

async function main() {
  const only = process.argv.includes('--pglite') ? 'pglite' : process.argv.includes('--postgres') ? 'postgres' : null;
  const results: Record<string, unknown> = { date: new Date().toISOString(), node: process.version, cpus: os.cpus().length };
  if (only !== 'postgres') {
    const r = await benchDatabase('pglite', null);
    results.pglite = r;
    process.stdout.write(`${report(r)}\n`);
  }
  if (only !== 'pglite') {
    // a scratch database on the server of DATABASE_URL (else the local one): the seed must not meet earlier rows
    const url = new URL(process.env.DATABASE_URL ?? defaultPgUrl);
    url.pathname = '/atrium_bench_list';
    const r = await withScratchDatabase(url.toString(), (scratch) => benchDatabase('postgres', scratch));
    results.postgres = r;
    process.stdout.write(`${report(r)}\n`);
  }
  fs.mkdirSync(path.join(here, 'results'), { recursive: true });
  fs.writeFileSync(path.join(here, 'results', 'conversations-list.json'), `${JSON.stringify(results, null, 2)}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
