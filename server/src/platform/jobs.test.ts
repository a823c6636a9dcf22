// The jobs engine on the test database (PGlite in the server project, PostgreSQL in server-pg): a job runs,
// a failing one runs again, a job a stopped engine held runs after the next start, a queue never runs more
// than its concurrency at once, and (PostgreSQL) a job whose process was killed with SIGKILL runs again on another.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { openTestDatabase, testDbKind } from '../test/harness.js';
import type { DatabaseHandle } from '../db/client.js';
import { JobEngine, JobsSchema, type JobRun } from './jobs.js';
import { VictimOptions, VictimQueue } from '../test/job-victim.js';

const logger = pino({ level: 'silent' });
const fast = { pollingIntervalSeconds: 0.5, stopTimeoutMs: 1000 };

const until = async (check: () => boolean | Promise<boolean>, timeoutMs = 20_000) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('jobs engine', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('runs a job with its data, in pg-boss’s own schema', async () => {
    const jobs = new JobEngine(database, logger, fast);
    const seen: { data: { n: number }; run: JobRun }[] = [];
    jobs.define<{ n: number }>('test.run', { concurrency: 1, retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60 }, async (data, run) => {
      seen.push({ data, run });
    });
    try {
      const id = await jobs.send('test.run', { n: 7 });
      expect(id).toEqual(expect.any(String));
      await until(() => seen.length === 1);
      expect(seen[0]!.data).toEqual({ n: 7 });
      expect(seen[0]!.run).toMatchObject({ id, attempt: 0, lastAttempt: true });
      const tables = (await database.db.execute(
        `select count(*)::int as n from information_schema.tables where table_schema = '${JobsSchema}' and table_name = 'job'` as never,
      )) as unknown as { rows: { n: number }[] };
      expect(tables.rows[0]!.n).toBe(1);
    } finally {
      await jobs.stop();
    }
  });

  it('runs a failing job again until it succeeds, and tells the handler its last attempt', async () => {
    const jobs = new JobEngine(database, logger, fast);
    const attempts: JobRun[] = [];
    jobs.define('test.flaky', { concurrency: 1, retryLimit: 2, retryDelaySeconds: 1, expireInSeconds: 60 }, async (_data, run) => {
      attempts.push(run);
      if (attempts.length < 3) throw new Error(`failure ${attempts.length}`);
    });
    try {
      await jobs.send('test.flaky', {});
      await until(() => attempts.length === 3);
      expect(attempts.map((a) => [a.attempt, a.lastAttempt])).toEqual([
        [0, false],
        [1, false],
        [2, true],
      ]);
      // and not a fourth time: the third succeeded
      await new Promise((r) => setTimeout(r, 1500));
      expect(attempts).toHaveLength(3);
    } finally {
      await jobs.stop();
    }
  });

  it('runs a job again after a restart when the engine stopped while it ran', async () => {
    const first = new JobEngine(database, logger, fast);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const runs: string[] = [];
    const options = { concurrency: 1, retryLimit: 3, retryDelaySeconds: 1, expireInSeconds: 60 };
    first.define('test.restart', options, async (_data, run) => {
      runs.push(`first:${run.attempt}`);
      // holds the job until the engine gives up on it
      await Promise.race([held, new Promise((r) => run.signal.addEventListener('abort', r))]);
      throw new Error('stopped');
    });
    await first.send('test.restart', { file: 'a' });
    await until(() => runs.length === 1);
    await first.stop();
    release();

    const second = new JobEngine(database, logger, fast);
    const resumed: { data: unknown; run: JobRun }[] = [];
    second.define('test.restart', options, async (data, run) => {
      resumed.push({ data, run });
    });
    try {
      await second.start();
      await until(() => resumed.length === 1);
      expect(resumed[0]!.data).toEqual({ file: 'a' });
      expect(resumed[0]!.run.attempt).toBeGreaterThan(0);
    } finally {
      await second.stop();
    }
  });

  // on PostgreSQL other processes may still run their jobs: those of a dead one come back when they expire
  it.skipIf(testDbKind() !== 'pglite')('retries at start the jobs a process that died left running (embedded database)', async () => {
    const options = { concurrency: 1, retryLimit: 3, retryDelaySeconds: 1, expireInSeconds: 3600 };
    const dead = new JobEngine(database, logger, fast);
    let claimed = false;
    dead.define('test.orphan', options, async () => {
      claimed = true;
      // never ends: this "process" dies below without stopping its engine
      await new Promise(() => undefined);
    });
    await dead.send('test.orphan', { n: 1 });
    await until(() => claimed);
    // a second engine on the same database stands for the next process; the first is simply forgotten, as a
    // killed process would be (its job stays active, with an hour before it would expire)
    const next = new JobEngine(database, logger, fast);
    const runs: JobRun[] = [];
    next.define('test.orphan', options, async (_data, run) => {
      runs.push(run);
    });
    try {
      await (dead as unknown as { boss: { offWork(name: string, o: { wait: boolean }): Promise<void> } }).boss.offWork('test.orphan', { wait: false });
      await next.start();
      await until(() => runs.length === 1);
      expect(runs[0]!.attempt).toBe(1);
    } finally {
      await next.stop();
      await dead.stop();
    }
  });

  it('never runs more jobs of a queue at once than its concurrency', async () => {
    const jobs = new JobEngine(database, logger, fast);
    let running = 0;
    let most = 0;
    let done = 0;
    jobs.define('test.bounded', { concurrency: 2, retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60 }, async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 100));
      running--;
      done++;
    });
    try {
      await Promise.all(Array.from({ length: 8 }, (_, i) => jobs.send('test.bounded', { i })));
      await until(() => done === 8);
      expect(most).toBe(2);
    } finally {
      await jobs.stop();
    }
  });

  it('queues one job per key while one waits or runs, and takes the key again once it is done', async () => {
    const jobs = new JobEngine(database, logger, fast);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const runs: { file: string; run: number }[] = [];
    jobs.define<{ file: string; run: number }>(
      'test.keyed',
      { concurrency: 2, retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60, key: (d) => `${d.file}:${d.run}` },
      async (data) => {
        runs.push(data);
        await held;
      },
    );
    try {
      expect(await jobs.send('test.keyed', { file: 'a', run: 1 })).toEqual(expect.any(String));
      // waiting
      expect(await jobs.send('test.keyed', { file: 'a', run: 1 })).toBeNull();
      await until(() => runs.length === 1);
      // running
      expect(await jobs.send('test.keyed', { file: 'a', run: 1 })).toBeNull();
      // another key is another job, and runs beside it
      expect(await jobs.send('test.keyed', { file: 'a', run: 2 })).toEqual(expect.any(String));
      await until(() => runs.length === 2);
      release();
      await until(async () => (await jobs.send('test.keyed', { file: 'a', run: 1 })) !== null);
      await until(() => runs.length === 3);
      expect(runs).toEqual([
        { file: 'a', run: 1 },
        { file: 'a', run: 2 },
        { file: 'a', run: 1 },
      ]);
    } finally {
      release();
      await jobs.stop();
    }
  });

  it('works through a backlog without waiting its polling interval between jobs', async () => {
    // polls every 10 s when idle: 20 jobs one after the other would take minutes if each waited for the next poll
    const jobs = new JobEngine(database, logger, { pollingIntervalSeconds: 10, stopTimeoutMs: 1000 });
    let done = 0;
    jobs.define('test.backlog', { concurrency: 1, retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60 }, async () => {
      done++;
    });
    try {
      await jobs.start();
      const started = Date.now();
      await Promise.all(Array.from({ length: 20 }, (_, i) => jobs.send('test.backlog', { i })));
      await until(() => done === 20);
      expect(Date.now() - started).toBeLessThan(8000);
    } finally {
      await jobs.stop();
    }
  });

  it('refuses a queue it does not know and a name outside <module>.<step>', async () => {
    const jobs = new JobEngine(database, logger, fast);
    expect(() => jobs.define('Bad Name', { concurrency: 1, retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60 }, async () => {})).toThrow(
      /<module>.<step>/,
    );
    await expect(jobs.send('test.unknown', {})).rejects.toThrow(/No job queue/);
    expect(jobs.running).toBe(false);
  });
});

// PostgreSQL: several processes share the queues. A process killed with SIGKILL stops its heartbeats; another process
// fails its job (pg-boss's supervisor) and runs it again, long before the job's hour-long expiry.
describe.skipIf(testDbKind() !== 'postgres')('a job whose process was killed', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('runs again on another process once its heartbeats stop', { timeout: 90_000 }, async () => {
    if (database.connection.kind !== 'postgres') throw new Error('PostgreSQL only');
    const script = fileURLToPath(new URL('../test/job-victim.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      env: { PATH: process.env.PATH ?? '', VICTIM_DATABASE_URL: database.connection.url },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await until(() => output.includes('running '), 60_000);
    const jobId = /running (\S+)/.exec(output)![1]!;
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));

    const survivor = new JobEngine(database, logger, { ...fast, superviseIntervalSeconds: 1 });
    const runs: { id: string; attempt: number }[] = [];
    survivor.define(VictimQueue, VictimOptions, async (_data, run) => {
      runs.push({ id: run.id, attempt: run.attempt });
    });
    const killedAt = Date.now();
    try {
      await survivor.start();
      await until(() => runs.length === 1, 45_000);
      expect(runs[0]).toEqual({ id: jobId, attempt: 1 });
      // the heartbeat (10 s) found it, not the expiry (an hour)
      expect(Date.now() - killedAt).toBeLessThan(40_000);
    } finally {
      await survivor.stop();
    }
  });
});
