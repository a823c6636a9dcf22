// The answer log: every event block an answer's stream writes is also kept for a few minutes under the answer's
// segment id, numbered 1, 2, 3… in the order written, so that a client that lost its connection can reconnect (to any
// process) with the last number it saw and get the rest, then the live tail until the answer ends
// (docs/architecture.md "Resumable answers"). Two stores with one interface:
// - in memory (one process, no REDIS_URL): the blocks in an array per answer, forgotten `keepMs` after their last write;
// - Redis streams (REDIS_URL): XADD with explicit ids `0-<n>`, trimmed (MAXLEN ~) and expiring (PEXPIRE) like the memory
//   store. Writes are gathered per tick (an answer's blocks of the tick in one entry) into one pipeline and never
//   awaited: a token costs an array push, not a round trip. A reader first pages through what is there (XRANGE), then blocks for the tail (XREAD BLOCK) on its own
//   connection, which it closes when the answer ended or the client left.
import type { Redis } from 'ioredis';
import { partRedis } from './redis-client.js';
import type { FastifyBaseLogger } from 'fastify';

/** Who may read an answer back: the person who asked, or a public endpoint's visitor session. */
export type AnswerOwner = { conversationId: string; userId: string } | { conversationId: string; endpointName: string; sessionIdentifier: string };

/** One event block of an answer, with its number (1 for the first block the answer wrote). */
export interface LoggedEvent {
  id: number;
  block: string;
}

export interface AnswerLogWriter {
  /** keeps one event block (an encoded `event:`/`data:` block); its number is the count of blocks so far */
  append(block: string): void;
  /** the answer ended: readers stop after its last block */
  end(): void;
}

/** What a read found: `events` yields the blocks after the one asked for, then the tail until the end. */
export type AnswerRead = { kind: 'missing' } | { kind: 'gone' } | { kind: 'found'; owner: AnswerOwner; events: AsyncIterable<LoggedEvent> };

export interface AnswerLog {
  writer(segmentId: string, owner: AnswerOwner): AnswerLogWriter;
  /**
   * A writer that goes on with an answer another process was writing when it died (platform/answer-leases.ts): its
   * blocks are numbered after everything that process may have sent, logged or not (TakeoverGap), so that a reader
   * that saw more than was logged still reads every block of the new writer.
   */
  continue(segmentId: string, owner: AnswerOwner): Promise<AnswerLogWriter>;
  /**
   * Ends the log of an answer whose process died and that nobody can take over, with `blocks` (what its readers are
   * told) numbered like a continuation; nothing when the log is gone or already ended.
   */
  interrupt(segmentId: string, blocks: string[]): Promise<void>;
  /**
   * The answer's blocks after number `after`, then the live tail until it ends or `signal` aborts. `missing`: no such
   * answer (never logged, or expired); `gone`: the blocks after `after` were trimmed away.
   */
  read(segmentId: string, after: number, signal: AbortSignal): Promise<AnswerRead>;
  close(): Promise<void>;
}

/** How many blocks an answer keeps at most (a 20k-token answer writes about as many). */
export const MaxLoggedEvents = 50_000;
/**
 * How far a taken-over answer's numbers jump past the last one logged: the blocks a process sent its client in the
 * moment before it died may never have reached the log (they are written once per tick), and that client reads on
 * after the last it saw. More than any tick writes.
 */
export const TakeoverGap = 100_000;

interface MemoryEntry {
  owner: AnswerOwner;
  /** blocks[i] has number first + i */
  blocks: string[];
  first: number;
  ended: boolean;
  lastWriteAt: number;
  wake: Set<() => void>;
}

/** The one-process store: the same numbering and expiry as Redis, in this process's memory. */
export class MemoryAnswerLog implements AnswerLog {
  private readonly entries = new Map<string, MemoryEntry>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly keepMs: number,
    private readonly maxEvents = MaxLoggedEvents,
  ) {
    this.sweeper = setInterval(() => this.sweep(), Math.max(250, Math.min(keepMs / 2, 30_000)));
    this.sweeper.unref();
  }

  private sweep(): void {
    for (const [id, e] of this.entries) if (this.expired(e)) this.entries.delete(id);
  }

  private expired(e: MemoryEntry): boolean {
    return performance.now() - e.lastWriteAt > this.keepMs;
  }

  private live(segmentId: string): MemoryEntry | null {
    const e = this.entries.get(segmentId);
    if (e && this.expired(e)) {
      this.entries.delete(segmentId);
      return null;
    }
    return e ?? null;
  }

  async continue(segmentId: string, owner: AnswerOwner): Promise<AnswerLogWriter> {
    // one process: its blocks were all logged as they were sent, the numbers go on where they were
    const e = this.live(segmentId);
    if (!e) return this.writer(segmentId, owner);
    e.ended = false;
    return this.writerOf(e);
  }

  async interrupt(segmentId: string, blocks: string[]): Promise<void> {
    const e = this.live(segmentId);
    if (!e || e.ended) return;
    const w = this.writerOf(e);
    for (const block of blocks) w.append(block);
    w.end();
  }

  writer(segmentId: string, owner: AnswerOwner): AnswerLogWriter {
    const e: MemoryEntry = { owner, blocks: [], first: 1, ended: false, lastWriteAt: performance.now(), wake: new Set() };
    this.entries.set(segmentId, e);
    return this.writerOf(e);
  }

  private writerOf(e: MemoryEntry): AnswerLogWriter {
    const wake = () => {
      if (e.wake.size === 0) return;
      const waiting = [...e.wake];
      e.wake.clear();
      for (const w of waiting) w();
    };
    return {
      append: (block) => {
        if (e.ended) return;
        e.blocks.push(block);
        if (e.blocks.length > this.maxEvents) {
          e.blocks.shift();
          e.first++;
        }
        e.lastWriteAt = performance.now();
        wake();
      },
      end: () => {
        if (e.ended) return;
        e.ended = true;
        e.lastWriteAt = performance.now();
        wake();
      },
    };
  }

  async read(segmentId: string, after: number, signal: AbortSignal): Promise<AnswerRead> {
    const e = this.live(segmentId);
    if (!e) return { kind: 'missing' };
    if (after + 1 < e.first) return { kind: 'gone' };
    async function* events(): AsyncGenerator<LoggedEvent> {
      let next = after + 1;
      while (!signal.aborted) {
        if (next < e!.first) return; // trimmed while the reader was slow
        const last = e!.first + e!.blocks.length - 1;
        for (; next <= last; next++) yield { id: next, block: e!.blocks[next - e!.first]! };
        if (e!.ended) return;
        await new Promise<void>((resolve) => {
          const done = () => {
            signal.removeEventListener('abort', done);
            e!.wake.delete(done);
            resolve();
          };
          e!.wake.add(done);
          signal.addEventListener('abort', done, { once: true });
        });
      }
    }
    return { kind: 'found', owner: e.owner, events: events() };
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.entries.clear();
  }
}

export const answerKey = (segmentId: string) => `atrium:answer:${segmentId}`;
const idOf = (n: number) => `0-${n}`;
const numberOf = (id: string) => Number(id.slice(id.indexOf('-') + 1));
/** how long a reader's XREAD blocks before it looks again (at the signal, at the key's existence) */
const BlockMs = 5_000;
const PageSize = 1_000;

type StreamEntry = [id: string, fields: string[]];

/** What one answer wrote in this tick: one stream entry (its blocks together), its end, its expiry. */
interface PendingWrite {
  key: string;
  blocks: string[];
  /** the number of the last block */
  last: number;
  owner: string | null;
  end: boolean;
  expire: boolean;
}

/** Splits an entry's text into its blocks (each ends with a blank line; base64 data never holds one). */
function blocksOf(text: string): string[] {
  const out: string[] = [];
  for (let from = 0; from < text.length;) {
    const end = text.indexOf('\n\n', from);
    const to = end === -1 ? text.length : end + 2;
    out.push(text.slice(from, to));
    from = to;
  }
  return out;
}

/** The blocks of one stream entry with their numbers (an entry's id is the number of its last block). */
function entryEvents([id, fields]: StreamEntry): LoggedEvent[] | null {
  const text = fieldOf(fields, 'b');
  if (text === null) return null; // the end
  const last = numberOf(id);
  const blocks = Number(fieldOf(fields, 'c') ?? '1') > 1 ? blocksOf(text) : [text];
  return blocks.map((block, i) => ({ id: last - blocks.length + 1 + i, block }));
}

/**
 * The store of several processes: Redis streams, one per answer. Per event-loop tick, an answer's blocks go into one
 * entry (XADD, its id the number of its last block) and all answers' entries into one pipeline; the key's expiry is
 * set at the first write, renewed at most every quarter of `keepMs` and at the end (so an answer is kept at least
 * three quarters of `keepMs` after any write while it runs, and `keepMs` after its end).
 */
export class RedisAnswerLog implements AnswerLog {
  private readonly redis: Redis;
  private readonly warn: (e: unknown) => void;
  private pending = new Map<string, PendingWrite>();

  constructor(
    redisUrl: string,
    private readonly keepMs: number,
    logger: FastifyBaseLogger,
    private readonly maxEvents = MaxLoggedEvents,
  ) {
    // writes wait for the connection (at start, after a blip) but fail after one reconnection attempt instead of
    // queueing without bound while Redis is away: the answer still streams to its client, it cannot be resumed
    ({ redis: this.redis, warn: this.warn } = partRedis(redisUrl, logger, 'answer log: Redis unreachable; answers stream but cannot be resumed'));
  }

  private pendingFor(key: string): PendingWrite {
    let p = this.pending.get(key);
    if (!p) {
      if (this.pending.size === 0) setImmediate(this.flush);
      p = { key, blocks: [], last: 0, owner: null, end: false, expire: false };
      this.pending.set(key, p);
    }
    return p;
  }

  private readonly flush = () => {
    const writes = this.pending;
    this.pending = new Map();
    if (writes.size === 0) return;
    const pipeline = this.redis.pipeline();
    for (const w of writes.values()) {
      if (w.blocks.length > 0) {
        const fields = ['b', w.blocks.length === 1 ? w.blocks[0]! : w.blocks.join('')];
        if (w.blocks.length > 1) fields.push('c', String(w.blocks.length));
        // the first entry carries the owner: a resume checks it before anything is sent
        if (w.owner !== null) fields.push('o', w.owner);
        pipeline.xadd(w.key, 'MAXLEN', '~', this.maxEvents, idOf(w.last), ...fields);
      }
      if (w.end) pipeline.xadd(w.key, idOf(w.last + 1), 'end', '1');
      if (w.expire) pipeline.pexpire(w.key, this.keepMs);
    }
    pipeline.exec().then((results) => {
      const failed = results?.find(([error]) => error);
      if (failed) this.warn(failed[0]);
    }, this.warn);
  };

  async continue(segmentId: string, owner: AnswerOwner): Promise<AnswerLogWriter> {
    const [last] = (await this.redis.xrevrange(answerKey(segmentId), '+', '-', 'COUNT', 1)) as StreamEntry[];
    // no log left (it expired): the answer starts a new one, with its owner
    return last ? this.writer(segmentId, owner, numberOf(last[0]) + TakeoverGap) : this.writer(segmentId, owner);
  }

  async interrupt(segmentId: string, blocks: string[]): Promise<void> {
    const [last] = (await this.redis.xrevrange(answerKey(segmentId), '+', '-', 'COUNT', 1)) as StreamEntry[];
    // gone, or it ended (its process wrote the end before it died)
    if (!last || fieldOf(last[1], 'end') !== null) return;
    const w = this.writer(segmentId, { conversationId: '', userId: '' }, numberOf(last[0]) + TakeoverGap);
    for (const block of blocks) w.append(block);
    w.end();
    this.flush();
  }

  /** `after`: the number the writer's first block follows (0: a new log, its first entry names the owner) */
  writer(segmentId: string, owner: AnswerOwner, after = 0): AnswerLogWriter {
    const key = answerKey(segmentId);
    let n = after;
    let ended = false;
    let expiredAt = -Infinity;
    const renewEvery = this.keepMs / 4;
    return {
      append: (block) => {
        if (ended) return;
        n++;
        const p = this.pendingFor(key);
        p.blocks.push(block);
        p.last = n;
        if (n === 1 && after === 0) p.owner = JSON.stringify(owner);
        const now = performance.now();
        if (now - expiredAt > renewEvery) {
          expiredAt = now;
          p.expire = true;
        }
      },
      end: () => {
        if (ended) return;
        ended = true;
        const p = this.pendingFor(key);
        // the end's entry follows the last block
        p.last = n;
        p.end = true;
        p.expire = true;
      },
    };
  }

  async read(segmentId: string, after: number, signal: AbortSignal): Promise<AnswerRead> {
    const key = answerKey(segmentId);
    const head = (await this.redis.xrange(key, '-', '+', 'COUNT', 1)) as StreamEntry[];
    if (head.length === 0) return { kind: 'missing' };
    const ownerText = fieldOf(head[0]![1], 'o');
    const first = entryEvents(head[0]!)?.[0]?.id ?? Infinity;
    // trimmed: the first entry (with the owner) is gone, and perhaps what the reader needs
    if (ownerText === null || first > after + 1) return { kind: 'gone' };
    const owner = JSON.parse(ownerText) as AnswerOwner;
    const redis = this.redis;
    // the entries after `last`, their blocks after `after`; false at the end
    let last = idOf(after);
    function* take(entries: StreamEntry[]): Generator<LoggedEvent, boolean> {
      for (const entry of entries) {
        last = entry[0];
        const events = entryEvents(entry);
        if (events === null) return false;
        for (const e of events) if (e.id > after) yield e;
      }
      return true;
    }
    async function* events(): AsyncGenerator<LoggedEvent> {
      // what is there already, a page at a time (an entry holding the block `after` comes too: its id is its last block's)
      for (;;) {
        if (signal.aborted) return;
        const page = (await redis.xrange(key, `(${last}`, '+', 'COUNT', PageSize)) as StreamEntry[];
        if (!(yield* take(page))) return;
        if (page.length < PageSize) break;
      }
      // then the tail, on a connection of its own (XREAD BLOCK holds it)
      const tail = redis.duplicate({ maxRetriesPerRequest: null });
      tail.on('error', () => undefined);
      const onAbort = () => tail.disconnect();
      signal.addEventListener('abort', onAbort, { once: true });
      try {
        while (!signal.aborted) {
          let found: [string, StreamEntry[]][] | null;
          try {
            found = (await tail.xread('COUNT', PageSize, 'BLOCK', BlockMs, 'STREAMS', key, last)) as [string, StreamEntry[]][] | null;
          } catch (e) {
            if (signal.aborted) return;
            throw e;
          }
          if (!found) {
            // nothing for a while: an answer whose log expired (its process stopped) has nothing more to come
            if ((await redis.exists(key)) === 0) return;
            continue;
          }
          if (!(yield* take(found[0]![1]))) return;
        }
      } finally {
        signal.removeEventListener('abort', onAbort);
        tail.disconnect();
      }
    }
    return { kind: 'found', owner, events: events() };
  }

  async close(): Promise<void> {
    this.flush();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

function fieldOf(fields: string[], name: string): string | null {
  for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i] === name) return fields[i + 1]!;
  return null;
}
