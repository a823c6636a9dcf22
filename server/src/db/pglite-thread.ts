// The embedded database on a thread of its own. PGlite runs each statement from start to end on the
// thread that calls it; on the server's thread, every statement (a turn's write, a title search, an
// ANALYZE) held every open answer stream while it ran, and its CPU queued with the streams' own. This
// client has the shape drizzle's PGlite driver and db/statement.ts use (query, exec, transaction,
// close) and sends each call to pglite-worker.ts. Rows, parameters and errors cross as structured
// clones; PostgreSQL's error fields (code, constraint, detail, …) come back on the error.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';

type RowMode = 'array' | 'object';
interface Shaped {
  rowMode?: RowMode;
  /** type ids whose values stay text (drizzle keeps dates, timestamps and intervals as PostgreSQL's text) */
  textTypes?: number[];
}
type ThreadCall =
  | ({ op: 'query'; sql: string; params: unknown[]; tx?: number } & Shaped)
  | ({ op: 'exec'; sql: string; tx?: number } & Shaped)
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'close' };
export type ThreadRequest = ThreadCall & { id: number };
export type ThreadReply = { id: number } & (
  { ok: true; result: unknown } | { ok: false; error: { name: string; message: string; fields: Record<string, unknown> } }
);

/** What the worker can be told of a parser: only that a type keeps its text (functions do not cross threads). */
function shape(options: QueryOptions | undefined): Shaped {
  const out: Shaped = {};
  if (options?.rowMode) out.rowMode = options.rowMode;
  if (options?.parsers) {
    out.textTypes = Object.entries(options.parsers).map(([type, parse]) => {
      if (parse('2026-01-02 03:04:05+00', Number(type)) !== '2026-01-02 03:04:05+00') {
        throw new Error(`PGlite on its own thread takes only parsers that keep the text (type ${type})`);
      }
      return Number(type);
    });
  }
  if (options?.serializers || options?.blob || options?.onNotice || options?.paramTypes) {
    throw new Error('PGlite on its own thread takes rowMode and text-keeping parsers only');
  }
  return out;
}

export type WorkerStarter = (workerData: unknown) => Worker;

const compiledWorker = new URL('./pglite-worker.js', import.meta.url);
let startWorker: WorkerStarter = (workerData) => {
  if (!fs.existsSync(fileURLToPath(compiledWorker))) {
    throw new Error(
      'The embedded database worker (db/pglite-worker.js) is not built: run `npm run build`, or, when running the TypeScript sources, import server/src/test/pglite-worker-source.ts first.',
    );
  }
  return new Worker(compiledWorker, { workerData });
};

/**
 * Starts the database threads another way from now on. The production path is the compiled worker; test
 * and bench set-ups that run the TypeScript sources install a starter that runs the worker's source
 * (server/src/test/pglite-worker-source.ts), so that production code has no branch for them.
 */
export function setPGliteWorkerStarter(start: WorkerStarter): void {
  startWorker = start;
}

export interface ThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

export class PGliteThread {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private nextId = 0;
  private failure: Error | null = null;

  private constructor(worker: Worker) {
    this.worker = worker;
    worker.on('message', (reply: ThreadReply) => {
      const w = this.waiting.get(reply.id);
      if (!w) return;
      this.waiting.delete(reply.id);
      if (reply.ok) w.resolve(reply.result);
      else w.reject(Object.assign(new Error(reply.error.message), reply.error.fields, { name: reply.error.name }));
    });
    const fail = (e: Error) => {
      this.failure = e;
      for (const w of this.waiting.values()) w.reject(e);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The database thread ended (${code})`)));
  }

  /** Starts the thread and opens the database in `dataDir` ('memory://' for one in memory). */
  static async create(dataDir: string): Promise<PGliteThread> {
    const thread = new PGliteThread(startWorker({ dataDir }));
    // the worker answers id 0 once the database is open (or with the error that kept it closed)
    await new Promise<unknown>((resolve, reject) => thread.waiting.set(0, { resolve, reject }));
    return thread;
  }

  private call<T>(request: ThreadCall): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = ++this.nextId;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  async query<T>(sql: string, params: unknown[] = [], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    return this.call({ op: 'query', sql, params, ...shape(options), ...(tx === undefined ? {} : { tx }) });
  }

  async exec(sql: string, options?: QueryOptions, tx?: number): Promise<Results[]> {
    return this.call({ op: 'exec', sql, ...shape(options), ...(tx === undefined ? {} : { tx }) });
  }

  /** Runs `callback` in one transaction: committed when it resolves, rolled back when it throws or calls rollback(). */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const id = await this.call<number>({ op: 'begin' });
    let closed = false;
    const end = async (commit: boolean) => {
      if (closed) return;
      closed = true;
      await this.call({ op: 'end', tx: id, commit });
    };
    const tx: ThreadTransaction = {
      query: (sql, params, options) => (closed ? Promise.reject(new Error('The transaction has ended')) : this.query(sql, params ?? [], options, id)),
      exec: (sql, options) => (closed ? Promise.reject(new Error('The transaction has ended')) : this.exec(sql, options, id)),
      rollback: () => end(false),
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (e) {
      await end(false);
      throw e;
    }
    await end(true);
    return result;
  }

  async close(): Promise<void> {
    if (this.failure) return;
    await this.call({ op: 'close' });
    await this.worker.terminate();
  }
}
