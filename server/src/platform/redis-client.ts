// A Redis connection for one part of the platform that goes on without Redis when it is away (the answer log, the
// answer leases): it says so in the log once per outage, not once per failed command.
import { Redis, type RedisOptions } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

export interface PartRedis {
  redis: Redis;
  /** logs `outage` once until the connection is ready again */
  warn(e: unknown): void;
}

/** `outage`: what the log says when Redis is unreachable (what the part cannot do meanwhile). */
export function partRedis(redisUrl: string, logger: FastifyBaseLogger, outage: string, options: RedisOptions = { maxRetriesPerRequest: 1 }): PartRedis {
  const redis = new Redis(redisUrl, options);
  let warned = false;
  const warn = (e: unknown) => {
    if (warned) return;
    warned = true;
    logger.warn({ reason: e instanceof Error ? e.message : String(e) }, outage);
  };
  redis.on('error', warn);
  redis.on('ready', () => (warned = false));
  return { redis, warn };
}
