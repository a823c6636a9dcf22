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
import { startServer, type RunningServer } from '../e2e/harness/server.js';
import { commonTerm, listBenchEnv, noMatchTerm, rareTerm, seedListData, signIn } from './lib/conversation-list-data.js';
import { round, summary } from './lib/stats.js';
import { withScratchDatabase } from './lib/database.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const quick = process.argv.includes('--quick');
const owned = quick ? 20_000 : 100_000;
const others = 20;
const perOther = quick ? 200 : 1_000;
const requests = quick ? 60 : 300;
const defaultPgUrl = 'postgres://postgres@127.0.0.1:5432/atrium_bench_list';

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
  const env = listBenchEnv(dataDir, databaseUrl);
  try {
    // 1. a first start makes the tables, the bootstrap admin and the System agent; 2. seeded with the server stopped
    const { seedSeconds } = await seedListData(dataDir, databaseUrl, { owned, others, perOther });
    // 3. measure on a fresh process
    const server = await startServer(env);
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
