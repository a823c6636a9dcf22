// Slows down password guessing without handing anyone a way to lock a person out. Failures are counted in
// the database (so every server process sees them) per account-and-address pair, per account and per address:
// - The pair is one guesser at one account: past a few free attempts each further failure blocks that pair
//   for a doubling time (429 with Retry-After). The same person from another address is not affected, and a
//   campus behind one address is not locked out by one of its members.
// - The account and the address are ceilings that slow rather than refuse: past them every attempt on that
//   account (from anywhere) or from that address waits a growing delay before its password is checked, so
//   guessing spread over many addresses, or over many accounts from one address, gets slow, and the right
//   password still gets in.
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../../platform/errors.js';
import { ErrorCodes } from '@atrium/contract';
import type { AuthRepository, FailureCounter } from './auth.repository.js';

export interface BlockPolicy {
  /** failures allowed before the first block */
  freeAttempts: number;
  /** first block; doubles with every further failure */
  baseBlockSeconds: number;
  maxBlockSeconds: number;
  /** a counter with no failure for this long starts again */
  forgetAfterSeconds: number;
}

export interface SlowPolicy {
  /** failures before attempts start to wait */
  freeAttempts: number;
  /** the first wait; doubles with every further failure */
  baseDelayMs: number;
  maxDelayMs: number;
  forgetAfterSeconds: number;
}

export interface ThrottlePolicies {
  pair: BlockPolicy;
  account: SlowPolicy;
  address: SlowPolicy;
}

export const PairPolicy: BlockPolicy = { freeAttempts: 5, baseBlockSeconds: 15, maxBlockSeconds: 15 * 60, forgetAfterSeconds: 60 * 60 };
/** Attempts on one account from many addresses: a distributed guess, or many people mistyping is unlikely. */
export const AccountCeiling: SlowPolicy = { freeAttempts: 20, baseDelayMs: 500, maxDelayMs: 8_000, forgetAfterSeconds: 60 * 60 };
/**
 * Attempts from one address at many accounts: a whole campus may share the address (NAT), so only a thousand
 * failures in an hour, far beyond people mistyping, count as spraying guesses.
 */
export const AddressCeiling: SlowPolicy = { freeAttempts: 1_000, baseDelayMs: 500, maxDelayMs: 8_000, forgetAfterSeconds: 60 * 60 };
export const DefaultPolicies: ThrottlePolicies = { pair: PairPolicy, account: AccountCeiling, address: AddressCeiling };

const normal = (email: string) => email.trim().toLowerCase();
export const pairKey = (email: string, address: string) => `pair:${address}|${normal(email)}`;
export const accountKey = (email: string) => `acct:${normal(email)}`;
export const addressKey = (address: string) => `addr:${address}`;

export function blockSeconds(failures: number, policy: BlockPolicy): number {
  if (failures < policy.freeAttempts) return 0;
  const doublings = Math.min(failures - policy.freeAttempts, 30);
  return Math.min(policy.baseBlockSeconds * 2 ** doublings, policy.maxBlockSeconds);
}

export function delayMs(failures: number, policy: SlowPolicy): number {
  if (failures < policy.freeAttempts) return 0;
  const doublings = Math.min(failures - policy.freeAttempts, 30);
  return Math.min(policy.baseDelayMs * 2 ** doublings, policy.maxDelayMs);
}

export const tooManyAttempts = (retryAfterSeconds: number) =>
  new AppError(ErrorCodes.tooManyAttempts, 429, `Too many failed sign-in attempts. Try again in ${retryAfterSeconds} seconds.`, [], {
    'retry-after': String(retryAfterSeconds),
  });

export interface SignInThrottleOptions {
  policies?: ThrottlePolicies;
  /** how a slowed attempt waits (tests record the delay instead) */
  wait?: (ms: number) => Promise<unknown>;
}

export class SignInThrottle {
  private readonly policies: ThrottlePolicies;
  private readonly wait: (ms: number) => Promise<unknown>;

  constructor(
    private readonly repository: AuthRepository,
    options: SignInThrottleOptions = {},
  ) {
    this.policies = options.policies ?? DefaultPolicies;
    this.wait = options.wait ?? ((ms) => sleep(ms));
  }

  /**
   * Before a password is checked: throws 429 with Retry-After while this account-and-address pair is
   * blocked, else waits as long as the account's and the address's ceilings ask (0 below them).
   */
  async assertAllowed(email: string, address: string, now: Date): Promise<void> {
    const pair = pairKey(email, address);
    const counters = new Map((await this.repository.findFailureCounters([pair, accountKey(email), addressKey(address)])).map((c) => [c.key, c]));
    const blockedUntil = counters.get(pair)?.blockedUntil;
    if (blockedUntil && blockedUntil > now) throw tooManyAttempts(Math.max(1, Math.ceil((blockedUntil.getTime() - now.getTime()) / 1000)));
    const ms = Math.max(
      delayMs(live(counters.get(accountKey(email)), this.policies.account, now), this.policies.account),
      delayMs(live(counters.get(addressKey(address)), this.policies.address, now), this.policies.address),
    );
    if (ms > 0) await this.wait(ms);
  }

  async recordFailure(email: string, address: string, now: Date): Promise<void> {
    const pair = pairKey(email, address);
    const { pair: p, account, address: a } = this.policies;
    const [failures] = await Promise.all([
      this.repository.recordFailure(pair, now, forgetBefore(now, p.forgetAfterSeconds)),
      this.repository.recordFailure(accountKey(email), now, forgetBefore(now, account.forgetAfterSeconds)),
      this.repository.recordFailure(addressKey(address), now, forgetBefore(now, a.forgetAfterSeconds)),
    ]);
    const seconds = blockSeconds(failures, p);
    if (seconds > 0) await this.repository.blockUntil(pair, new Date(now.getTime() + seconds * 1000));
  }

  /**
   * Only the pair is cleared: the owner signing in must not hand a distributed guesser the account's free
   * attempts back, nor may an attacker holding one account reset the count of the address they guess
   * others from. Both ceilings forget on their own after an hour without failures.
   */
  async recordSuccess(email: string, address: string): Promise<void> {
    await this.repository.clearFailures(pairKey(email, address));
  }
}

const forgetBefore = (now: Date, seconds: number) => new Date(now.getTime() - seconds * 1000);

/** The counter's failures, or 0 once it has been idle long enough to be forgotten. */
function live(counter: FailureCounter | undefined, policy: SlowPolicy, now: Date): number {
  if (!counter || counter.lastFailureAt < forgetBefore(now, policy.forgetAfterSeconds)) return 0;
  return counter.failures;
}
