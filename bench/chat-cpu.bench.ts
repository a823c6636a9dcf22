// Server CPU per chat turn: the server process's user + system time (from /proc) over N new-conversation
// turns against a fake OpenAI-compatible upstream, divided by N. Less sensitive to machine load than
// latency. Pass --profile to write a V8 CPU profile of the server (bench/results/*.cpuprofile).
// Run: npm run build && npx tsx bench/chat-cpu.bench.ts [--turns 1000] [--concurrency 10] [--profile]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChatBenchServer } from './lib/chat-bench-server.js';
import { benchDatabase } from './lib/database.js';
import { startFakeOpenAI } from '../server/src/test/fake-upstreams.js';
import { platformStream } from './lib/clients.js';
import { numberArg } from './lib/process.js';
import { round, waves } from './lib/stats.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const turns = numberArg('turns', 1000);
const concurrency = numberArg('concurrency', 10);
const profile = process.argv.includes('--profile');
const words = (n: number) => Array.from({ length: n }, (_, i) => ` word${i}`);

/** user + system CPU of a process, in milliseconds */
const cpuMs = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, i.e. 11 and 12 after "pid (comm) "
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100;
};

async function main() {
  const upstream = await startFakeOpenAI({ script: { chunks: words(20), usage: { promptTokens: 30, completionTokens: 20 } } });
  const database = await benchDatabase(process.env.DATABASE_URL);
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-prof-'));
  const { server, token, agentId } = await startChatBenchServer(
    upstream.url,
    database.url,
    profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : undefined,
  );
  try {
    const platform = () => platformStream(server.baseUrl, token, agentId, 'How fast is the first token?');

    await waves(200, concurrency, () => platform());
    // let deferred work (generated titles) settle before measuring
    await new Promise((r) => setTimeout(r, 1500));
    const before = cpuMs(server.pid);
    const started = performance.now();
    await waves(turns, concurrency, () => platform());
    const wall = performance.now() - started;
    const during = cpuMs(server.pid) - before;
    // titles run once the turns are done: count them apart
    await new Promise((r) => setTimeout(r, 3000));
    const after = cpuMs(server.pid) - before;
    const result = {
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      turns,
      concurrency,
      cpuPerTurnMs: round(during / turns, 3),
      cpuPerTurnWithIdleWorkMs: round(after / turns, 3),
      wallPerTurnMs: round(wall / turns, 3),
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await server.stop();
    await upstream.close();
    await database.drop();
    if (profile) {
      fs.mkdirSync(path.join(here, 'results'), { recursive: true });
      for (const f of fs.readdirSync(profileDir)) {
        const to = path.join(here, 'results', `chat-cpu-${Date.now()}.cpuprofile`);
        fs.copyFileSync(path.join(profileDir, f), to);
        process.stdout.write(`profile: ${to}\n`);
      }
    }
    fs.rmSync(profileDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
