import { describe, expect, it } from 'vitest';
import { FirstTokenGate } from './first-token-gate.js';
import { IdleQueue } from './idle-queue.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('IdleQueue', () => {
  it('runs a job only once no turn waits for its first token', async () => {
    const gate = new FirstTokenGate();
    const q = new IdleQueue(gate, { concurrency: 1, idleDelayMs: 10, maxWaitMs: 10_000, maxQueued: 10 });
    const release = gate.hold();
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

  it('lets finished work wait for first tokens through the gate, at most maxMs', async () => {
    const gate = new FirstTokenGate();
    const started = performance.now();
    await gate.whenClear(1000);
    expect(performance.now() - started).toBeLessThan(50);

    const release = gate.hold();
    let out = false;
    const waiting = gate.whenClear(1000).then(() => (out = true));
    await sleep(30);
    expect(out).toBe(false);
    release();
    await waiting;
    expect(performance.now() - started).toBeLessThan(500);

    const stuck = gate.hold();
    const before = performance.now();
    await gate.whenClear(60);
    expect(performance.now() - before).toBeGreaterThanOrEqual(55);
    stuck();
  });

  it('runs a job that waited maxWaitMs while turns keep waiting, at most `concurrency` at a time', async () => {
    const gate = new FirstTokenGate();
    const q = new IdleQueue(gate, { concurrency: 2, idleDelayMs: 10, maxWaitMs: 80, maxQueued: 10 });
    const stuck = gate.hold();
    const started: number[] = [];
    const finish: (() => void)[] = [];
    const t0 = performance.now();
    for (let i = 0; i < 3; i++)
      q.push(
        () =>
          new Promise<void>((resolve) => {
            started.push(performance.now() - t0);
            finish.push(resolve);
          }),
      );
    await sleep(40);
    expect(started).toEqual([]);
    await sleep(80);
    // two were due and ran although a turn still waits; the third waits for a free place
    expect(started).toHaveLength(2);
    expect(started[0]).toBeGreaterThanOrEqual(75);
    expect(q.queued).toBe(1);
    finish.shift()!();
    await sleep(10);
    expect(started).toHaveLength(3);
    expect(q.queued).toBe(0);
    for (const f of finish) f();
    stuck();
  });

  it('a job due later starts once the waits end, without waiting for its due time', async () => {
    const gate = new FirstTokenGate();
    const q = new IdleQueue(gate, { concurrency: 1, idleDelayMs: 10, maxWaitMs: 10_000, maxQueued: 10 });
    const release = gate.hold();
    let ran = false;
    q.push(async () => {
      ran = true;
    });
    await sleep(20);
    release();
    await sleep(40);
    expect(ran).toBe(true);
  });

  it('drops jobs past maxQueued, and a failing job does not stop the next', async () => {
    const gate = new FirstTokenGate();
    const q = new IdleQueue(gate, { concurrency: 1, idleDelayMs: 5, maxWaitMs: 10_000, maxQueued: 2 });
    const release = gate.hold();
    const ran: string[] = [];
    expect(q.push(() => Promise.reject(new Error('model down')))).toBe(true);
    expect(q.push(async () => void ran.push('second'))).toBe(true);
    expect(q.push(async () => void ran.push('third'))).toBe(false);
    release();
    await sleep(60);
    expect(ran).toEqual(['second']);
  });
});
