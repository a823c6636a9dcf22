import { describe, expect, it } from 'vitest';
import { WriteLane } from './write-lane.js';
import type { Db, RootDb } from './client.js';

describe('WriteLane', () => {
  it('writes the items waiting next to each other in one batch, in order with other work', async () => {
    const log: string[] = [];
    const lane = new WriteLane<number>(async (items) => {
      log.push(`batch ${items.join(',')}`);
    }, 3);
    const done = [lane.add(1), lane.add(2), lane.run(async () => log.push('other')), lane.add(3), lane.add(4), lane.add(5), lane.add(6)];
    await Promise.all(done);
    expect(log).toEqual(['batch 1,2', 'other', 'batch 3,4,5', 'batch 6']);
  });

  it('retries a failed batch one item at a time, so that only the bad item fails', async () => {
    const lane = new WriteLane<number>(async (items) => {
      if (items.includes(2)) throw new Error(`cannot write ${items.join(',')}`);
    }, 16);
    const results = await Promise.allSettled([lane.add(1), lane.add(2), lane.add(3)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('cannot write 2'));
  });

  it('passes on what other work returns or throws', async () => {
    const lane = new WriteLane<number>(async () => undefined, 4);
    await expect(lane.run(async () => 42)).resolves.toBe(42);
    await expect(lane.run(async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
  });
});

describe('RootDb', () => {
  it('is only the database itself: a transaction, or a Db of unknown origin, does not type-check (npm run typecheck)', () => {
    const sendsText = (db: RootDb) => db;
    type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
    // @ts-expect-error a transaction's handle would let runStatement escape the transaction
    expect(() => sendsText({} as Tx)).not.toThrow();
    // @ts-expect-error a Db may hold a transaction: only the database handle's db is a RootDb
    expect(() => sendsText({} as Db)).not.toThrow();
  });
});
