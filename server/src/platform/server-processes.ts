// The server processes that share the database (the server_processes table), so that what one leaves
// unfinished when it stops without warning (a crash, kill -9, a lost machine) is ended by another or by
// its restart. Each process registers itself with a heartbeat and writes its id on the work it owns
// (conversation_segments.owner_process_id); the owning modules' sweeps end work whose owner is gone.
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';

/** This process's id, written on the answers it streams (conversation_segments.owner_process_id). */
export const ProcessId = randomUUID();
export const HeartbeatMs = 10_000;
/** A process whose heartbeat is older than this is gone (three missed beats and some). */
export const GoneAfterSeconds = 35;
export const SweepMs = 30_000;

/**
 * SQL that is true when the process `ownerColumn` names is gone: no owner (written before processes were
 * recorded), an unknown one, or a heartbeat older than GoneAfterSeconds. `onlyProcess`: this is the only
 * process the database can have (the embedded PGlite takes one opener), so every other owner is gone at
 * once, without waiting for its heartbeat to age. The owning module uses it on its own table.
 */
export const ownerIsGone = (ownerColumn: SQL, onlyProcess: boolean): SQL => sql`(
  ${ownerColumn} is distinct from ${ProcessId}::uuid
  and (${onlyProcess} or not exists (
    select 1 from server_processes p
    where p.id = ${ownerColumn} and p.heartbeat_at > now() - make_interval(secs => ${GoneAfterSeconds})
  )))`;

async function beat(db: Db): Promise<void> {
  await db.execute(sql`
    insert into server_processes (id) values (${ProcessId}::uuid)
    on conflict (id) do update set heartbeat_at = now()`);
}

/**
 * Registers this process, ends (through `sweeps`) what stopped processes left unfinished, and keeps both going: a heartbeat
 * every 10 s, a sweep every 30 s (old process rows are removed by it too). `stop` unregisters. On
 * PostgreSQL with several processes, a crashed process's answers end within about a minute (its heartbeat
 * ages 35 s, then a sweep); on the embedded database, at the restart.
 */
export async function startProcessRegistry(
  db: Db,
  logger: FastifyBaseLogger,
  /** what ends the work stopped processes left (conversations: their unfinished answers); each returns a count */
  sweeps: ((onlyProcess: boolean) => Promise<number>)[],
  options: { onlyProcess?: boolean } = {},
): Promise<{ stop: () => Promise<void> }> {
  await beat(db);
  const sweep = async () => {
    for (const end of sweeps) {
      const ended = await end(options.onlyProcess ?? false);
      if (ended > 0) logger.warn({ ended }, 'ended work that a stopped server process left unfinished');
    }
    await db.execute(sql`delete from server_processes where heartbeat_at < now() - interval '1 day'`);
  };
  await sweep();
  let running = Promise.resolve();
  const every = (ms: number, work: () => Promise<void>) => {
    const timer = setInterval(() => {
      running = running.then(work).catch((err: unknown) => logger.error({ err }, 'server process registry'));
    }, ms);
    timer.unref();
    return timer;
  };
  const timers = [every(HeartbeatMs, () => beat(db)), every(SweepMs, sweep)];
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await running;
      await db.execute(sql`delete from server_processes where id = ${ProcessId}::uuid`);
    },
  };
}
