// Memory of the embedded server (PGlite, the default) on a small machine. Budgets (issue 23): the whole server
// process (one process: the server's thread and the database's worker thread) at most 250 MB of RSS when idle
// after start, and at most 400 MB with the conversation list bench's 100,000 conversations after its queries.
// Measured after a first start on a fresh data directory (migrations, seed, one sign-in), after a restart on the
// 100k data and after the list's requests (pages, archived, title searches): the RSS 5 s after the last work,
// then, once the process has been left alone for 30 s (V8 gives memory back after 10-20 s of quiet), the RSS
// and what it is made of: the resident part of the WebAssembly memory (PostgreSQL's whole address space: shared
// buffers, work memory, caches), the V8 heaps of each thread (from a diagnostic report) and the rest (code,
// native). Then the floor: a bare PGlite with the server's settings on the same data, no server.
// Run: npm run build && npx tsx bench/memory.bench.ts [--quick] [--idle 30000] [--rounds 3]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type RunningServer } from '../e2e/harness/server.js';
import { commonTerm, listBenchEnv, noMatchTerm, rareTerm, seedListData, signIn } from './lib/conversation-list-data.js';
import { numberArg } from './lib/process.js';
import { round } from './lib/stats.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const quick = process.argv.includes('--quick');
const size = quick ? { owned: 20_000, others: 20, perOther: 200 } : { owned: 100_000, others: 20, perOther: 1_000 };
/** the first reading, this long after the last work */
const soonMs = 5000;
/** the second, once the process has been left alone this long */
const idleMs = Math.max(soonMs, numberArg('idle', 30_000));
/** rounds of the list's requests before the last sample */
const rounds = numberArg('rounds', quick ? 1 : 3);
const budgets = { idleMb: 250, after100kMb: 400 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => round(bytes / 2 ** 20, 1);

/** What a process's resident memory is made of, from /proc/<pid>/smaps and /proc/<pid>/status. */
function residentParts(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  const maps: { start: number; end: number; perms: string; file: boolean; rssKb: number }[] = [];
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ (\d+)/.exec(line);
    if (head) maps.push({ start: parseInt(head[1]!, 16), end: parseInt(head[2]!, 16), perms: head[3]!, file: head[4] !== '0', rssKb: 0 });
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && maps.length) maps[maps.length - 1]!.rssKb = Number(rss[1]);
  }
  // V8 reserves 8 GB of address space for a WebAssembly memory: the pages in use (read-write) and, right after
  // them, the rest of the reservation (no access)
  const isWasm = (m: (typeof maps)[number], next: (typeof maps)[number] | undefined) =>
    !m.file && m.perms.startsWith('rw') && !!next && !next.file && next.perms.startsWith('---') && next.start === m.end && next.end - m.start >= 4 * 2 ** 30;
  let wasm = 0;
  let file = 0;
  let anon = 0;
  /** the size of each WebAssembly memory (resident or not) */
  const wasmSizesMb: number[] = [];
  maps.forEach((m, i) => {
    if (isWasm(m, maps[i + 1])) {
      wasm += m.rssKb;
      wasmSizesMb.push(round((m.end - m.start) / 2 ** 20, 1));
    } else if (m.file) file += m.rssKb;
    else anon += m.rssKb;
  });
  return {
    rssMb: round(kb('VmRSS') / 1024, 1),
    peakMb: round(kb('VmHWM') / 1024, 1),
    wasmSizesMb,
    wasmMb: round(wasm / 1024, 1),
    fileMb: round(file / 1024, 1),
    otherAnonMb: round(anon / 1024, 1),
  };
}

/** A V8 heap: committed, of which in use, and the young generation's committed part (MB). */
interface Heap {
  committedMb: number;
  usedMb: number;
  newSpaceMb: number;
}
interface Sample extends ReturnType<typeof residentParts> {
  label: string;
  /** RSS 5 s after the last work (the other figures are from when the process has been idle) */
  soonRssMb: number;
  /** the server's thread */
  mainHeap: Heap;
  /** the worker threads (the database's, and any other running) */
  workerHeaps: Heap[];
}

/** Node's diagnostic report on SIGUSR2 (--report-on-signal): the V8 heap of every thread. */
const reportArgs = (dir: string) => ['--report-on-signal', `--report-directory=${dir}`, '--report-compact'];
interface ReportHeap {
  totalMemory: number;
  usedMemory: number;
  heapSpaces: Record<string, { memorySize: number }>;
}
interface Report {
  javascriptHeap: ReportHeap;
  workers: { javascriptHeap: ReportHeap }[];
}
const heapOf = (h: ReportHeap): Heap => ({
  committedMb: mb(h.totalMemory),
  usedMb: mb(h.usedMemory),
  newSpaceMb: mb((h.heapSpaces.new_space?.memorySize ?? 0) + (h.heapSpaces.new_large_object_space?.memorySize ?? 0)),
});
async function heaps(server: RunningServer, dir: string): Promise<{ mainHeap: Heap; workerHeaps: Heap[] }> {
  for (const f of fs.readdirSync(dir)) fs.rmSync(path.join(dir, f));
  process.kill(server.pid, 'SIGUSR2');
  for (let waited = 0; ; waited += 50) {
    const file = fs.readdirSync(dir).find((f) => f.endsWith('.json'));
    if (file) {
      try {
        const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Report;
        return { mainHeap: heapOf(report.javascriptHeap), workerHeaps: report.workers.map((w) => heapOf(w.javascriptHeap)) };
      } catch {
        // still being written
      }
    }
    if (waited > 10_000) throw new Error('the server wrote no diagnostic report');
    await sleep(50);
  }
}

async function sample(label: string, server: RunningServer, reports: string): Promise<Sample> {
  await sleep(soonMs);
  const soonRssMb = residentParts(server.pid).rssMb;
  await sleep(idleMs - soonMs);
  // the memory first: writing the report takes some of its own
  const parts = residentParts(server.pid);
  return { label, soonRssMb, ...parts, ...(await heaps(server, reports)) };
}

/** The list bench's requests: first pages, pages by continuation token, archived, title searches. */
async function listRequests(server: RunningServer, token: string): Promise<number> {
  const get = async (query: string) => {
    const res = await fetch(`${server.baseUrl}/api/internal/userConversations?pageSize=50${query}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`the list answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as { items: unknown[]; continuationToken: string | null };
  };
  let count = 0;
  for (let r = 0; r < rounds; r++) {
    for (const query of ['', '&includeArchived=true', `&title=${commonTerm}`, `&title=${rareTerm}`, `&title=${noMatchTerm}`, '&title=qu']) {
      for (let i = 0; i < 50; i++, count++) await get(query);
    }
    for (let walk = 0; walk < 5; walk++) {
      let cursor = (await get('')).continuationToken;
      for (let depth = 0; depth < 20 && cursor; depth++, count++) cursor = (await get(`&continuationToken=${encodeURIComponent(cursor)}`)).continuationToken;
    }
  }
  return count;
}

interface Floor {
  openMb: number;
  afterQueriesMb: number;
  wasmMemoryMb: number;
  heapMb: number;
}

/** A bare PGlite with the server's settings on `dbDir`, in a process of its own (bench/lib/bare-pglite.mjs). */
async function floor(dbDir: string): Promise<Floor> {
  const child = spawn(process.execPath, [path.join(here, 'lib', 'bare-pglite.mjs'), dbDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  if (code !== 0) throw new Error(`bare-pglite.mjs exited with ${code}: ${out}`);
  return JSON.parse(out) as Floor;
}

function report(samples: Sample[], bare: Floor, seedSeconds: number, requests: number): string {
  const budget = (s: Sample, i: number) => {
    const limit = i === samples.length - 1 ? budgets.after100kMb : i === 0 ? budgets.idleMb : null;
    if (limit === null) return '';
    const verdict = (rss: number) => (rss <= limit ? 'ok' : 'MISS');
    return `${verdict(s.soonRssMb)} / ${verdict(s.rssMb)} (<= ${limit})`;
  };
  const heap = (h: Heap) => `${h.committedMb} (${h.usedMb}, ${h.newSpaceMb})`;
  return [
    `Embedded server memory: ${size.owned} conversations for one person + ${size.others * size.perOther} for ${size.others} others (seeded in ${seedSeconds} s), ${requests} list requests`,
    '',
    `| state | RSS after 5 s (MB) | RSS idle ${idleMs / 1000} s | peak RSS | WebAssembly memory: size / resident | V8 heap, server thread: committed (used, young) | V8 heaps, worker threads | rest of anonymous memory (code, native) | file-backed | budget (5 s / idle) |`,
    '|---|---|---|---|---|---|---|---|---|---|',
    ...samples.map((s, i) => {
      const rest = round(s.otherAnonMb - s.mainHeap.committedMb - s.workerHeaps.reduce((sum, h) => sum + h.committedMb, 0), 1);
      return `| ${s.label} | ${s.soonRssMb} | ${s.rssMb} | ${s.peakMb} | ${s.wasmSizesMb.join(' + ')} / ${s.wasmMb} | ${heap(s.mainHeap)} | ${s.workerHeaps.map(heap).join(' + ')} | ${rest} | ${s.fileMb} | ${budget(s, i)} |`;
    }),
    '',
    `Floor, a bare PGlite with the server's settings on the same data (no server): RSS ${bare.openMb} MB open, ${bare.afterQueriesMb} MB after the list's queries; WebAssembly memory ${bare.wasmMemoryMb} MB; V8 heap ${bare.heapMb} MB.`,
    '',
  ].join('\n');
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-memory-'));
  const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-memory-reports-'));
  const nodeArgs = reportArgs(reports);
  const samples: Sample[] = [];
  try {
    const { seedSeconds } = await seedListData(dataDir, null, size, {
      nodeArgs,
      onFirstStart: async (server) => void samples.push(await sample('first start (fresh data directory), signed in once', server, reports)),
    });
    const server = await startServer(listBenchEnv(dataDir, null), { nodeArgs });
    let requests: number;
    try {
      samples.push(await sample(`restart on ${size.owned / 1000}k conversations`, server, reports));
      requests = await listRequests(server, await signIn(server.baseUrl));
      samples.push(await sample(`after the list's requests`, server, reports));
    } finally {
      await server.stop();
    }
    const bare = await floor(path.join(dataDir, 'db'));
    const result = { date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, size, seedSeconds, requests, samples, floor: bare };
    fs.mkdirSync(path.join(here, 'results'), { recursive: true });
    fs.writeFileSync(path.join(here, 'results', 'memory.json'), `${JSON.stringify(result, null, 2)}\n`);
    process.stdout.write(report(samples, bare, seedSeconds, requests));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(reports, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
