// What every module receives: configuration, the database and the shared platform services.
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { DatabaseHandle, Db, RootDb } from '../db/client.js';
import type { BlobStore } from './blobs.js';
import type { TokenService } from './tokens.js';
import type { ModelGateway } from '../ai/model.types.js';
import type { SecretBox } from './secrets.js';
import type { ChatEngine } from '../ai/chat-engine.js';
import type { OverviewCounters } from './admin-overview.js';
import type { AggregateNames } from './aggregate-names.js';
import type { Caches } from './caches.js';
import type { JobEngine } from './jobs.js';
import type { Metrics } from './metrics.js';
import type { CacheBus } from './cache-bus.js';
import type { ResumableAnswers } from '../ai/resumable-answers.js';

export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  /** the database itself (a transaction's handle is never put here) */
  db: RootDb;
  tokens: TokenService;
  blobs: BlobStore;
  logger: FastifyBaseLogger;
  /** the model provider registry (offline engine, OpenAI, Azure, Anthropic, OpenAI-compatible) */
  models: ModelGateway;
  /** seals provider and search keys at rest (AES-256-GCM) */
  secrets: SecretBox;
  /** runs chat turns; holds the process's first-token gate and title queue */
  chat: ChatEngine;
  /** the /admin index page's counters, registered by the modules that own each area */
  overview: OverviewCounters;
  /** names of audit aggregates, resolved by the modules that own them */
  aggregateNames: AggregateNames;
  /** the app's caches of database reads (principals, agents, policies, guidelines, ended sessions) */
  caches: Caches;
  /** durable background jobs on pg-boss (platform/jobs.ts); modules define their queues when mounted */
  jobs: JobEngine;
  /** Prometheus metrics of this process (platform/metrics.ts), served at /metrics with METRICS_TOKEN */
  metrics: Metrics;
  /** the caches' Redis bus when REDIS_URL is set (platform/cache-bus.ts); connected once the app is built */
  cacheBus: CacheBus | null;
  /** answers' events kept to be read back, and their stop from any process (ai/resumable-answers.ts; Redis when REDIS_URL is set) */
  answers: ResumableAnswers;
}

/**
 * A context whose database handle may be a transaction's: for work that runs inside the caller's transaction
 * (AppContext.db is the database itself, which the chat path's statements need).
 */
export type InTransaction<T extends { db: unknown }> = Omit<T, 'db'> & { db: Db };

export type Api = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

/** A module registers its routes on the /api/internal (or /api/external) scope. */
export type Module = (api: Api, ctx: AppContext) => Promise<void> | void;

/** What a service that needs only the database takes first: the app context, or `{ db: tx }` inside a transaction. */
export type DbContext = InTransaction<Pick<AppContext, 'db'>>;
