// The answers this process streams, and the messages that reach them from any process: "stop" (the stop call made on
// whichever process the load balancer chose) and "watched" (a client reading the answer back through a resume keeps it
// going after its first client left). Without REDIS_URL only this process's answers are reached, which is all there
// is. With Redis the messages go over publish/subscribe (channel `atrium:answers`, ioredis as for the caches' bus,
// platform/cache-bus.ts) to the process that streams the answer; the others ignore them.
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

export const AnswerChannel = 'atrium:answers';

/** What the bus can do to an answer this process streams. */
export interface LiveAnswer {
  stop(): void;
  /** a client reads the answer back (a resume), here or on another process */
  watched(): void;
}

interface Message {
  type: 'stop' | 'watched';
  segmentId: string;
}

const isMessage = (v: unknown): v is Message =>
  typeof v === 'object' && v !== null && ((v as Message).type === 'stop' || (v as Message).type === 'watched') && typeof (v as Message).segmentId === 'string';

export class AnswerBus {
  private readonly live = new Map<string, LiveAnswer>();
  private publisher: Redis | null = null;
  private subscriber: Redis | null = null;
  /** resolves once the subscription is in place (at once without Redis) */
  readonly subscribed: Promise<void>;

  constructor(options: { redisUrl: string | null; logger: FastifyBaseLogger; channel?: string }) {
    const channel = options.channel ?? AnswerChannel;
    this.channel = channel;
    if (!options.redisUrl) {
      this.subscribed = Promise.resolve();
      return;
    }
    let warned = false;
    const onError = (e: Error) => {
      if (warned) return;
      warned = true;
      options.logger.warn({ reason: e.message }, 'answer bus: Redis unreachable; answers are stopped only on the process that streams them');
    };
    this.publisher = new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    this.subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    this.publisher.on('error', onError);
    this.subscriber.on('error', onError);
    this.subscriber.on('ready', () => (warned = false));
    this.subscriber.on('message', (_channel: string, text: string) => {
      let message: unknown;
      try {
        message = JSON.parse(text);
      } catch {
        return;
      }
      if (isMessage(message)) this.deliver(message);
    });
    this.subscribed = this.subscriber.subscribe(channel).then(() => undefined);
    this.subscribed.catch(onError);
  }

  private readonly channel: string;

  /** Registers an answer this process streams; the returned function unregisters it. */
  register(segmentId: string, answer: LiveAnswer): () => void {
    this.live.set(segmentId, answer);
    return () => {
      if (this.live.get(segmentId) === answer) this.live.delete(segmentId);
    };
  }

  /** Whether this process streams the answer. */
  streams(segmentId: string): boolean {
    return this.live.has(segmentId);
  }

  private deliver(message: Message): boolean {
    const answer = this.live.get(message.segmentId);
    if (!answer) return false;
    if (message.type === 'stop') answer.stop();
    else answer.watched();
    return true;
  }

  private send(message: Message): void {
    if (this.deliver(message) || !this.publisher) return;
    this.publisher.publish(this.channel, JSON.stringify(message)).catch(() => undefined);
  }

  /** Stops the answer where it streams: here at once, elsewhere through Redis. */
  stop(segmentId: string): void {
    this.send({ type: 'stop', segmentId });
  }

  /** Stops every answer this process streams (a shutdown whose drain time is over). */
  stopAll(): void {
    for (const answer of [...this.live.values()]) answer.stop();
  }

  /** Tells the answer's process that a client reads it back. */
  watched(segmentId: string): void {
    this.send({ type: 'watched', segmentId });
  }

  async close(): Promise<void> {
    this.subscriber?.disconnect();
    this.publisher?.disconnect();
  }
}
