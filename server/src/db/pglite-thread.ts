// The embedded database on a thread of its own. PGlite runs each statement from start to end on the
// thread that calls it; on the server's thread, every statement (a turn's write, a title search, an
// ANALYZE) held every open answer stream while it ran, and its CPU queued with the streams' own. This
// client has the shape drizzle's PGlite driver and db/statement.ts use (query, exec, transaction,
// close) and sends each call to pglite-worker.ts. Rows, parameters and errors cross as structured
// clones; PostgreSQL's error fields (code, constraint, detail, …) come back on the error.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import type { CacheChoice } from './pglite-open.js';

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

/**
 * The database thread's V8 heap. It holds little for long (a statement's parameters and rows on their way), so
 * a young generation of 4 MB (Node's grows to 16-32 MB) keeps it small: bench/README.md, "Memory of the
 * embedded server".
 */
export const DatabaseThreadLimits: ResourceLimits = { maxYoungGenerationSizeMb: 4 };

/** How the database's code runs: its thread (pglite-worker) and the process that creates a new database (pglite-init). */
export interface PGliteStarter {
  worker(workerData: unknown, resourceLimits: ResourceLimits): Worker;
  /** node's arguments that run pglite-init, which creates the database in `dataDir` and exits */
  initProcessArgs(dataDir: string): string[];
}

const compiled = (name: string) => {
  const file = fileURLToPath(new URL(`./${name}.js`, import.meta.url));
  if (!fs.existsSync(file)) {
    throw new Error(
      `The embedded database's db/${name}.js is not built: run \`npm run build\`, or, when running the TypeScript sources, import server/src/test/pglite-worker-source.ts first.`,
    );
  }
  return file;
};
let starter: PGliteStarter = {
  worker: (workerData, resourceLimits) => new Worker(compiled('pglite-worker'), { workerData, resourceLimits }),
  initProcessArgs: (dataDir) => [compiled('pglite-init'), dataDir],
};

/**
 * Runs the database's code another way from now on. The production path is the compiled JavaScript; test and
 * bench set-ups that run the TypeScript sources install a starter that runs the sources
 * (server/src/test/pglite-worker-source.ts), so that production code has no branch for them.
 */
export function setPGliteStarter(next: PGliteStarter): void {
  starter = next;
}

/** The directory of a file-backed PGlite data directory (unprefixed or file://), null for other kinds (memory://). */
const fileDataDir = (dataDir: string): string | null =>
  dataDir.startsWith('file://') ? dataDir.slice('file://'.length) : /^[a-z][a-z0-9+.-]*:\/\//i.test(dataDir) ? null : dataDir;

/**
 * Creates a file-backed database that does not exist yet in a process of its own (pglite-init.ts), which gives
 * the memory of PGlite's initdb back when it exits. One in memory is created by the thread that opens it.
 */
async function createInItsOwnProcess(dataDir: string): Promise<void> {
  const dir = fileDataDir(dataDir);
  if (dir === null || fs.existsSync(path.join(dir, 'PG_VERSION'))) return;
  const child = spawn(process.execPath, starter.initProcessArgs(dir), { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (c, s) => resolve([c, s]));
  });
  if (code !== 0) throw new Error(`Creating the embedded database in ${dir} failed (${signal ?? `exit code ${code}`}): ${stderr.trim()}`);
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
  /** how the start sized the page cache (pglite-open.ts's openSizedDatabase) */
  cache: CacheChoice = { cacheMb: 0, libraryMb: null };

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

  /**
   * Starts the thread and opens the database in `dataDir` ('memory://' for one in memory), with a page cache of
   * `cacheMb` (else sized to its file libraries: pglite-open.ts's autoCacheMb).
   */
  static async create(dataDir: string, options: { cacheMb?: number } = {}): Promise<PGliteThread> {
    await createInItsOwnProcess(dataDir);
    const thread = new PGliteThread(starter.worker({ dataDir, cacheMb: options.cacheMb }, DatabaseThreadLimits));
    // the worker answers id 0 once the database is open (or with the error that kept it closed)
    thread.cache = (await new Promise<unknown>((resolve, reject) => thread.waiting.set(0, { resolve, reject }))) as CacheChoice;
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

  /** the V8 limits the database thread runs under (DatabaseThreadLimits) */
  get resourceLimits(): ResourceLimits {
    return this.worker.resourceLimits ?? {};
  }

  async close(): Promise<void> {
    if (this.failure) return;
    await this.call({ op: 'close' });
    await this.worker.terminate();
  }
}
