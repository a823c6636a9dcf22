// Answer leases on the local Redis (as CI runs it): a process's answers are taken over only once its beats stop, each
// by exactly one of the live processes, at once when it hands them over; and a taken-over answer's log goes on after
// everything the dead process may have sent.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { RedisAnswerLeases, type LeaseNote } from './answer-leases.js';
import { RedisAnswerLog, TakeoverGap } from './answer-log.js';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const logger = pino({ level: 'silent' });
const Fast = { beatMs: 50, deadAfterMs: 300 };

describe('answer leases (Redis)', () => {
  const open: RedisAnswerLeases[] = [];
  const keyPrefix = `atrium-test-${randomUUID()}`;
  const leases = () => {
    const l = new RedisAnswerLeases(redisUrl, randomUUID(), logger, { ...Fast, keyPrefix });
    open.push(l);
    return l;
  };
  const note = (): LeaseNote => ({ segmentId: randomUUID(), timeZone: 'Europe/Berlin' });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((l) => l.close()));
  });

  it('leaves a live process its answers, and shares a dead one’s among the others, each once', async () => {
    const dying = leases();
    dying.start(() => expect.fail('the dying process claims nothing'));
    const notes = Array.from({ length: 40 }, note);
    for (const n of notes) dying.hold(n);
    const released = note();
    dying.hold(released)();

    const claimed: { by: string; note: LeaseNote }[] = [];
    const [b, c] = [leases(), leases()];
    b.start((n) => claimed.push({ by: 'b', note: n }));
    c.start((n) => claimed.push({ by: 'c', note: n }));
    await sleep(Fast.deadAfterMs * 2);
    expect(claimed).toEqual([]);

    // its beats stop (kill -9): its connection goes, its timer beats into nothing
    (dying as unknown as { redis: { disconnect(): void } }).redis.disconnect();
    await expect.poll(() => claimed.length, { timeout: 5_000 }).toBe(notes.length);
    await sleep(Fast.beatMs * 4);
    // every answer once (the one it let go is not among them), with its time zone
    expect(claimed.map((x) => x.note.segmentId).sort()).toEqual(notes.map((n) => n.segmentId).sort());
    expect(claimed.every((x) => x.note.timeZone === 'Europe/Berlin')).toBe(true);
  });

  it('hands its answers over at once on shutdown, and leaves no trace when it held none', async () => {
    const stopping = leases();
    stopping.start(() => undefined);
    const held = note();
    stopping.hold(held);
    const claimed: LeaseNote[] = [];
    const other = leases();
    other.start((n) => claimed.push(n));
    await sleep(Fast.beatMs * 3);
    const at = performance.now();
    await stopping.handOver();
    await expect.poll(() => claimed, { timeout: 2_000 }).toEqual([held]);
    // within a look or two, not after the dead time
    expect(performance.now() - at).toBeLessThan(Fast.deadAfterMs + Fast.beatMs * 4);
  });
});

describe('a taken-over answer’s log (Redis)', () => {
  it('numbers the new writer’s blocks after all the old one may have sent, so a reader that saw more still gets them', async () => {
    const log = new RedisAnswerLog(redisUrl, 60_000, logger);
    const segmentId = randomUUID();
    const owner = { conversationId: randomUUID(), userId: randomUUID() };
    const first = log.writer(segmentId, owner);
    for (let i = 1; i <= 3; i++) first.append(`event: response-updated\ndata: ${i}\n\n`);
    await sleep(50);
    // the old process had sent a 4th and 5th block that never reached the log; its client read 5
    const next = await log.continue(segmentId, owner);
    next.append('event: conversation-and-segment-id\ndata: again\n\n');
    next.end();
    await sleep(50);
    const controller = new AbortController();
    const found = await log.read(segmentId, 5, controller.signal);
    expect(found.kind).toBe('found');
    if (found.kind !== 'found') return;
    expect(found.owner).toEqual(owner);
    const events = [];
    for await (const e of found.events) events.push(e);
    expect(events).toEqual([{ id: 3 + TakeoverGap + 1, block: 'event: conversation-and-segment-id\ndata: again\n\n' }]);
    await log.close();
  });

  it('ends the log of an answer nobody can take over with what its readers are told, and leaves an ended one alone', async () => {
    const log = new RedisAnswerLog(redisUrl, 60_000, logger);
    const owner = { conversationId: randomUUID(), userId: randomUUID() };
    const orphan = randomUUID();
    const w = log.writer(orphan, owner);
    w.append('event: response-updated\ndata: a\n\n');
    const finished = randomUUID();
    const f = log.writer(finished, owner);
    f.append('event: no-more-data\ndata: \n\n');
    f.end();
    await sleep(50);
    await log.interrupt(orphan, ['event: error\ndata: stopped\n\n', 'event: no-more-data\ndata: \n\n']);
    await log.interrupt(finished, ['event: error\ndata: stopped\n\n']);
    await log.interrupt(randomUUID(), ['event: error\ndata: stopped\n\n']);
    await sleep(50);
    const readAll = async (segmentId: string) => {
      const found = await log.read(segmentId, 0, new AbortController().signal);
      if (found.kind !== 'found') return found.kind;
      const blocks: string[] = [];
      for await (const e of found.events) blocks.push(e.block);
      return blocks;
    };
    expect(await readAll(orphan)).toEqual(['event: response-updated\ndata: a\n\n', 'event: error\ndata: stopped\n\n', 'event: no-more-data\ndata: \n\n']);
    expect(await readAll(finished)).toEqual(['event: no-more-data\ndata: \n\n']);
    await log.close();
  });
});
