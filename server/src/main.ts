// Start-up: validate configuration, listen at once (health answers 503 while starting), open and
// migrate the database, seed, then hand requests to the application.
import http from 'node:http';
import path from 'node:path';
import pino from 'pino';
import { safeErrorSerializer } from './platform/log-redaction.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/client.js';
import { startDatabaseMaintenance } from './db/maintenance.js';
import { buildApp } from './app.js';
import { FileBlobStore } from './platform/blobs.js';
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
import { connectCacheBus } from './platform/cache-bus.js';
import { Metrics } from './platform/metrics.js';
import { secretBoxFromConfig } from './platform/secrets.js';
import { JobEngine } from './platform/jobs.js';

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
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info({ port, host: config.host }, 'listening; starting up');

  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
  logger.info({ database: database.kind, vector: database.vectorAvailable, titleSearchIndexed: database.titleSearchIndexed }, 'database ready');
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
    blobs: new FileBlobStore(path.join(config.dataDir, 'blobs')),
    logger,
    models,
    secrets,
    chat: new ChatEngine(config.modelTimeouts, metrics.chat),
    overview: new OverviewCounters(),
    aggregateNames: new AggregateNames(),
    caches,
    jobs: new JobEngine(database, logger),
    metrics,
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
  // after the modules defined their queues: jobs a stopped process left (or sent while none ran) resume now
  await ctx.jobs.start();
  const stopMaintenance = startDatabaseMaintenance(database, logger, { busy: () => ctx.chat.turnsInFlight > 0 });
  if (!fastifyHandler) throw new Error('Fastify did not provide its request handler');
  handler = fastifyHandler;

  if (seeded.adminCreated) {
    const lines = [`Administrator created: ${config.adminEmail}`];
    if (seeded.generatedAdminPassword) lines.push(`Generated password (shown once, change it after signing in): ${seeded.generatedAdminPassword}`);
    // printed to the terminal, never to the structured log
    process.stdout.write(`\n${lines.join('\n')}\n\n`);
  }
  process.stdout.write(`Atrium is ready at ${config.publicUrl === `http://localhost:${config.port}` ? `http://localhost:${port}` : config.publicUrl}\n`);

  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    stopMaintenance();
    await app.close();
    await ctx.jobs.stop();
    await cacheBus?.close();
    await processes.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((e: unknown) => {
  process.stderr.write(`Atrium failed to start: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
