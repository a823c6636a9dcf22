// What the server keeps per finished chat turn: the live heap after a full garbage collection, and the
// RSS, after every step of new-conversation turns (each with its generated title) against a fake
// OpenAI-compatible upstream. A server that keeps nothing of a finished turn stays flat; the slope is
// what a long-running process would grow by. The full collection is the one V8 makes before a heap
// snapshot (--heapsnapshot-signal); the snapshots go to a temporary directory, removed at the end. Writing
// a snapshot takes memory of its own that the process keeps: read the RSS column for its slope only.
// Run: npm run build && npx tsx bench/chat-memory.bench.ts [--steps 5] [--turns 3000]
//      (DATABASE_URL=postgres://… to measure on PostgreSQL)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChatBenchServer } from './lib/chat-bench-server.js';
import { benchDatabase } from './lib/database.js';
import { platformStream } from './lib/clients.js';
import { numberArg, rssKb } from './lib/process.js';
import { round, waves } from './lib/stats.js';
import { startUpstreamProcess } from './lib/upstream-process.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const steps = numberArg('steps', 5);
const turnsPerStep = numberArg('turns', 3000);
const words = (n: number) => Array.from({ length: n }, (_, i) => ` word${i}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** the heap after the last full collection, from a --trace-gc line: "Mark-Compact 51.0 (84.1) -> 44.6 (83.6) MB" */
const liveAfterFullGc = (output: string) => {
  const lines = output.split('\n').filter((l) => l.includes('Mark-Compact'));
  const m = /-> ([\d.]+) \(/.exec(lines[lines.length - 1] ?? '');
  return { count: lines.length, mb: m ? Number(m[1]) : Number.NaN };
};

async function untilAnswers(url: string) {
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(30_000) })).ok) return;
    } catch (e) {
      if (tries >= 10) throw e;
    }
    await sleep(500);
  }
}

async function main() {
  const snapshots = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-heap-'));
  const upstream = await startUpstreamProcess({ chunks: words(20), usage: { promptTokens: 30, completionTokens: 20 } });
  const database = await benchDatabase(process.env.DATABASE_URL);
  const { server, token, agentId } = await startChatBenchServer(upstream.url, database.url, [
    '--trace-gc',
    '--heapsnapshot-signal=SIGUSR2',
    `--diagnostic-dir=${snapshots}`,
  ]);
  /** a full collection (the heap snapshot's), then what is live */
  const measure = async () => {
    const before = liveAfterFullGc(server.output()).count;
    process.kill(server.pid, 'SIGUSR2');
    while (liveAfterFullGc(server.output()).count === before) await sleep(50);
    // the snapshot is written on the server's thread: once it answers again, it is done
    await untilAnswers(`${server.baseUrl}/api/internal/health`);
    for (const f of fs.readdirSync(snapshots)) fs.rmSync(path.join(snapshots, f));
    return { liveHeapMb: liveAfterFullGc(server.output()).mb, rssMb: round(rssKb(server.pid) / 1024, 1) };
  };
  try {
    const platform = () => platformStream(server.baseUrl, token, agentId, 'How much memory does a turn keep?');
    await waves(500, 50, () => platform());
    // titles of the warm-up run when no turn waits; let them go before the first measure
    await sleep(2000);
    const rows = [{ turns: 0, ...(await measure()) }];
    for (let s = 1; s <= steps; s++) {
      await waves(turnsPerStep, 50, () => platform());
      await sleep(1000);
      rows.push({ turns: s * turnsPerStep, ...(await measure()) });
    }
    // the slope from the first step on (the first step fills caches and pools that then stay), or from the
    // start when there is only one step
    const first = rows[rows.length > 2 ? 1 : 0]!;
    const last = rows[rows.length - 1]!;
    const turns = last.turns - first.turns;
    const result = {
      date: new Date().toISOString(),
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      rows,
      retainedKbPerTurn: round(((last.liveHeapMb - first.liveHeapMb) * 1024) / turns, 3),
      rssKbPerTurn: round(((last.rssMb - first.rssMb) * 1024) / turns, 3),
    };
    fs.mkdirSync(path.join(here, 'results'), { recursive: true });
    fs.writeFileSync(path.join(here, 'results', `chat-memory-${result.database}.json`), `${JSON.stringify(result, null, 2)}\n`);
    const out = [
      `Chat memory benchmark (${result.database}, ${result.date}): new conversations, 50 at a time, each with its generated title`,
      '',
      '| turns | live heap after a full GC (MB) | RSS (MB) |',
      '|---|---|---|',
      ...rows.map((r) => `| ${r.turns} | ${r.liveHeapMb} | ${r.rssMb} |`),
      '',
      `Kept per turn from ${first.turns} to ${last.turns} turns: ${result.retainedKbPerTurn} kB of heap, ${result.rssKbPerTurn} kB of RSS.`,
    ];
    process.stdout.write(`${out.join('\n')}\n`);
  } finally {
    await server.stop();
    await upstream.close();
    await database.drop();
    fs.rmSync(snapshots, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
