// Integration-test harness: a real database (PGlite in memory, or a fresh PostgreSQL database when
// the suite runs with TEST_DB=postgres), a real app instance and factories for users and tokens.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { generateKeyPairSync } from 'node:crypto';
import pino from 'pino';
import { inArray } from 'drizzle-orm';
import type { UserAction } from '@atrium/contract';
import { loadConfig, type Config } from '../config.js';
import { ChatEngine } from '../ai/chat-engine.js';
import { OverviewCounters } from '../platform/admin-overview.js';
import { AggregateNames } from '../platform/aggregate-names.js';
import { Caches } from '../platform/caches.js';
import { connectCacheBus } from '../platform/cache-bus.js';
import { createResumableAnswers } from '../ai/resumable-answers.setup.js';
import { Metrics } from '../platform/metrics.js';
import { JobEngine } from '../platform/jobs.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { buildApp } from '../app.js';
import { createBlobStore } from '../platform/blobs.js';
import { TokenService } from '../platform/tokens.js';
import { hashPassword } from '../platform/passwords.js';
import type { AppContext, Api } from '../platform/context.js';
import { seed } from '../seed.js';
import { createModelGateway } from '../ai/model-registry.js';
import { secretBoxFromConfig } from '../platform/secrets.js';
import { userRoleAssignments, userRoles, users } from '../db/schema/index.js';

let signingPem: string | undefined;
const testSigningPem = () =>
  (signingPem ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());

export const testDbKind = (): 'pglite' | 'postgres' => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');

/** A fresh, migrated database for one test file. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (testDbKind() === 'pglite') return openDatabase({ databaseUrl: null, pgliteDir: 'memory://' });
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const pg = await import('pg');
  const name = `atrium_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.default.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), pgliteDir: '' });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const c = new pg.default.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: Api;
  ctx: AppContext;
  dataDir: string;
  /** creates an enabled local user holding exactly these actions (through a role of its own) */
  createUser(options?: {
    actions?: UserAction[];
    email?: string;
    password?: string;
    displayName?: string;
    disabled?: boolean;
  }): Promise<{ id: string; email: string; token: string; password: string }>;
  tokenFor(userId: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * `options.database`: a database another test app already uses (two server processes on one database, e.g. the
 * cache bus between them); it stays open when this app closes.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  configure?: (c: Config) => Config,
  /** `logLines`: the app's warnings and errors go into this array as JSON lines (tests of what reaches the log) */
  options: { database?: DatabaseHandle; runJobs?: boolean; logLines?: string[] } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-test-'));
  let config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: 'bootstrap-admin-password',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    // an answer whose client left stops at once, as tests of it expect, unless a test gives it time to be read back
    ANSWER_GRACE_MS: '0',
    // the rate limits counted, with allowances no test reaches (tests call far faster than people); a test of the
    // limits sets its own
    RATE_LIMIT_PER_MINUTE: '1000000',
    RATE_LIMIT_TURNS_PER_MINUTE: '1000000',
    RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '1000000',
    ...env,
  });
  if (configure) config = configure(config);
  const database = options.database ?? (await openTestDatabase());
  const secrets = secretBoxFromConfig(config);
  const lines = options.logLines;
  const logger = lines ? pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) }) : pino({ level: 'silent' });
  const caches = new Caches();
  const metrics = new Metrics();
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    tokens: TokenService.fromPem(testSigningPem()),
    // DATA_DIR/blobs, or the bucket of BLOB_STORE=s3 in `env`
    blobs: await createBlobStore(config),
    logger,
    models: createModelGateway({ db: database.db, config, secrets, logger, caches }),
    secrets,
    chat: new ChatEngine(config.modelTimeouts, metrics.chat),
    overview: new OverviewCounters(),
    aggregateNames: new AggregateNames(),
    caches,
    // workers look for jobs every half second (the least pg-boss allows), so that retries come soon
    jobs: new JobEngine(database, logger, { pollingIntervalSeconds: 0.5, stopTimeoutMs: 1000, runWorkers: options.runJobs ?? true }),
    metrics,
    cacheBus: null,
    answers: createResumableAnswers(config, logger, TokenService.fromPem(testSigningPem()).fingerprint),
  };
  await seed(ctx);
  const app = await buildApp(ctx);
  await app.ready();
  const cacheBus = config.redisUrl ? connectCacheBus(caches, { redisUrl: config.redisUrl, logger }) : null;
  await Promise.all([cacheBus?.subscribed, ctx.answers.bus.subscribed]);
  ctx.cacheBus = cacheBus;

  const tokenFor = async (userId: string) => {
    const [u] = await ctx.db
      .select()
      .from(users)
      .where(inArray(users.id, [userId]));
    if (!u) throw new Error(`no user ${userId}`);
    return ctx.tokens.sign({ userId: u.id, email: u.email, displayName: u.displayName, identityProvider: u.identityProvider as 'Local' | 'EntraId' });
  };

  return {
    app,
    ctx,
    dataDir,
    tokenFor,
    async createUser(options = {}) {
      const email = (options.email ?? `user-${randomUUID().slice(0, 8)}@example.test`).toLowerCase();
      const password = options.password ?? 'correct horse battery staple';
      const [user] = await ctx.db
        .insert(users)
        .values({
          email,
          displayName: options.displayName ?? email.split('@')[0]!,
          passwordHash: await hashPassword(password),
          disabled: options.disabled ?? false,
        })
        .returning();
      const [role] = await ctx.db
        .insert(userRoles)
        .values({ name: `role-${randomUUID()}`, actions: options.actions ?? [] })
        .returning();
      await ctx.db.insert(userRoleAssignments).values({ userId: user!.id, roleId: role!.id });
      return { id: user!.id, email, password, token: await tokenFor(user!.id) };
    },
    async close() {
      await app.close();
      await ctx.jobs.stop();
      await cacheBus?.close();
      await ctx.answers.close();
      if (!options.database) await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
