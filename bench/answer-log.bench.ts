// What keeping answers for resumption costs on the hot path (server/src/platform/answer-log.ts), measured in one
// process against the same work without it:
//  1. CPU per event of 100 answers written together (200 pieces each, one piece per answer per tick, as a streaming
//     process interleaves them): nothing kept, kept in memory, kept in Redis (pipelined per tick);
//  2. how soon a reader of the live tail (a resumed client) gets a piece after it was written, in memory and in Redis.
// Run: npx tsx bench/answer-log.bench.ts   (REDIS_URL, default redis://127.0.0.1:6379)
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { encodeSseEvent } from '@atrium/contract';
import { MemoryAnswerLog, RedisAnswerLog, type AnswerLog } from '../server/src/platform/answer-log.js';
import { round, summary } from './lib/stats.js';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const Answers = 100;
const Pieces = 200;
const tick = () => new Promise<void>((r) => setImmediate(r));
const owner = { conversationId: randomUUID(), userId: randomUUID() };

/** CPU microseconds per event for writing Answers × Pieces blocks, with `log` (or none). */
async function cpuPerEvent(log: AnswerLog | null): Promise<number> {
  const writers = Array.from({ length: Answers }, () => log?.writer(randomUUID(), owner) ?? null);
  const before = process.cpuUsage();
  for (let i = 0; i < Pieces; i++) {
    for (const w of writers) {
      const block = encodeSseEvent('response-updated', ` word${i}`);
      w?.append(block);
    }
    await tick();
  }
  for (const w of writers) w?.end();
  await tick();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / (Answers * Pieces);
}

/** Milliseconds from a piece's write to a tail reader's receipt (a piece every 5 ms). */
async function tailDelays(log: AnswerLog): Promise<number[]> {
  const segmentId = randomUUID();
  const writer = log.writer(segmentId, owner);
  writer.append(encodeSseEvent('conversation-and-segment-id', '{}'));
  await new Promise((r) => setTimeout(r, 20));
  const read = await log.read(segmentId, 1, new AbortController().signal);
  if (read.kind !== 'found') throw new Error(`no answer to read (${read.kind})`);
  const sentAt = new Map<number, number>();
  const delays: number[] = [];
  const reading = (async () => {
    for await (const e of read.events) delays.push(performance.now() - sentAt.get(e.id)!);
  })();
  for (let i = 2; i <= Pieces + 1; i++) {
    sentAt.set(i, performance.now());
    writer.append(encodeSseEvent('response-updated', ` word${i}`));
    await new Promise((r) => setTimeout(r, 5));
  }
  writer.end();
  await reading;
  return delays;
}

async function main() {
  const logger = pino({ level: 'silent' });
  const memory = new MemoryAnswerLog(300_000);
  const redis = new RedisAnswerLog(redisUrl, 300_000, logger);
  // warm up (JIT, the Redis connection)
  for (const log of [null, memory, redis]) await cpuPerEvent(log);
  const rounds = 5;
  const cpu = { none: [] as number[], memory: [] as number[], redis: [] as number[] };
  for (let i = 0; i < rounds; i++) {
    cpu.none.push(await cpuPerEvent(null));
    cpu.memory.push(await cpuPerEvent(memory));
    cpu.redis.push(await cpuPerEvent(redis));
  }
  const median = (xs: number[]) => round(summary(xs).p50);
  const tail = { memory: summary(await tailDelays(memory)), redis: summary(await tailDelays(redis)) };
  await memory.close();
  await redis.close();
  const lines = [
    `Answer log benchmark (${process.version}, ${new Date().toISOString()}, load average ${(await import('node:os')).loadavg()[0]!.toFixed(1)})`,
    '',
    `| ${Answers} answers × ${Pieces} pieces written together | CPU µs per event (median of ${rounds}) | added over nothing kept |`,
    '|---|---|---|',
    `| nothing kept (encoding only) | ${median(cpu.none)} | |`,
    `| kept in memory | ${median(cpu.memory)} | ${round(median(cpu.memory) - median(cpu.none))} |`,
    `| kept in Redis (one pipeline per tick) | ${median(cpu.redis)} | ${round(median(cpu.redis) - median(cpu.none))} |`,
    '',
    '| a resumed reader of the live tail (a piece every 5 ms) | delay p50 / p99 (ms) |',
    '|---|---|',
    `| in memory | ${tail.memory.p50} / ${tail.memory.p99} |`,
    `| Redis (XREAD BLOCK) | ${tail.redis.p50} / ${tail.redis.p99} |`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
