// PGlite on its own thread: what drizzle and the app read back must be what PGlite on the server's
// thread gave (types, text-kept dates, error fields), transactions must commit and roll back, and the
// server's thread must stay free while a statement runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PGliteThread } from './pglite-thread.js';

let db: PGliteThread;
beforeAll(async () => {
  db = await PGliteThread.create('memory://');
  await db.exec(`create table notes (id serial primary key, title text unique not null, body jsonb, at timestamptz default now(), data bytea, big int8)`);
}, 60_000);
afterAll(async () => {
  await db.close();
});

describe('PGlite on a thread of its own', () => {
  it('returns rows as objects or arrays, with PostgreSQL types, and keeps the text of types asked to', async () => {
    await db.query('insert into notes (title, body, data, big) values ($1, $2, $3, $4)', [
      'first',
      JSON.stringify({ a: [1, 'two'] }),
      new Uint8Array([1, 2, 255]),
      9_007_199_254_740_993n,
    ]);
    const objects = await db.query<{ id: number; title: string; body: unknown; at: Date; data: Uint8Array; big: bigint }>(
      'select * from notes where title = $1',
      ['first'],
    );
    expect(objects.rows[0]).toMatchObject({ id: 1, title: 'first', body: { a: [1, 'two'] } });
    expect(objects.rows[0]!.at).toBeInstanceOf(Date);
    expect([...objects.rows[0]!.data]).toEqual([1, 2, 255]);
    expect(objects.rows[0]!.big).toBe(9_007_199_254_740_993n);
    expect(objects.fields.map((f) => f.name)).toEqual(['id', 'title', 'body', 'at', 'data', 'big']);
    // as drizzle asks: arrays, and timestamptz (1184) kept as PostgreSQL's text
    const arrays = await db.query<unknown[]>('select title, at from notes', [], { rowMode: 'array', parsers: { 1184: (v: string) => v } });
    expect(arrays.rows[0]![0]).toBe('first');
    expect(arrays.rows[0]![1]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
  });

  it('refuses parsers that would have to run on the other thread', async () => {
    await expect(db.query('select 1', [], { parsers: { 23: (v: string) => Number(v) } })).rejects.toThrow(/keep the text/);
  });

  it('brings PostgreSQL error fields back to the caller', async () => {
    const error = await db.query('insert into notes (title) values ($1)', ['first']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'notes_title_key', detail: 'Key (title)=(first) already exists.' });
    // the thread is still usable
    expect((await db.query('select count(*)::int as n from notes')).rows[0]).toEqual({ n: 1 });
  });

  it('commits a transaction that resolves and rolls back one that throws or calls rollback', async () => {
    await db.transaction(async (tx) => {
      await tx.query('insert into notes (title) values ($1)', ['committed']);
      expect((await tx.query<{ n: number }>('select count(*)::int as n from notes')).rows[0]!.n).toBe(2);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into notes (title) values ($1)', ['thrown']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await db.transaction(async (tx) => {
      await tx.query('insert into notes (title) values ($1)', ['rolled back']);
      await tx.rollback();
      expect(tx.closed).toBe(true);
    });
    const titles = (await db.query<{ title: string }>('select title from notes order by id')).rows.map((r) => r.title);
    expect(titles).toEqual(['first', 'committed']);
  });

  it('runs statements from outside a transaction after it ends, not inside it', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const order: string[] = [];
    const tx = db.transaction(async (t) => {
      await t.query('insert into notes (title) values ($1)', ['in tx']);
      order.push('tx wrote');
      await held;
      order.push('tx ends');
    });
    await new Promise((r) => setTimeout(r, 20));
    const outside = db.query('select count(*)::int as n from notes').then((r) => {
      order.push('outside read');
      return r.rows[0];
    });
    await new Promise((r) => setTimeout(r, 20));
    release();
    await tx;
    expect(await outside).toEqual({ n: 3 });
    expect(order).toEqual(['tx wrote', 'tx ends', 'outside read']);
  });

  it('refuses calls once its thread has ended, instead of leaving them waiting', async () => {
    const other = await PGliteThread.create('memory://');
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow(/database thread ended/);
    await expect(other.transaction(async () => undefined)).rejects.toThrow(/database thread ended/);
    await other.close();
  }, 60_000);

  it('leaves the calling thread free while a long statement runs', async () => {
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const started = performance.now();
    await db.query('select count(*) from generate_series(1, 3000000)');
    const took = performance.now() - started;
    delay.disable();
    expect(took).toBeGreaterThan(50);
    // the statement took its time on the database's thread; this one kept turning
    expect(delay.max / 1e6).toBeLessThan(took / 2);
  });
});
