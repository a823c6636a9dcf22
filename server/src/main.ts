// Start-up: validate configuration, listen at once (health answers 503 while starting), open and
// migrate the database, seed, then hand requests to the application. With WORKERS=N on PostgreSQL this process
// is the primary: it makes the keys once and runs N server processes sharing the port (node:cluster), each of
// which starts as above. Stopping (SIGTERM, SIGINT): stop accepting, let answers finish for up to 30 s, then end
// the rest (they are saved as stopped, with their text) or, with Redis, hand them to the other processes.
import cluster from 'node:cluster';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import pino from 'pino';
import { safeErrorSerializer } from './platform/log-redaction.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/client.js';
import { startDatabaseMaintenance } from './db/maintenance.js';
import { buildApp } from './app.js';
import { createBlobStore } from './platform/blobs.js';
import { TokenService } from './platform/tokens.js';
import { seed } from './seed.js';
import { startProcessRegistry } from './platform/server-processes.js';
import { endAnswersOfStoppedProcesses } from './modules/conversations/conversations.repository.js';
import { bootHandler } from './platform/boot.js';
import { createModelGateway } from './ai/model-registry.js';
import { ChatEngine } from './ai/chat-engine.js';
import { OverviewCounters } from './platform/admin-overview.js';
import { AggregateNames } from './platform/aggregate-names.js';
import { Caches } from './platform/caches.js';
import { connectCacheBus, type CacheBus } from './platform/cache-bus.js';
import { createResumableAnswers } from './ai/resumable-answers.setup.js';
import { Metrics } from './platform/metrics.js';
import { secretBoxFromConfig } from './platform/secrets.js';
import { JobEngine } from './platform/jobs.js';
import { warmPageCache, warmsCache } from './db/pglite-warm.js';

/** How long the primary waits before starting a new process for one that died. */
const RestartDelayMs = 1_000;

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
  if (config.workers > 1 && cluster.isPrimary) {
    if (config.databaseUrl) return runPrimary(config);
    process.stderr.write(`WORKERS=${config.workers} needs PostgreSQL (DATABASE_URL): the embedded database serves one process. Starting one.\n`);
  }
  return runServer(config);
}

/**
 * The primary of WORKERS=N: makes the token signing and encryption keys once (when they are not configured) so the
 * processes do not race to generate different ones, starts N processes, starts a new one for any that dies, and on
 * SIGTERM or SIGINT asks each to stop and waits for them.
 */
function runPrimary(config: Config): void {
  if (!config.tokenSigningKeyPem) TokenService.fromDataDir(config.dataDir);
  secretBoxFromConfig(config);
  let stopping = false;
  const start = () => cluster.fork();
  for (let i = 0; i < config.workers; i++) start();
  process.stdout.write(`Atrium: ${config.workers} server processes on port ${config.port}\n`);
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    process.stderr.write(`Atrium: server process ${worker.process.pid} ended (${signal ?? code}); starting another\n`);
    setTimeout(start, RestartDelayMs).unref();
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker?.process.kill('SIGTERM');
    // a process that does not end after its drain is ended
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, config.shutdownDrainMs + 15_000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

async function runServer(config: Config): Promise<void> {
  // written asynchronously (sonic-boom): a log line costs the request a buffer append, not a write(2) of its own;
  // what is buffered is flushed at exit
  const logDestination = pino.destination({ dest: 1, sync: false });
  process.once('exit', () => logDestination.flushSync());
  const logger = pino(
    {
      level: config.logLevel,
      // questions and answers never reach the logs, also not inside errors (HIPAA mode, docs/architecture.md)
      serializers: { err: safeErrorSerializer },
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.apiKey', '*.apiKeyEncrypted', '*.*.apiKey', '*.n1AIToken'],
        censor: '[redacted]',
      },
    },
    logDestination,
  );

  let handler: http.RequestListener = bootHandler;
  const server = http.createServer((req, res) => handler(req, res));
  const listen = () =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : config.port);
      });
    });
  // Alone, the process listens at once and answers 503 while it starts (an orchestrator sees it alive). One of
  // WORKERS listens once it is ready: the port is shared, and its requests would otherwise meet a starting process.
  let port = cluster.isWorker ? config.port : await listen();
  if (!cluster.isWorker) logger.info({ port, host: config.host }, 'listening; starting up');

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
    pgliteCacheMb: config.databaseCacheMb ?? undefined,
  });
  const pageCache = database.connection.kind === 'pglite' ? database.connection.thread.cache : undefined;
  logger.info(
    { database: database.kind, vector: database.vectorAvailable, titleSearchIndexed: database.titleSearchIndexed, ...(pageCache ? { pageCache } : {}) },
    'database ready',
  );
  if (!database.titleSearchIndexed) logger.warn('pg_trgm is not available: conversation title search reads every conversation of the person (slow past ~50k)');
  const tokens = config.tokenSigningKeyPem ? TokenService.fromPem(config.tokenSigningKeyPem) : TokenService.fromDataDir(config.dataDir);
  const secrets = secretBoxFromConfig(config);
  const caches = new Caches();
  const metrics = new Metrics({ processMetrics: true });
  const models = createModelGateway({ db: database.db, config, secrets, logger, caches });
  const ctx = {
    config,
    database,
    db: database.db,
    tokens,
    blobs: await createBlobStore(config),
    logger,
    models,
    secrets,
    chat: new ChatEngine(config.modelTimeouts, metrics.chat),
    overview: new OverviewCounters(),
    aggregateNames: new AggregateNames(),
    caches,
    jobs: new JobEngine(database, logger, { superviseIntervalSeconds: config.jobsSuperviseSeconds }),
    metrics,
    cacheBus: null as CacheBus | null,
    answers: createResumableAnswers(config, logger, tokens.fingerprint),
  };
  const seeded = await seed(ctx);
  // answers a crashed process left InProgress end as interrupted; this process's own are marked as its
  const processes = await startProcessRegistry(database.db, logger, [(onlyProcess) => endAnswersOfStoppedProcesses(database.db, onlyProcess)], {
    onlyProcess: database.kind === 'pglite',
  });

  // Fastify calls serverFactory while it is being built, long before its routes and hooks are
  // ready: keep answering with the boot handler until app.ready(), or early requests crash it.
  let fastifyHandler: http.RequestListener | null = null;
  const app = await buildApp(ctx, {
    serverFactory: (h) => {
      fastifyHandler = h;
      return server;
    },
  });
  await app.ready();
  // with Redis, a cache forgotten on this process is forgotten on the others (platform/cache-bus.ts)
  const cacheBus = config.redisUrl ? connectCacheBus(caches, { redisUrl: config.redisUrl, logger }) : null;
  ctx.cacheBus = cacheBus;
  // after the modules defined their queues: jobs a stopped process left (or sent while none ran) resume now
  await ctx.jobs.start();
  const stopMaintenance = startDatabaseMaintenance(database, logger, { busy: () => ctx.chat.turnsInFlight > 0 });
  if (!fastifyHandler) throw new Error('Fastify did not provide its request handler');
  handler = fastifyHandler;
  if (cluster.isWorker) port = await listen();

  if (seeded.adminCreated) {
    const lines = [`Administrator created: ${config.adminEmail}`];
    if (seeded.generatedAdminPassword) lines.push(`Generated password (shown once, change it after signing in): ${seeded.generatedAdminPassword}`);
    // printed to the terminal, never to the structured log
    process.stdout.write(`\n${lines.join('\n')}\n\n`);
  }
  process.stdout.write(`Atrium is ready at ${config.publicUrl === `http://localhost:${config.port}` ? `http://localhost:${port}` : config.publicUrl}\n`);

  let stopping = false;
  // a page cache sized for file libraries is read in now, while the server already answers (db/pglite-warm.ts)
  if (pageCache && warmsCache(pageCache.cacheMb)) {
    warmPageCache(database.db, pageCache.cacheMb, () => stopping).then(
      (warmed) => warmed && logger.info({ pageCacheWarmed: warmed }, 'page cache warmed'),
      (e: unknown) => !stopping && logger.warn({ err: e }, 'the page cache could not be warmed'),
    );
  }
  const shutdown = async (signal: string) => {
    // SIGINT from a terminal reaches every process of the group, then the primary's SIGTERM: one shutdown
    if (stopping) return;
    stopping = true;
    logger.info({ signal, answering: ctx.chat.turnsInFlight }, 'shutting down');
    stopMaintenance();
    // no new connections (requests on open ones get 503); answers streaming now may finish for SHUTDOWN_DRAIN_MS. The
    // answers are waited for by their count: a cluster process's server reports itself closed while they stream.
    const closing = app.close();
    const deadline = Date.now() + config.shutdownDrainMs;
    while (ctx.chat.turnsInFlight > 0 && Date.now() < deadline) await sleep(100);
    if (ctx.chat.turnsInFlight > 0 && ctx.answers.leases.shared) {
      // with Redis, the other processes take them over at once (platform/answer-leases.ts): their rows stay InProgress
      // for them, their clients read them back from there; this process ends without finishing them
      logger.warn({ answering: ctx.chat.turnsInFlight }, 'answers still running after the drain: handing them to the other processes');
      await ctx.answers.leases.handOver();
      server.closeAllConnections();
      await ctx.answers.close();
      // the process's row stays (its heartbeat ages): another's sweep must not end the answers before they are claimed
      process.exit(0);
    }
    if (ctx.chat.turnsInFlight > 0) {
      logger.warn({ answering: ctx.chat.turnsInFlight }, 'answers still running after the drain: ending them');
      // each turn stops and saves what it has (their clients would otherwise be waited for: ANSWER_GRACE_MS), and the
      // clients are cut
      ctx.answers.bus.stopAll();
      server.closeAllConnections();
      while (ctx.chat.turnsInFlight > 0) await sleep(50);
    }
    await closing;
    // the answers' last events leave the process before it ends
    await sleep(250);
    await ctx.jobs.stop();
    await cacheBus?.close();
    await ctx.answers.close();
    await processes.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((e: unknown) => {
  process.stderr.write(`Atrium failed to start: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
