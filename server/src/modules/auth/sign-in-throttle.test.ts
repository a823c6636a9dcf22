// The back-off of failed sign-ins over time, on a real database with a controlled clock: a guesser is
// blocked per account and address, and the account's and the address's ceilings slow without refusing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { AuthRepository } from './auth.repository.js';
import { AccountCeiling, AddressCeiling, DefaultPolicies, PairPolicy, SignInThrottle, blockSeconds, delayMs } from './sign-in-throttle.js';

let t: TestApp;
let throttle: SignInThrottle;
let waits: number[] = [];
beforeAll(async () => {
  t = await createTestApp();
  throttle = new SignInThrottle(new AuthRepository(t.ctx.db), {
    wait: async (ms) => {
      waits.push(ms);
    },
  });
});
beforeEach(() => {
  waits = [];
});
afterAll(() => t.close());

const at = (start: Date, seconds: number) => new Date(start.getTime() + seconds * 1000);
const retryAfter = async (p: Promise<void>) => {
  try {
    await p;
    return 0;
  } catch (e) {
    return Number((e as { headers: Record<string, string> }).headers['retry-after']);
  }
};

describe('sign-in throttle', () => {
  it('doubles the block with each failure past the free ones, up to 15 minutes; the ceilings wait up to 8 s', () => {
    expect([4, 5, 6, 7, 10, 50].map((n) => blockSeconds(n, PairPolicy))).toEqual([0, 15, 30, 60, 480, 900]);
    expect([19, 20, 21, 22, 40].map((n) => delayMs(n, AccountCeiling))).toEqual([0, 500, 1000, 2000, 8000]);
    expect([999, 1000, 2000].map((n) => delayMs(n, AddressCeiling))).toEqual([0, 500, 8000]);
  });

  it('blocks the guessing address at that account only, until the back-off has passed', async () => {
    const start = new Date('2030-01-01T00:00:00Z');
    for (let i = 0; i < 5; i++) await throttle.recordFailure('eve@example.test', '192.0.2.1', at(start, i));
    expect(await retryAfter(throttle.assertAllowed('EVE@example.test', '192.0.2.1', at(start, 5)))).toBe(14);
    // the owner from another address, and the guessing address at another account, are not refused
    expect(await retryAfter(throttle.assertAllowed('eve@example.test', '192.0.2.99', at(start, 5)))).toBe(0);
    expect(await retryAfter(throttle.assertAllowed('adam@example.test', '192.0.2.1', at(start, 5)))).toBe(0);
    expect(await retryAfter(throttle.assertAllowed('eve@example.test', '192.0.2.1', at(start, 20)))).toBe(0);
    // the next failure blocks twice as long
    await throttle.recordFailure('eve@example.test', '192.0.2.1', at(start, 20));
    expect(await retryAfter(throttle.assertAllowed('eve@example.test', '192.0.2.1', at(start, 21)))).toBe(29);
    expect(waits).toEqual([]);
  });

  it('starts counting again after an hour without failures', async () => {
    const start = new Date('2030-02-01T00:00:00Z');
    for (let i = 0; i < 4; i++) await throttle.recordFailure('zoe@example.test', '192.0.2.2', at(start, i));
    await throttle.recordFailure('zoe@example.test', '192.0.2.2', at(start, 2 * 3600));
    expect(await retryAfter(throttle.assertAllowed('zoe@example.test', '192.0.2.2', at(start, 2 * 3600 + 1)))).toBe(0);
  });

  it("slows every attempt on an account guessed at from many addresses, and never refuses the owner's", async () => {
    const start = new Date('2030-03-01T00:00:00Z');
    for (let i = 0; i < 22; i++) await throttle.recordFailure('ida@example.test', `198.51.100.${i}`, at(start, i));
    expect(await retryAfter(throttle.assertAllowed('ida@example.test', '203.0.113.7', at(start, 30)))).toBe(0);
    expect(waits).toEqual([2000]);
    // forgotten an hour after the last failure
    expect(await retryAfter(throttle.assertAllowed('ida@example.test', '203.0.113.7', at(start, 21 + 3601)))).toBe(0);
    expect(waits).toEqual([2000]);
  });

  it('slows an address that guesses at many accounts, without refusing it', async () => {
    // the address ceiling at 10 rather than 1,000, so that the test stays short
    const low = new SignInThrottle(new AuthRepository(t.ctx.db), {
      policies: { ...DefaultPolicies, address: { ...AddressCeiling, freeAttempts: 10 } },
      wait: async (ms) => {
        waits.push(ms);
      },
    });
    const start = new Date('2030-04-01T00:00:00Z');
    for (let i = 0; i < 10; i++) await low.recordFailure(`victim-${i}@example.test`, '192.0.2.50', at(start, i));
    expect(await retryAfter(low.assertAllowed('someone@example.test', '192.0.2.50', at(start, 11)))).toBe(0);
    expect(await retryAfter(low.assertAllowed('someone@example.test', '192.0.2.51', at(start, 11)))).toBe(0);
    expect(waits).toEqual([500]);
  });

  it('clears the pair on success, but not the account ceiling', async () => {
    const start = new Date('2030-05-01T00:00:00Z');
    for (let i = 0; i < 5; i++) await throttle.recordFailure('max@example.test', '192.0.2.60', at(start, i));
    for (let i = 0; i < 16; i++) await throttle.recordFailure('max@example.test', `198.51.100.${i}`, at(start, i));
    await throttle.recordSuccess('max@example.test', '192.0.2.60');
    expect(await retryAfter(throttle.assertAllowed('max@example.test', '192.0.2.60', at(start, 30)))).toBe(0);
    expect(waits).toEqual([1000]);
  });
});
