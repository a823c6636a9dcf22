import { beforeEach, describe, expect, it } from 'vitest';
import { noteTokenAttempt, TokenLoopResetMs } from './oidc';

describe('token loop counter', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('asks to clear the identity cache on the fourth attempt, then counts again', () => {
    const t = 1_000_000;
    expect([1, 2, 3, 4].map((i) => noteTokenAttempt(t + i).clearCache)).toEqual([false, false, false, true]);
    expect(noteTokenAttempt(t + 5).clearCache).toBe(false);
  });

  it('resets 30 seconds after the first attempt', () => {
    const t = 2_000_000;
    noteTokenAttempt(t);
    noteTokenAttempt(t + 1);
    noteTokenAttempt(t + 2);
    expect(noteTokenAttempt(t + TokenLoopResetMs + 1).clearCache).toBe(false);
  });
});
