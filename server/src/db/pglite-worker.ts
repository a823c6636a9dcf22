// The embedded database's own thread: it opens PGlite and runs what the server's thread sends it
// (pglite-thread.ts is the other side). PGlite is PostgreSQL compiled to WebAssembly and runs a statement
// from start to end on the thread that calls it; here that thread is not the one streaming answers.
import { parentPort, workerData } from 'node:worker_threads';
import type { QueryOptions, Transaction } from '@electric-sql/pglite';
import { openSizedDatabase } from './pglite-open.js';
import type { ThreadReply, ThreadRequest } from './pglite-thread.js';

const port = parentPort!;
const keepText = (value: string) => value;
class RolledBack extends Error {}

/** Query options from what crossed the thread boundary: parsers that keep a type's text, by type id. */
const queryOptions = (r: { rowMode?: 'array' | 'object'; textTypes?: number[] }): QueryOptions => ({
  ...(r.rowMode ? { rowMode: r.rowMode } : {}),
  ...(r.textTypes?.length ? { parsers: Object.fromEntries(r.textTypes.map((t) => [t, keepText])) } : {}),
});

/** An error as plain data: PostgreSQL's fields (code, detail, constraint, …) are what callers read. */
function failed(id: number, e: unknown): ThreadReply {
  if (!(e instanceof Error)) return { ok: false, id, error: { name: 'Error', message: String(e), fields: {} } };
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(e)) if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) fields[k] = v;
  return { ok: false, id, error: { name: e.name, message: e.message, fields } };
}

async function main() {
  const { dataDir, cacheMb } = workerData as { dataDir: string; cacheMb?: number };
  const { pg, cache } = await openSizedDatabase(dataDir, { cacheMb });
  /** open transactions: their statements go to the transaction's handle until it ends */
  const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void; finished: Promise<void> }>();
  let nextTx = 0;
  const handleOf = (tx: number | undefined) => {
    if (tx === undefined) return pg;
    const open = transactions.get(tx);
    if (!open) throw new Error('The transaction has ended');
    return open.tx;
  };

  const run = async (r: ThreadRequest): Promise<unknown> => {
    switch (r.op) {
      case 'query':
        return handleOf(r.tx).query(r.sql, r.params, queryOptions(r));
      case 'exec':
        return handleOf(r.tx).exec(r.sql, queryOptions(r));
      case 'begin': {
        const id = ++nextTx;
        // PGlite's transaction holds its lock (no other statement runs) until its callback returns, and
        // commits when it resolves, rolls back when it rejects: it settles when the server's thread ends it
        return new Promise<number>((started, failed) => {
          const finished = pg.transaction(
            (tx) =>
              new Promise<void>((commit, rollback) => {
                transactions.set(id, { tx, end: (ok) => (ok ? commit() : rollback(new RolledBack())), finished });
                started(id);
              }),
          );
          finished.then(
            () => transactions.delete(id),
            (e: unknown) => {
              // BEGIN itself failed: the callback never ran
              if (!transactions.has(id)) failed(e);
              transactions.delete(id);
            },
          );
        });
      }
      case 'end': {
        const open = transactions.get(r.tx);
        if (!open) throw new Error('The transaction has ended');
        open.end(r.commit);
        try {
          await open.finished;
        } catch (e) {
          if (!(e instanceof RolledBack)) throw e;
        }
        return null;
      }
      case 'close':
        await pg.close();
        return null;
    }
  };

  port.on('message', (r: ThreadRequest) => {
    run(r).then(
      (result) => port.postMessage({ ok: true, id: r.id, result } satisfies ThreadReply),
      (e: unknown) => port.postMessage(failed(r.id, e)),
    );
  });
  port.postMessage({ ok: true, id: 0, result: cache } satisfies ThreadReply);
}

main().catch((e: unknown) => port.postMessage(failed(0, e)));
