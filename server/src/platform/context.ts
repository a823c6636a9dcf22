// What every module receives: configuration, the database and the shared platform services.
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { DatabaseHandle, Db } from '../db/client.js';
import type { BlobStore } from './blobs.js';
import type { TokenService } from './tokens.js';
import type { ModelGateway } from '../ai/model.types.js';
import type { SecretBox } from './secrets.js';
import type { ChatEngine } from '../ai/chat-engine.js';

export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Db;
  tokens: TokenService;
  blobs: BlobStore;
  logger: FastifyBaseLogger;
  /** the model provider registry (offline engine, OpenAI, Azure, Anthropic, OpenAI-compatible) */
  models: ModelGateway;
  /** seals provider and search keys at rest (AES-256-GCM) */
  secrets: SecretBox;
  /** runs chat turns; holds the process's first-token gate and title queue */
  chat: ChatEngine;
}

export type Api = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

/** A module registers its routes on the /api/internal (or /api/external) scope. */
export type Module = (api: Api, ctx: AppContext) => Promise<void> | void;
