// The back-off of failed sign-ins over time, on a real database with a controlled clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { AuthRepository } from './auth.repository.js';
import { AccountPolicy, SignInThrottle, blockSeconds } from './sign-in-throttle.js';

let t: TestApp;
let throttle: SignInThrottle;
beforeAll(async () => {
  t = await createTestApp();
  throttle = new SignInThrottle(new AuthRepository(t.ctx.db));
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
  it('doubles the block with each failure past the free ones, up to 15 minutes', () => {
    expect([4, 5, 6, 7, 10, 50].map((n) => blockSeconds(n, AccountPolicy))).toEqual([0, 15, 30, 60, 480, 900]);
  });

  it('blocks until the back-off has passed, then lets one more try in', async () => {
    const start = new Date('2030-01-01T00:00:00Z');
    for (let i = 0; i < 5; i++) await throttle.recordFailure('eve@example.test', '192.0.2.1', at(start, i));
    expect(await retryAfter(throttle.assertAllowed('eve@example.test', '192.0.2.99', at(start, 5)))).toBe(14);
    expect(await retryAfter(throttle.assertAllowed('EVE@example.test', '192.0.2.99', at(start, 20)))).toBe(0);
    // the next failure blocks twice as long
    await throttle.recordFailure('eve@example.test', '192.0.2.1', at(start, 20));
    expect(await retryAfter(throttle.assertAllowed('eve@example.test', '192.0.2.99', at(start, 21)))).toBe(29);
  });

  it('starts counting again after an hour without failures', async () => {
    const start = new Date('2030-02-01T00:00:00Z');
    for (let i = 0; i < 4; i++) await throttle.recordFailure('zoe@example.test', '192.0.2.2', at(start, i));
    await throttle.recordFailure('zoe@example.test', '192.0.2.2', at(start, 2 * 3600));
    expect(await retryAfter(throttle.assertAllowed('zoe@example.test', '192.0.2.3', at(start, 2 * 3600 + 1)))).toBe(0);
  });
});
