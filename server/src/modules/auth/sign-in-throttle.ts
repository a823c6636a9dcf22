// Slows down password guessing: failures are counted per account and per client address in the
// database (so every server process sees them); past a few free attempts each further failure
// blocks the key for a doubling time.
import { AppError } from '../../platform/errors.js';
import { ErrorCodes } from '@atrium/contract';
import type { AuthRepository } from './auth.repository.js';

export interface ThrottlePolicy {
  /** failures allowed before the first block */
  freeAttempts: number;
  /** first block; doubles with every further failure */
  baseBlockSeconds: number;
  maxBlockSeconds: number;
  /** a counter with no failure for this long starts again */
  forgetAfterSeconds: number;
}

/** An account is guessed at by one attacker; an address may be shared by a whole campus (NAT). */
export const AccountPolicy: ThrottlePolicy = { freeAttempts: 5, baseBlockSeconds: 15, maxBlockSeconds: 15 * 60, forgetAfterSeconds: 60 * 60 };
export const AddressPolicy: ThrottlePolicy = { freeAttempts: 20, baseBlockSeconds: 15, maxBlockSeconds: 15 * 60, forgetAfterSeconds: 60 * 60 };

export const accountKey = (email: string) => `acct:${email.trim().toLowerCase()}`;
export const addressKey = (address: string) => `addr:${address}`;

export function blockSeconds(failures: number, policy: ThrottlePolicy): number {
  if (failures < policy.freeAttempts) return 0;
  const doublings = Math.min(failures - policy.freeAttempts, 30);
  return Math.min(policy.baseBlockSeconds * 2 ** doublings, policy.maxBlockSeconds);
}

export const tooManyAttempts = (retryAfterSeconds: number) =>
  new AppError(ErrorCodes.tooManyAttempts, 429, `Too many failed sign-in attempts. Try again in ${retryAfterSeconds} seconds.`, [], {
    'retry-after': String(retryAfterSeconds),
  });

export class SignInThrottle {
  constructor(
    private readonly repository: AuthRepository,
    private readonly policies: { account: ThrottlePolicy; address: ThrottlePolicy } = { account: AccountPolicy, address: AddressPolicy },
  ) {}

  /** Throws 429 with Retry-After while the account or the address is blocked. */
  async assertAllowed(email: string, address: string, now: Date): Promise<void> {
    const blocks = await this.repository.findBlocks([accountKey(email), addressKey(address)], now);
    if (blocks.length === 0) return;
    const until = Math.max(...blocks.map((b) => b.blockedUntil.getTime()));
    throw tooManyAttempts(Math.max(1, Math.ceil((until - now.getTime()) / 1000)));
  }

  async recordFailure(email: string, address: string, now: Date): Promise<void> {
    await Promise.all([this.count(accountKey(email), this.policies.account, now), this.count(addressKey(address), this.policies.address, now)]);
  }

  /**
   * Only the account counter is cleared: clearing the address one would let an attacker who owns
   * one account reset the counter of the address they guess other accounts from.
   */
  async recordSuccess(email: string): Promise<void> {
    await this.repository.clearFailures(accountKey(email));
  }

  private async count(key: string, policy: ThrottlePolicy, now: Date): Promise<void> {
    const failures = await this.repository.recordFailure(key, now, new Date(now.getTime() - policy.forgetAfterSeconds * 1000));
    const seconds = blockSeconds(failures, policy);
    if (seconds > 0) await this.repository.blockUntil(key, new Date(now.getTime() + seconds * 1000));
  }
}
