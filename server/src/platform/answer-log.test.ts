// The answer log's two stores behave alike: numbering, reading from any point (also inside a Redis entry that holds
// several blocks of one tick), the live tail until the end, trimming and expiry. Redis: the local one, as CI runs it.
import { afterAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { MemoryAnswerLog, RedisAnswerLog, type AnswerLog, type LoggedEvent } from './answer-log.js';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const owner = { conversationId: randomUUID(), userId: randomUUID() };
const block = (i: number) => `event: response-updated\ndata: ${Buffer.from(`piece ${i}`).toString('base64')}\n\n`;
const tick = () => new Promise<void>((r) => setImmediate(r));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function all(events: AsyncIterable<LoggedEvent>): Promise<LoggedEvent[]> {
  const out: LoggedEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

const stores: [string, (keepMs: number, maxEvents?: number) => AnswerLog][] = [
  ['memory', (keepMs, maxEvents) => new MemoryAnswerLog(keepMs, maxEvents)],
  ['Redis', (keepMs, maxEvents) => new RedisAnswerLog(redisUrl, keepMs, pino({ level: 'silent' }), maxEvents)],
];

describe.each(stores)('the answer log in %s', (_, make) => {
  const opened: AnswerLog[] = [];
  const open = (keepMs = 60_000, maxEvents?: number) => {
    const log = make(keepMs, maxEvents);
    opened.push(log);
    return log;
  };
  afterAll(async () => {
    for (const log of opened) await log.close();
  });

  it('numbers the blocks, reads from any point (inside a tick’s several blocks too), then the tail until the end', async () => {
    const log = open();
    const segmentId = randomUUID();
    const w = log.writer(segmentId, owner);
    for (let i = 1; i <= 5; i++) w.append(block(i)); // one tick: one Redis entry
    await tick();
    w.append(block(6));
    await sleep(20);
    const from3 = await log.read(segmentId, 3, new AbortController().signal);
    expect(from3.kind).toBe('found');
    if (from3.kind !== 'found') return;
    expect(from3.owner).toEqual(owner);
    const reading = all(from3.events);
    w.append(block(7));
    w.append(block(8));
    await tick();
    w.end();
    expect(await reading).toEqual([4, 5, 6, 7, 8].map((id) => ({ id, block: block(id) })));
    for (const after of [0, 2, 5, 8]) {
      const r = await log.read(segmentId, after, new AbortController().signal);
      if (r.kind !== 'found') throw new Error(r.kind);
      expect((await all(r.events)).map((e) => e.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].filter((id) => id > after));
    }
  });

  it('stops a reader whose client left, and knows no answer it never had', async () => {
    const log = open();
    const segmentId = randomUUID();
    log.writer(segmentId, owner).append(block(1));
    await sleep(20);
    const leaving = new AbortController();
    const r = await log.read(segmentId, 1, leaving.signal);
    if (r.kind !== 'found') throw new Error(r.kind);
    const reading = all(r.events);
    setTimeout(() => leaving.abort(), 50);
    expect(await reading).toEqual([]);
    expect((await log.read(randomUUID(), 0, new AbortController().signal)).kind).toBe('missing');
  });

  it('forgets an answer its keeping time after the last write', async () => {
    const log = open(300);
    const segmentId = randomUUID();
    const w = log.writer(segmentId, owner);
    w.append(block(1));
    w.end();
    await sleep(50);
    expect((await log.read(segmentId, 0, new AbortController().signal)).kind).toBe('found');
    await sleep(500);
    expect((await log.read(segmentId, 0, new AbortController().signal)).kind).toBe('missing');
  });
});

describe('the in-memory answer log', () => {
  it('keeps the last blocks of a long answer: a read from before them is gone', async () => {
    const log = new MemoryAnswerLog(60_000, 3);
    const segmentId = randomUUID();
    const w = log.writer(segmentId, owner);
    for (let i = 1; i <= 5; i++) w.append(block(i));
    w.end();
    expect((await log.read(segmentId, 1, new AbortController().signal)).kind).toBe('gone');
    const r = await log.read(segmentId, 2, new AbortController().signal);
    if (r.kind !== 'found') throw new Error(r.kind);
    expect((await all(r.events)).map((e) => e.id)).toEqual([3, 4, 5]);
    await log.close();
  });
});
