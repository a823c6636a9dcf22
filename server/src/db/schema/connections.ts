// Model provider connections and the deployments agents answer with. Owned by the connections module;
// the model registry reads them. API keys are stored sealed (platform/secrets.ts), never in clear.
// @owner: connections
import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const connections = pgTable('connections', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** Offline | OpenAI | AzureOpenAI | OpenAICompatible | Anthropic */
  providerType: text('provider_type').notNull(),
  /** base URL (OpenAI, OpenAI-compatible, Anthropic) or resource endpoint (Azure OpenAI) */
  endpoint: text('endpoint'),
  apiVersion: text('api_version'),
  apiKeyEncrypted: text('api_key_encrypted'),
  /** created by the first start from OPENAI_* / AZURE_OPENAI_* / ANTHROPIC_* variables */
  createdFromEnvironment: boolean('created_from_environment').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const deployments = pgTable(
  'deployments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** the identifier agents and clients use (publishedConfig.deploymentName) */
    name: text('name').notNull(),
    displayName: text('display_name').notNull(),
    /** the provider's model id (the Azure deployment name for Azure OpenAI) */
    model: text('model').notNull(),
    /** Chat | ImageGeneration | Embedding | Rerank (contract DeploymentKinds); each kind has its own default */
    kind: text('kind').notNull().default('Chat'),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    vision: boolean('vision').notNull().default(false),
    tools: boolean('tools').notNull().default(false),
    hipaaCompliant: boolean('hipaa_compliant').notNull().default(false),
    contextWindow: integer('context_window'),
    maxOutputTokens: integer('max_output_tokens'),
    /** what the provider charges, in US dollars per million tokens (null: not known); costs in analytics use them */
    inputPricePerMillionTokens: numeric('input_price_per_million_tokens', { precision: 14, scale: 6, mode: 'number' }),
    outputPricePerMillionTokens: numeric('output_price_per_million_tokens', { precision: 14, scale: 6, mode: 'number' }),
    /** Embedding deployments: the vector length asked of the model (OpenAI's `dimensions`); null: the model's own */
    dimensions: integer('dimensions'),
    isDefault: boolean('is_default').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deployments_name_key').on(sql`lower(${t.name})`),
    // at most one instance default of each kind (the chat default, the image default)
    uniqueIndex('deployments_default_key')
      .on(t.kind)
      .where(sql`${t.isDefault}`),
    index('deployments_connection_idx').on(t.connectionId),
  ],
);
