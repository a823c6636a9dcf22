// Durable background jobs on pg-boss, in the app's own database: on PostgreSQL through pg-boss's own pool
// (its connection string), on PGlite through the database thread (pg-boss's PGlite adapter over
// db/pglite-thread.ts, so that its statements queue with the app's on the one connection). pg-boss keeps its
// tables in a schema of its own (`pgboss`) and installs and migrates it itself at start.
//
// A module declares its queues when it is mounted (`ctx.jobs.define`); the engine starts pg-boss at the first
// job sent, or when main.ts starts it after the app is built (so that jobs a stopped process left resume).
// Jobs must be idempotent: a job runs again when its handler throws (up to its retry limit, with backoff),
// when its process stopped while running it (failed at a graceful stop, or expired after `expireInSeconds`
// when the process died), and, on the embedded database, at the next start, since only one process can
// have been running it. Each queue runs at most `concurrency` jobs at once in a process.
import { PgBoss, fromPglite, type Job } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client.js';

/** pg-boss's own schema, next to the app's tables. */
export const JobsSchema = 'pgboss';

export interface QueueOptions {
  /** jobs of this queue a process runs at once */
  concurrency: number;
  /** runs after the first that a failing job gets */
  retryLimit: number;
  /** seconds before the first retry; doubled (with jitter) for each further one */
  retryDelaySeconds: number;
  /** a job still running after this long counts as lost (its process died) and runs again */
  expireInSeconds: number;
  /**
   * For long jobs: the process running a job marks it alive every half of this many seconds (at least 10), and a job
   * not marked for this long counts as lost and runs again, long before `expireInSeconds` (a process killed with
   * `kill -9` stops marking at once).
   */
  heartbeatSeconds?: number;
}

export interface QueueDefinitionOptions<T> extends QueueOptions {
  /**
   * A job's identity: while a job with the same key waits, retries or runs, sending another does nothing (pg-boss's
   * `exclusive` policy with the key as singletonKey), so that work found twice is queued once.
   */
  key?: (data: T) => string;
  /**
   * Runs the queue on a schedule as well (pg-boss's cron, in UTC, kept in its schema: every process that runs the
   * engine evaluates it and one job is sent per occurrence, however many processes run). An occurrence that came
   * due while no process ran (the instance was down) is sent once at the next start.
   */
  schedule?: { cron: string; data: T };
}

export interface JobRun {
  id: string;
  /** 0 at the first run, then 1, 2, … */
  attempt: number;
  /** whether this is the queue's last try: a handler that records failures does so when this one fails */
  lastAttempt: boolean;
  /** aborted when the engine stops while the job runs */
  signal: AbortSignal;
}

export type JobHandler<T> = (data: T, run: JobRun) => Promise<void>;

export interface SendOptions {
  /** do not start before this many seconds have passed */
  startAfterSeconds?: number;
}

interface QueueDefinition {
  name: string;
  options: QueueDefinitionOptions<never>;
  handler: JobHandler<never>;
  workerIds: string[];
}

/** A job as JobEngine.find answers it. */
export interface JobRecord {
  id: string;
  /** created and retry: waiting; active: running; completed, failed (retries spent) or cancelled: ended */
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  createdOn: Date;
  startedOn: Date | null;
  /** when it ended, or (retry) when its last try failed */
  completedOn: Date | null;
  /** the message of its last failure (failed, or retry after one), else null */
  error: string | null;
}

/** The message pg-boss kept of a handler's error (its output is the error's serialised fields). */
function errorOf(output: unknown): string | null {
  if (!output || typeof output !== 'object') return null;
  const message = (output as { message?: unknown }).message;
  return typeof message === 'string' && message !== '' ? message.slice(0, 500) : null;
}

export interface JobEngineOptions {
  /** how often idle workers look for jobs sent by other processes, in seconds (pg-boss's minimum is 0.5) */
  pollingIntervalSeconds?: number;
  /** how long a stop waits for running jobs before failing them (they run again), in ms */
  stopTimeoutMs?: number;
  /**
   * how often pg-boss looks for lost jobs (expired, or without heartbeats) and fails them so that they run again, in
   * seconds (pg-boss's supervise and monitor intervals; 60 by default, tests make it short)
   */
  superviseIntervalSeconds?: number;
  /**
   * false: this process queues jobs but runs none of them (they wait for a process that does). The route fuzz test
   * uses it so that no job writes while it checks that refused requests wrote nothing.
   */
  runWorkers?: boolean;
}

const QueueName = /^[a-z][a-z0-9-]*\.[a-z][a-z0-9.-]*$/;

export class JobEngine {
  private readonly queues = new Map<string, QueueDefinition>();
  private readonly startHooks: (() => Promise<void>)[] = [];
  private boss: PgBoss | null = null;
  private starting: Promise<PgBoss> | null = null;
  private stopping: Promise<void> | null = null;
  /** stop() was called and start() not since: a send no longer starts the engine (a process shutting down) */
  private stopped = false;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly logger: FastifyBaseLogger,
    private readonly options: JobEngineOptions = {},
  ) {}

  /**
   * Declares a queue and its handler (a module does this when it is mounted; names are `<module>.<step>`).
   * The queue's workers start with the engine, or at once when it is running.
   */
  define<T extends object>(name: string, options: QueueDefinitionOptions<T>, handler: JobHandler<T>): void {
    if (!QueueName.test(name)) throw new Error(`Job queue names are <module>.<step> in lower case: ${name}`);
    if (this.queues.has(name)) throw new Error(`The job queue ${name} is defined twice`);
    const queue: QueueDefinition = { name, options: options as unknown as QueueDefinitionOptions<never>, handler: handler as JobHandler<never>, workerIds: [] };
    this.queues.set(name, queue);
    if (this.boss) void this.startQueue(this.boss, queue).catch((e: unknown) => this.logger.error({ err: e, queue: name }, 'job queue did not start'));
  }

  /**
   * Runs after every start of the engine, once the workers run (a module that finds work whose job was lost, e.g.
   * between its commit and the send, queues it again here). A hook that fails is logged; the engine runs on.
   */
  onStart(hook: () => Promise<void>): void {
    this.startHooks.push(hook);
  }

  /** Whether pg-boss is running in this process. */
  get running(): boolean {
    return this.boss !== null;
  }

  /** Starts pg-boss (once; later calls wait for the first): installs or migrates its schema, then runs the workers. */
  start(): Promise<PgBoss> {
    this.stopped = false;
    return this.ensureStarted();
  }

  /** The running pg-boss, started on first use unless the engine was stopped. */
  private ensureStarted(): Promise<PgBoss> {
    if (this.stopped) return Promise.reject(new Error('The jobs engine has stopped'));
    if (this.boss) return Promise.resolve(this.boss);
    this.starting ??= this.startBoss().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  private async startBoss(): Promise<PgBoss> {
    if (this.stopping) await this.stopping;
    const connection = this.database.connection;
    const supervise = this.options.superviseIntervalSeconds;
    const intervals = supervise ? { superviseIntervalSeconds: supervise, monitorIntervalSeconds: supervise } : {};
    const boss =
      connection.kind === 'pglite'
        ? new PgBoss({ db: fromPglite(connection.thread), backend: 'pglite', schema: JobsSchema, ...intervals })
        : new PgBoss({ connectionString: connection.url, schema: JobsSchema, max: 4, application_name: 'atrium-jobs', ...intervals });
    boss.on('error', (e: unknown) => this.logger.error({ err: e }, 'jobs engine error'));
    boss.on('warning', (w: unknown) => this.logger.warn({ warning: w }, 'jobs engine warning'));
    await boss.start();
    try {
      for (const queue of this.queues.values()) await boss.createQueue(queue.name, queueOptions(queue.options));
      // the embedded database has one process: a job it shows as running was left by a process that has ended
      if (this.database.kind === 'pglite') await this.retryOrphans(boss);
      for (const queue of this.queues.values()) await this.startWorkers(boss, queue);
      for (const queue of this.queues.values()) await this.scheduleQueue(boss, queue);
    } catch (e) {
      await boss.stop({ graceful: false, close: true }).catch(() => undefined);
      throw e;
    }
    this.boss = boss;
    this.logger.info({ queues: [...this.queues.keys()] }, 'jobs engine started');
    for (const hook of this.startHooks) await hook().catch((e: unknown) => this.logger.error({ err: e }, 'a jobs start hook failed'));
    return boss;
  }

  private async startQueue(boss: PgBoss, queue: QueueDefinition): Promise<void> {
    await boss.createQueue(queue.name, queueOptions(queue.options));
    await this.startWorkers(boss, queue);
    await this.scheduleQueue(boss, queue);
  }

  /** Puts the queue's schedule in pg-boss (an upsert: every start writes the same row), or takes an old one away. */
  private async scheduleQueue(boss: PgBoss, queue: QueueDefinition): Promise<void> {
    const schedule = queue.options.schedule;
    if (!schedule) {
      await boss.unschedule(queue.name);
      return;
    }
    const key = queue.options.key?.(schedule.data);
    await boss.schedule(queue.name, schedule.cron, schedule.data, {
      tz: 'UTC',
      missed: 'once',
      ...(key === undefined ? {} : { singletonKey: key }),
    });
  }

  /** Jobs this process runs now, by queue (the metrics' atrium_jobs_running). */
  private readonly runningHere = new Map<string, number>();

  runningByQueue(): { queue: string; count: number }[] {
    return [...this.runningHere].map(([queue, count]) => ({ queue, count }));
  }

  private async startWorkers(boss: PgBoss, queue: QueueDefinition): Promise<void> {
    if (this.options.runWorkers === false) return;
    const handle = async ([job]: Job<object>[]) => {
      if (!job) return;
      const run: JobRun = {
        id: job.id,
        attempt: job.retryCount,
        lastAttempt: job.retryCount >= queue.options.retryLimit,
        signal: job.signal,
      };
      this.runningHere.set(queue.name, (this.runningHere.get(queue.name) ?? 0) + 1);
      try {
        await queue.handler(job.data as never, run);
      } catch (e) {
        this.logger.warn({ err: e, queue: queue.name, jobId: job.id, attempt: run.attempt }, 'job failed');
        throw e;
      } finally {
        this.runningHere.set(queue.name, this.runningHere.get(queue.name)! - 1);
      }
    };
    queue.workerIds = [];
    // one worker per slot: each takes one job at a time, so a slow job holds only its own slot
    for (let i = 0; i < queue.options.concurrency; i++) {
      // (the worker may take its first job before work() answers with its id)
      const worker: { id?: string } = {};
      const options = { batchSize: 1, pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2 };
      worker.id = await boss.work(queue.name, options, async (jobs: Job<object>[]) => {
        try {
          await handle(jobs);
        } finally {
          // a worker that has just done a job looks for the next one at once instead of after its polling interval
          // (pg-boss waits the interval after every batch of one); once the queue is empty it polls again
          if (worker.id) boss.notifyWorker(worker.id);
        }
      });
      queue.workerIds.push(worker.id);
    }
  }

  /** Fails (so retries, while retries remain) the jobs of our queues that are marked running. */
  private async retryOrphans(boss: PgBoss): Promise<void> {
    const names = [...this.queues.keys()];
    if (names.length === 0) return;
    const { rows } = await boss.getDb().executeSql(`select id, name from ${JobsSchema}.job where state = 'active' and name = any($1::text[])`, [names]);
    for (const name of names) {
      const ids = (rows as { id: string; name: string }[]).filter((r) => r.name === name).map((r) => r.id);
      if (ids.length === 0) continue;
      await boss.fail(name, ids, { message: 'The process running this job stopped.' });
      this.logger.warn({ queue: name, jobs: ids.length }, 'jobs left running by a stopped process will run again');
    }
  }

  /**
   * Queues a job (starting the engine if it is not running yet; refused once the engine was stopped); the id, or null when the queue has a job of the
   * same key (QueueDefinitionOptions.key) waiting or running. A worker of this process that is idle is woken at once.
   */
  async send<T extends object>(name: string, data: T, options: SendOptions = {}): Promise<string | null> {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`No job queue ${name} is defined`);
    const boss = await this.ensureStarted();
    const key = queue.options.key?.(data as never);
    const id = await boss.send(name, data, {
      ...(key === undefined ? {} : { singletonKey: key }),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
    });
    if (id && !options.startAfterSeconds) for (const workerId of queue.workerIds) boss.notifyWorker(workerId);
    return id;
  }

  /**
   * The jobs of a queue whose data holds `data` (pg-boss's findJobs: JSON containment), newest first, as pg-boss keeps
   * them: waiting, retrying and running ones, and finished ones for a day (queueOptions' deleteAfterSeconds).
   * Starts the engine if it is not running yet, as send does.
   */
  async find<T extends object>(name: string, data: Partial<T>): Promise<JobRecord[]> {
    if (!this.queues.has(name)) throw new Error(`No job queue ${name} is defined`);
    const boss = await this.ensureStarted();
    const jobs = await boss.findJobs(name, { data });
    return jobs
      .map((j) => ({
        id: j.id,
        state: j.state,
        createdOn: j.createdOn,
        startedOn: j.startedOn ?? null,
        completedOn: j.completedOn ?? null,
        error: errorOf(j.output),
      }))
      .sort((a, b) => b.createdOn.getTime() - a.createdOn.getTime());
  }

  /** Jobs waiting (created, retry) and running (active) per queue, for the metrics; none while the engine is stopped. */
  async depths(): Promise<{ queue: string; state: string; count: number }[]> {
    const boss = this.boss;
    if (!boss || this.starting) return [];
    const { rows } = await boss
      .getDb()
      .executeSql(`select name, state, count(*)::int as count from ${JobsSchema}.job where state in ('created', 'retry', 'active') group by name, state`, []);
    return (rows as { name: string; state: string; count: number }[]).map((r) => ({ queue: r.name, state: r.state, count: Number(r.count) }));
  }

  /**
   * Stops the workers: running jobs get `stopTimeoutMs` to finish, then are failed (they run again at the
   * next start, or on another process). The database itself stays open (it is the app's).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.starting) await this.starting.catch(() => undefined);
    const boss = this.boss;
    if (!boss) return;
    this.boss = null;
    this.stopping = boss
      .stop({ graceful: true, close: true, timeout: this.options.stopTimeoutMs ?? 10_000 })
      .catch((e: unknown) => this.logger.error({ err: e }, 'jobs engine did not stop cleanly'))
      .finally(() => {
        this.stopping = null;
      });
    await this.stopping;
  }
}

const queueOptions = (o: QueueDefinitionOptions<never>) => ({
  // exclusive: one job per key waits, retries or runs (pg-boss's unique index on the key)
  ...(o.key ? { policy: 'exclusive' as const } : {}),
  retryLimit: o.retryLimit,
  retryDelay: o.retryDelaySeconds,
  retryBackoff: true,
  retryDelayMax: 300,
  expireInSeconds: o.expireInSeconds,
  ...(o.heartbeatSeconds ? { heartbeatSeconds: o.heartbeatSeconds } : {}),
  // finished jobs are kept a day for inspection; the modules keep their own state
  deleteAfterSeconds: 86_400,
});
