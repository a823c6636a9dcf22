// Carries the caches' forgets between server processes (platform/caches.ts) over Redis publish/subscribe, so that a
// change made through one process (a role, an agent, a policy, a connection, HIPAA mode) applies on every process as
// soon as the message arrives rather than when a cached copy's lifetime ends. ioredis: the Redis client the visitor
// limits already use; it reconnects and subscribes again by itself. A message lost while Redis is away costs at most
// the caches' own lifetime (5 s), the way it was without a bus.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { Caches } from './caches.js';

export const CacheChannel = 'atrium:caches';

interface Announcement {
  from: string;
  name: string;
  key?: string;
}

const isAnnouncement = (value: unknown): value is Announcement => {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.from === 'string' && typeof v.name === 'string' && (v.key === undefined || typeof v.key === 'string');
};

export interface CacheBus {
  /** resolves once the subscription is in place (announcements from then on arrive) */
  readonly subscribed: Promise<void>;
  /** resolves when Redis answers a PING (the readiness check) */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Connects `caches` to the bus on `redisUrl`: its announcements are published, the other processes' forgotten here. */
export function connectCacheBus(caches: Caches, options: { redisUrl: string; logger: FastifyBaseLogger; channel?: string }): CacheBus {
  const channel = options.channel ?? CacheChannel;
  const origin = randomUUID();
  // a publish while Redis is away fails at once instead of queueing: the caches' lifetime covers what it missed
  const publisher = new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  const subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  let warned = false;
  const onError = (e: Error) => {
    if (warned) return;
    warned = true;
    options.logger.warn({ reason: e.message }, 'cache bus: Redis unreachable; caches fall back to their lifetime');
  };
  publisher.on('error', onError);
  subscriber.on('error', onError);
  subscriber.on('ready', () => (warned = false));
  subscriber.on('message', (_channel: string, text: string) => {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (!isAnnouncement(message) || message.from === origin) return;
    caches.forgetAnnounced(message.name, message.key);
  });
  const subscribed = subscriber.subscribe(channel).then(() => undefined);
  subscribed.catch(onError);
  caches.connect({
    announce(name, key) {
      const message: Announcement = key === undefined ? { from: origin, name } : { from: origin, name, key };
      publisher.publish(channel, JSON.stringify(message)).catch(onError);
    },
  });
  return {
    subscribed,
    async ping() {
      await publisher.ping();
    },
    async close() {
      caches.connect(null);
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
