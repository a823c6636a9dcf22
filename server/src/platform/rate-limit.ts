// The general request limits (docs/scaling.md, "Rate limits"). Every /api/internal route counts a request against its
// caller's minute: the signed-in person's (by user id, once the access hook has known them), else the network
// address's as Fastify sees it (`request.ip`, the forwarded one with TRUST_PROXY). A chat turn (a question whose
// answer streams) counts once more, against the person's tighter allowance of turns. Not counted: health, the public
// chat's visitor routes (limited on their own, modules/public-chat/public-chat.limits.ts), and what lies outside
// /api/internal (/metrics, the API reference, the web app's files). Requests the access hook refuses (401, 403) are
// not counted either: they end before any work.
//
// Counted with @fastify/rate-limit (Fastify's own plugin: its fixed one-minute windows in an LRU map, or in Redis by
// one Lua script a request). With REDIS_URL the counts live in Redis, under a key namespace of the deployment (the
// signing key's fingerprint), so that a limit holds across processes; without it in this process's memory. When Redis
// cannot be reached, requests are let through (as the plugin's skipOnError would, but with a warning, once per
// outage) rather than refused.
//
// Other per-person limits of a minute (reading aloud, avatar connections) take their counts from the same store
// through `perPersonLimit` (rate-limiter-flexible, as the public chat's limits), so that they hold across processes too.
import { once } from 'node:events';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiBase, ConversationRoutes, ErrorCodes, InstanceRoutes, PreviewConversationRoutes, PublicConversationRoutes } from '@atrium/contract';
import { AppError } from './errors.js';
import type { Config } from '../config.js';

const WindowMs = 60_000;
/** How long a start waits for Redis before it counts (a Redis that does not answer by then is reported and skipped). */
const ConnectWaitMs = 2_000;
/** A count that takes longer than this is given up and the request let through. */
const CommandTimeoutMs = 1_000;
/** Keys the in-memory count keeps (least recently used go first, which only forgets a count). */
const MemoryKeys = 50_000;

/** Where counts live: Redis (shared by the processes of a deployment) or, without REDIS_URL, this process. */
export interface RateLimitStore {
  redis: Redis | null;
  /** the keys' prefix in Redis: `atrium:<deployment>:rate` */
  namespace: string;
  /** reports a failure to count in Redis, once until Redis is back */
  warn(error: unknown): void;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the counts of the rate limits (platform/rate-limit.ts), for modules' own per-person limits */
    rateLimitStore: RateLimitStore;
  }
}

/** `deployment`: what the processes of one deployment share and others' do not (the signing key's fingerprint). */
export function openRateLimitStore(redisUrl: string | null, deployment: string, logger: FastifyBaseLogger): RateLimitStore {
  const namespace = `atrium:${deployment}:rate`;
  let warned = false;
  const warn = (error: unknown) => {
    if (warned) return;
    warned = true;
    logger.warn(
      { err: error instanceof Error ? error.message : String(error) },
      'Redis cannot be reached: requests are let through without counting them against the rate limits until it is back',
    );
  };
  if (!redisUrl) return { redis: null, namespace, warn, close: async () => undefined };
  // no offline queue: while Redis is away a count fails at once (the request goes through) instead of waiting for it
  const redis = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: CommandTimeoutMs });
  redis.on('error', warn);
  redis.on('ready', () => {
    if (warned) logger.info('Redis answers again: the rate limits are counted there');
    warned = false;
  });
  return {
    redis,
    namespace,
    warn,
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** A limit of so many calls a minute per person, counted in the store (in this process when Redis is away). */
export interface PersonLimit {
  /** counts one call of the person; 429 with Retry-After (nothing counted) when their minute's allowance is used */
  take(userId: string): Promise<void>;
}

export function perPersonLimit(
  store: RateLimitStore | null,
  name: string,
  pointsPerMinute: number,
  refusal: (retryAfterSeconds: number) => string,
): PersonLimit {
  const memory = new RateLimiterMemory({ keyPrefix: name, points: pointsPerMinute, duration: WindowMs / 1000 });
  // while Redis is away (or not ready yet) this process counts alone: a limit per process rather than none
  const limiter = store?.redis
    ? new RateLimiterRedis({
        storeClient: store.redis,
        keyPrefix: `${store.namespace}:${name}`,
        points: pointsPerMinute,
        duration: WindowMs / 1000,
        rejectIfRedisNotReady: true,
        insuranceLimiter: memory,
      })
    : memory;
  return {
    async take(userId) {
      try {
        await limiter.consume(userId);
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
        throw new AppError(ErrorCodes.tooManyAttempts, 429, refusal(seconds), [], { 'retry-after': String(seconds) });
      }
    },
  };
}

type Check = ReturnType<FastifyInstance['createRateLimit']>;
type Counted = Extract<Awaited<ReturnType<Check>>, { isAllowed: false }>;

const personKey = (userId: string) => `p:${userId}`;
/** an IPv6 address counts with its /64 (one household's or one machine's network), as the plugin does */
const addressKey = (request: FastifyRequest) => `a:${normalizeIP(request.ip)}`;
const keyOf = (request: FastifyRequest) => (request.principal ? personKey(request.principal.userId) : addressKey(request));

const full = (path: string) => `${ApiBase}${path}`.toLowerCase();
/** /api/internal routes not counted: health (load balancers poll it) and the visitors' (limited on their own) */
const NotCounted = new Set([InstanceRoutes.health, InstanceRoutes.ready, ...Object.values(PublicConversationRoutes)].map(full));
/** POST routes whose answer streams: each is a chat turn */
const TurnRoutes = new Set(
  [
    ConversationRoutes.byGptSystem,
    ConversationRoutes.segments,
    ConversationRoutes.regenerate,
    PreviewConversationRoutes.personal.conversations,
    PreviewConversationRoutes.personal.segments,
    PreviewConversationRoutes.admin.conversations,
    PreviewConversationRoutes.admin.segments,
  ].map(full),
);

/**
 * One instance of the plugin in a scope of its own, for one kind of count: its own key namespace, and its
 * createRateLimit() with these options (the plugin's own hooks stay off: `global: false`, no route declares it).
 */
async function counter(app: FastifyInstance, store: RateLimitStore, kind: string, options: Parameters<typeof rateLimit>[1]): Promise<Check> {
  let check: Check | undefined;
  await app.register(async (scope) => {
    await scope.register(rateLimit, {
      ...options,
      global: false,
      timeWindow: WindowMs,
      cache: MemoryKeys,
      ...(store.redis ? { redis: store.redis, nameSpace: `${store.namespace}:${kind}:` } : {}),
    });
    check = scope.createRateLimit();
  });
  return check!;
}

const tooMany = (counted: Counted, message: string) => {
  const seconds = Math.max(1, counted.ttlInSeconds);
  return new AppError(ErrorCodes.tooManyAttempts, 429, `${message} Try again in ${seconds} s.`, [], {
    'retry-after': String(seconds),
    'ratelimit-limit': String(counted.max),
    'ratelimit-remaining': '0',
    'ratelimit-reset': String(seconds),
  });
};

/**
 * Registers the general limits on the app: call it before the routes are registered (it adds a hook to each
 * counted route as it is registered) and after the access hook (whose principal it reads).
 */
export async function registerRateLimits(app: FastifyInstance, limits: Config['rateLimits'], store: RateLimitStore): Promise<void> {
  app.decorate('rateLimitStore', store);
  app.addHook('onClose', async () => {
    await store.close();
  });
  if (store.redis && store.redis.status !== 'ready') {
    // the first requests of a new process are counted where the others count theirs
    await Promise.race([once(store.redis, 'ready'), new Promise((resolve) => setTimeout(resolve, ConnectWaitMs).unref())]).catch(() => undefined);
  }
  const { perPersonPerMinute, perAddressPerMinute, turnsPerMinute } = limits;
  if (perPersonPerMinute === 0 && perAddressPerMinute === 0 && turnsPerMinute === 0) return;

  const allowance = (key: string) => (key.startsWith('p:') ? perPersonPerMinute : perAddressPerMinute);
  const requests = await counter(app, store, 'requests', {
    keyGenerator: keyOf,
    max: (_request, key) => allowance(key),
    // an allowance of 0 is no limit
    allowList: (_request, key) => allowance(key) === 0,
  });
  const turns =
    turnsPerMinute > 0
      ? await counter(app, store, 'turns', {
          keyGenerator: (request) => personKey(request.principal?.userId ?? ''),
          max: turnsPerMinute,
          allowList: (request) => !request.principal,
        })
      : null;

  /** the count of one request, or null when it was not counted (allowed outright, or Redis away) */
  const count = async (check: Check, request: FastifyRequest): Promise<Counted | null> => {
    try {
      const result = await check(request);
      return result.isAllowed ? null : result;
    } catch (error) {
      store.warn(error);
      return null;
    }
  };

  const headers = (reply: FastifyReply, counted: Counted) => {
    void reply.header('ratelimit-limit', counted.max);
    void reply.header('ratelimit-remaining', counted.remaining);
    void reply.header('ratelimit-reset', counted.ttlInSeconds);
  };

  const countRequest: onRequestAsyncHookHandler = async (request, reply) => {
    const counted = await count(requests, request);
    if (!counted) return;
    if (counted.isExceeded) throw tooMany(counted, 'Too many requests in a minute.');
    headers(reply, counted);
  };

  const countTurn: onRequestAsyncHookHandler = async (request, reply) => {
    const general = await count(requests, request);
    if (general?.isExceeded) throw tooMany(general, 'Too many requests in a minute.');
    const turn = turns ? await count(turns, request) : null;
    if (turn?.isExceeded) throw tooMany(turn, 'Too many questions in a minute.');
    // the nearer of the two limits is the one shown (a streamed answer's head is written by the stream, without them)
    const shown = general && turn ? (turn.remaining < general.remaining ? turn : general) : (general ?? turn);
    if (shown) headers(reply, shown);
  };

  app.addHook('onRoute', (route) => {
    const url = route.url.toLowerCase();
    if (!url.startsWith(`${ApiBase.toLowerCase()}/`) || NotCounted.has(url)) return;
    const methods = [route.method].flat().map((m) => String(m).toUpperCase());
    const hook = methods.includes('POST') && TurnRoutes.has(url) ? countTurn : countRequest;
    const existing = [route.onRequest ?? []].flat();
    // a route added again from another's options (Fastify's HEAD twin of a GET) carries the hook already
    if (existing.includes(hook)) return;
    // a route's own hooks run after the app's: the access hook has set the principal by then
    route.onRequest = [...existing, hook];
  });
}
