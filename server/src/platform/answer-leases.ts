// Answer leases: which process streams which answer, so that the answers of a process that dies without warning
// (kill -9, a lost machine) are taken over by another within seconds instead of ending as interrupted
// (docs/scaling.md "When a process dies"). Only with Redis: a process alone has nobody to hand its answers to (its
// restart ends them, platform/server-processes.ts).
//
// In Redis, each process beats every second into one sorted set (`atrium:answer-processes`, score = Redis's own clock
// in ms, so that the machines' clocks do not matter) and keeps the answers it streams in a set of its own
// (`atrium:answers-of:<process>`). Every process looks every second for beats older than DeadAfterMs; a dead process's
// answers are claimed one by one with SPOP (atomic: each goes to exactly one claimer), and its entry is removed once
// its set is empty. Nothing is read while nobody died: one beat and one range query per second per process.
import type { Redis } from 'ioredis';
import { partRedis } from './redis-client.js';
import type { FastifyBaseLogger } from 'fastify';

/** What a taken-over answer needs besides its segment's row: the time zone its question was asked in. */
export interface LeaseNote {
  segmentId: string;
  timeZone: string;
}

export interface AnswerLeases {
  /** whether another process takes over this one's answers when it dies */
  readonly shared: boolean;
  /** Marks an answer as streamed here (its rows exist); the returned function lets it go (it ended). */
  hold(note: LeaseNote): () => void;
  /** Starts looking for dead processes' answers; `takeOver` gets each one this process claimed. */
  start(takeOver: (note: LeaseNote) => void): void;
  /** Hands the answers still held to the other processes at once (a shutdown whose drain time is over). */
  handOver(): Promise<void>;
  close(): Promise<void>;
}

export const BeatMs = 1_000;
/** A process whose last beat is older than this is dead: its answers are taken over. */
export const DeadAfterMs = 3_000;
/** How many of a dead process's answers one process claims per look (the others claim the rest meanwhile). */
const ClaimBatch = 100;

// the beat, on Redis's clock
const BeatScript = `
local t = redis.call('TIME')
redis.call('ZADD', KEYS[1], tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000), ARGV[1])
return 1`;
// the processes whose last beat is older than ARGV[1] ms
const DeadScript = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
return redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. (now - tonumber(ARGV[1])))`;
// claims up to ARGV[2] answers of the dead process ARGV[1]; forgets the process once none is left
const ClaimScript = `
local claimed = redis.call('SPOP', KEYS[2], tonumber(ARGV[2]))
if redis.call('SCARD', KEYS[2]) == 0 then redis.call('ZREM', KEYS[1], ARGV[1]) end
return claimed`;

/** One process alone: nothing to hand over to. */
export const NoLeases: AnswerLeases = {
  shared: false,
  hold: () => () => undefined,
  start: () => undefined,
  handOver: async () => undefined,
  close: async () => undefined,
};

export class RedisAnswerLeases implements AnswerLeases {
  readonly shared = true;
  private readonly redis: Redis;
  private readonly warn: (e: unknown) => void;
  private readonly held = new Map<string, string>();
  private timer: NodeJS.Timeout | null = null;
  private looking: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    redisUrl: string,
    private readonly processId: string,
    private readonly logger: FastifyBaseLogger,
    private readonly options: { beatMs: number; deadAfterMs: number; keyPrefix: string } = { beatMs: BeatMs, deadAfterMs: DeadAfterMs, keyPrefix: 'atrium' },
  ) {
    this.processesKey = `${options.keyPrefix}:answer-processes`;
    ({ redis: this.redis, warn: this.warn } = partRedis(redisUrl, logger, 'answer leases: Redis unreachable; answers are not taken over'));
  }

  private readonly processesKey: string;
  private answersOf(processId: string) {
    return `${this.options.keyPrefix}:answers-of:${processId}`;
  }

  private get mine() {
    return this.answersOf(this.processId);
  }

  hold(note: LeaseNote): () => void {
    const member = JSON.stringify(note);
    this.held.set(note.segmentId, member);
    this.redis.sadd(this.mine, member).catch((e: unknown) => this.warn(e));
    return () => {
      if (this.held.get(note.segmentId) !== member) return;
      this.held.delete(note.segmentId);
      if (!this.closed) this.redis.srem(this.mine, member).catch((e: unknown) => this.warn(e));
    };
  }

  start(takeOver: (note: LeaseNote) => void): void {
    const beat = () => this.redis.eval(BeatScript, 1, this.processesKey, this.processId);
    void beat().catch((e: unknown) => this.warn(e));
    this.timer = setInterval(() => {
      void beat().catch((e: unknown) => this.warn(e));
      // one look at a time: a slow one (many answers to claim) is not overtaken by the next
      this.looking = this.looking.then(() => this.look(takeOver)).catch((e: unknown) => this.warn(e));
    }, this.options.beatMs);
    this.timer.unref();
  }

  private async look(takeOver: (note: LeaseNote) => void): Promise<void> {
    const dead = ((await this.redis.eval(DeadScript, 1, this.processesKey, this.options.deadAfterMs)) as string[]).filter((p) => p !== this.processId);
    for (const processId of dead) {
      const claimed = (await this.redis.eval(ClaimScript, 2, this.processesKey, this.answersOf(processId), processId, ClaimBatch)) as string[];
      for (const member of claimed) {
        const note = parseNote(member);
        if (!note) continue;
        this.logger.warn({ segmentId: note.segmentId, deadProcess: processId }, 'taking over an answer whose process stopped');
        takeOver(note);
      }
    }
  }

  async handOver(): Promise<void> {
    // the beat set to 0: the others see this process as dead at their next look
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.held.size === 0) return;
    await this.redis.zadd(this.processesKey, 0, this.processId).catch((e: unknown) => this.warn(e));
    this.held.clear();
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.closed = true;
    await this.looking;
    // answers still held were handed over (handOver); none left: this process leaves no trace
    if (this.held.size === 0)
      await this.redis
        .multi()
        .zrem(this.processesKey, this.processId)
        .del(this.mine)
        .exec()
        .catch(() => undefined);
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

function parseNote(member: string): LeaseNote | null {
  try {
    const v = JSON.parse(member) as Partial<LeaseNote>;
    return typeof v.segmentId === 'string' && typeof v.timeZone === 'string' ? { segmentId: v.segmentId, timeZone: v.timeZone } : null;
  } catch {
    return null;
  }
}
