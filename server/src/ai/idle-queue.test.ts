import { describe, expect, it } from 'vitest';
import { IdleQueue } from './idle-queue.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('IdleQueue', () => {
  it('runs a job only once no turn waits for its first token', async () => {
    const q = new IdleQueue({ concurrency: 1, idleDelayMs: 10, maxQueued: 10 });
    const release = q.holdFirstToken();
    let ran = false;
    q.push(async () => {
      ran = true;
    });
    await sleep(40);
    expect(ran).toBe(false);
    release();
    release(); // idempotent
    await sleep(40);
    expect(ran).toBe(true);
  });

  it('lets finished work wait for first tokens, at most maxMs', async () => {
    const q = new IdleQueue({ concurrency: 1, idleDelayMs: 10, maxQueued: 10 });
    const started = performance.now();
    await q.firstTokensOut(1000);
    expect(performance.now() - started).toBeLessThan(50);

    const release = q.holdFirstToken();
    let out = false;
    const waiting = q.firstTokensOut(1000).then(() => (out = true));
    await sleep(30);
    expect(out).toBe(false);
    release();
    await waiting;
    expect(performance.now() - started).toBeLessThan(500);

    const stuck = q.holdFirstToken();
    const before = performance.now();
    await q.firstTokensOut(60);
    expect(performance.now() - before).toBeGreaterThanOrEqual(55);
    stuck();
  });
});
