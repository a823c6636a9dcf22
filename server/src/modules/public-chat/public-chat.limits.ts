// Visitors' limits (docs/public-chat.md): questions per visitor, per network address and per endpoint in a day, and
// answers streaming at once per endpoint. Counted with rate-limiter-flexible: in this process (RateLimiterMemory), or
// in Redis (RateLimiterRedis over ioredis) when REDIS_URL is set, so that the limits hold across server processes.
// A question refused by any limit, or by any check after the counting, is given back: refused questions are not
// counted.
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import {
  ErrorCodes,
  PublicChatMessages,
  VisitorImagesPerAddressPerDay,
  VisitorImagesPerSessionPerDay,
  type PublicEndpointConfiguration,
} from '@atrium/contract';
import { AppError } from '../../platform/errors.js';

export const DaySeconds = 86_400;
/** How long a stream's slot is held at most: a process that died mid-answer frees its slots after this. */
export const StreamSlotSeconds = 3_600;
/** Retry-After of a refusal for streams at once: a slot is usually free within seconds. */
export const StreamRetryAfterSeconds = 5;

type DailyKind = 'visitor' | 'address' | 'endpoint';

const tooMany = (message: string, retryAfterSeconds: number) =>
  new AppError(ErrorCodes.tooManyAttempts, 429, message, [], { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

export interface VisitorLimits {
  /**
   * Counts one question against the visitor's, the address's and the endpoint's day (429 with Retry-After, nothing
   * counted, when any is used up) and takes a stream slot (429 when the endpoint answers as many as it may). The
   * returned release gives the slot back; `refund` gives the question back too (the turn was refused after all).
   */
  admit(
    endpoint: PublicEndpointConfiguration,
    who: { sessionIdentifier: string; address: string },
  ): Promise<{ release(): Promise<void>; refund(): Promise<void> }>;
  /**
   * Counts one vision image against the session's and the address's images of the day at the endpoint
   * (VisitorImagesPerSessionPerDay, VisitorImagesPerAddressPerDay; 429 with Retry-After, nothing counted, beyond).
   * `refund` gives it back (the image was refused after all).
   */
  admitImage(endpoint: PublicEndpointConfiguration, who: { sessionIdentifier: string; address: string }): Promise<{ refund(): Promise<void> }>;
  /**
   * Passes of the bot check (public-chat.bot-check.ts), kept where the counts are (this process, or Redis) for
   * `seconds` per key.
   */
  passes(seconds: number): { remember(key: string): Promise<void>; has(key: string): Promise<boolean> };
  close(): Promise<void>;
}

export function createVisitorLimits(options: { redisUrl: string | null; keyPrefix?: string }): VisitorLimits {
  const redis = options.redisUrl ? new Redis(options.redisUrl, { enableOfflineQueue: true, maxRetriesPerRequest: 2, lazyConnect: false }) : null;
  const prefix = options.keyPrefix ?? 'atrium-public';
  // one limiter per kind and allowance (an endpoint's limits may differ and change); the counts are per key, so a
  // changed allowance keeps the day's count
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiter = (kind: string, points: number, duration: number) => {
    const id = `${kind}:${points}`;
    let l = limiters.get(id);
    if (!l) {
      const opts = { keyPrefix: `${prefix}:${kind}`, points, duration };
      l = redis ? new RateLimiterRedis({ ...opts, storeClient: redis, rejectIfRedisNotReady: false }) : new RateLimiterMemory(opts);
      limiters.set(id, l);
    }
    return l;
  };

  /** one point of `key`; false (and given back) when the allowance is used up */
  async function take(l: RateLimiterAbstract, key: string): Promise<RateLimiterRes | null> {
    try {
      await l.consume(key, 1);
      return null;
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e;
      await l.reward(key, 1);
      return e;
    }
  }

  return {
    async admit(endpoint, who) {
      const name = endpoint.endpointName;
      const daily: { kind: DailyKind; key: string; points: number; message: string }[] = [
        { kind: 'visitor', key: `${name}:${who.sessionIdentifier}`, points: endpoint.questionsPerVisitorPerDay, message: PublicChatMessages.visitorDailyLimit },
        { kind: 'address', key: `${name}:${who.address}`, points: endpoint.questionsPerAddressPerDay, message: PublicChatMessages.addressDailyLimit },
        { kind: 'endpoint', key: name, points: endpoint.questionsPerEndpointPerDay, message: PublicChatMessages.endpointDailyLimit },
      ];
      const taken: { l: RateLimiterAbstract; key: string }[] = [];
      const giveBack = async () => {
        await Promise.all(taken.map((t) => t.l.reward(t.key, 1)));
      };
      for (const d of daily) {
        const l = limiter(d.kind, d.points, DaySeconds);
        const refused = await take(l, d.key);
        if (refused) {
          await giveBack();
          throw tooMany(d.message, refused.msBeforeNext / 1000);
        }
        taken.push({ l, key: d.key });
      }
      const streams = limiter('streams', endpoint.maxConcurrentStreams, StreamSlotSeconds);
      if (await take(streams, name)) {
        await giveBack();
        throw tooMany(PublicChatMessages.tooManyStreams, StreamRetryAfterSeconds);
      }
      let released = false;
      const release = async () => {
        if (released) return;
        released = true;
        const left = await streams.reward(name, 1);
        // a slot window that ran out meanwhile must not leave a negative count (an extra slot)
        if (left.consumedPoints < 0) await streams.delete(name);
      };
      return {
        release,
        async refund() {
          await release();
          await giveBack();
        },
      };
    },
    async admitImage(endpoint, who) {
      const name = endpoint.endpointName;
      const daily = [
        {
          l: limiter('image-visitor', VisitorImagesPerSessionPerDay, DaySeconds),
          key: `${name}:${who.sessionIdentifier}`,
          message: PublicChatMessages.imagesPerSessionLimit(VisitorImagesPerSessionPerDay),
        },
        {
          l: limiter('image-address', VisitorImagesPerAddressPerDay, DaySeconds),
          key: `${name}:${who.address}`,
          message: PublicChatMessages.imagesPerAddressLimit,
        },
      ];
      const taken: typeof daily = [];
      const giveBack = async () => {
        await Promise.all(taken.map((t) => t.l.reward(t.key, 1)));
      };
      for (const d of daily) {
        const refused = await take(d.l, d.key);
        if (refused) {
          await giveBack();
          throw tooMany(d.message, refused.msBeforeNext / 1000);
        }
        taken.push(d);
      }
      return { refund: giveBack };
    },
    passes(seconds) {
      // a limiter of one point as a store with expiry: a remembered key has its point consumed until the window ends
      const store = limiter('bot-check-pass', 1, seconds);
      return {
        async remember(key) {
          await store.set(key, 1, seconds);
        },
        async has(key) {
          const res = await store.get(key);
          return res !== null && res.consumedPoints >= 1 && res.msBeforeNext > 0;
        },
      };
    },
    async close() {
      if (redis) await redis.quit().catch(() => undefined);
    },
  };
}
