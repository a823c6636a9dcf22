import { z } from 'zod';
import { DeploymentKinds, EmbeddingDimensionsLimits, MaxPricePerMillionTokens, PriceDecimals, ProviderTypes } from './connections.constants.js';

export const ProviderTypeSchema = z.enum(ProviderTypes);
export const DeploymentKindSchema = z
  .enum(DeploymentKinds)
  .describe(
    'Chat answers; ImageGeneration draws; Embedding embeds file libraries; Rerank reorders the passages file library searches find (OpenAI-compatible connections only: POST {baseUrl}/rerank); Speech reads answers aloud (POST {baseUrl}/audio/speech). Each kind has its own default.',
  );

export const ProviderFieldSchema = z.object({
  name: z.enum(['endpoint', 'apiKey', 'apiVersion']),
  displayName: z.string(),
  description: z.string(),
  fieldType: z.enum(['url', 'text', 'secret']),
  required: z.boolean(),
  defaultValue: z.string().nullable(),
});
export type ProviderField = z.infer<typeof ProviderFieldSchema>;

export const ProviderSchema = z.object({
  providerType: ProviderTypeSchema,
  displayName: z.string(),
  description: z.string(),
  fields: z.array(ProviderFieldSchema),
  /** what "model" means for this provider's deployments, e.g. the Azure deployment name */
  modelFieldDescription: z.string(),
  /** the deployment kinds this provider serves (Anthropic and the offline engine neither draw images nor embed) */
  deploymentKinds: z.array(DeploymentKindSchema),
});
export type ProviderDescription = z.infer<typeof ProviderSchema>;
export const ProviderListSchema = z.object({ items: z.array(ProviderSchema), continuationToken: z.null() });

/** Agents and clients refer to deployments by name; "|" separates provider and model in docs/wire-protocol.md's deploymentIdentifier. */
const DeploymentName = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:\-/ ]*$/, 'Use letters, digits, spaces and . _ : - / (no "|")');
const PositiveInt = z.number().int().positive().max(100_000_000);
/** US dollars per million tokens: 0 for free models, at most six decimals */
const Price = z
  .number()
  .nonnegative()
  .max(MaxPricePerMillionTokens)
  .refine((n) => Number(n.toFixed(PriceDecimals)) === n, `Use at most ${PriceDecimals} decimals`);
const DimensionsMessage = `Use a whole number from ${EmbeddingDimensionsLimits.min} to ${EmbeddingDimensionsLimits.max.toLocaleString('en-US')}`;
/** the vector length an Embedding deployment asks of its model (only Embedding deployments have one) */
const Dimensions = z
  .number()
  .int(DimensionsMessage)
  .min(EmbeddingDimensionsLimits.min, DimensionsMessage)
  .max(EmbeddingDimensionsLimits.max, DimensionsMessage);
export const DimensionsOnlyForEmbedding = 'Only Embedding deployments have a vector length';

export const DeploymentSchema = z.object({
  deploymentId: z.string().uuid(),
  connectionId: z.string().uuid(),
  name: z.string(),
  displayName: z.string(),
  model: z.string(),
  kind: DeploymentKindSchema,
  vision: z.boolean(),
  tools: z.boolean(),
  hipaaCompliant: z.boolean(),
  contextWindow: z.number().int().nullable(),
  maxOutputTokens: z.number().int().nullable(),
  /** US dollars per million input (prompt) tokens; null when not known */
  inputPricePerMillionTokens: z.number().nullable(),
  /** US dollars per million output (completion) tokens; null when not known */
  outputPricePerMillionTokens: z.number().nullable(),
  /** Embedding deployments: the vector length asked of the model (`dimensions`); null: the model's own */
  dimensions: z.number().int().nullable(),
  isDefault: z.boolean(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Deployment = z.infer<typeof DeploymentSchema>;
export const DeploymentListSchema = z.object({ items: z.array(DeploymentSchema), continuationToken: z.null() });

export const DeploymentCreateSchema = z
  .object({
    name: DeploymentName,
    displayName: z.string().trim().min(1).max(200).optional(),
    model: z.string().trim().min(1).max(200),
    kind: DeploymentKindSchema.default('Chat'),
    vision: z.boolean().default(false),
    tools: z.boolean().default(false),
    hipaaCompliant: z.boolean().default(false),
    contextWindow: PositiveInt.nullable().default(null),
    maxOutputTokens: PositiveInt.nullable().default(null),
    inputPricePerMillionTokens: Price.nullable().default(null),
    outputPricePerMillionTokens: Price.nullable().default(null),
    dimensions: Dimensions.nullable().default(null),
    isDefault: z.boolean().default(false),
    enabled: z.boolean().default(true),
  })
  .refine((d) => d.dimensions === null || d.kind === 'Embedding', { message: DimensionsOnlyForEmbedding, path: ['dimensions'] });
export type DeploymentCreate = z.input<typeof DeploymentCreateSchema>;

export const DeploymentUpdateSchema = z.object({
  name: DeploymentName.optional(),
  displayName: z.string().trim().min(1).max(200).optional(),
  model: z.string().trim().min(1).max(200).optional(),
  kind: DeploymentKindSchema.optional(),
  vision: z.boolean().optional(),
  tools: z.boolean().optional(),
  hipaaCompliant: z.boolean().optional(),
  contextWindow: PositiveInt.nullable().optional(),
  maxOutputTokens: PositiveInt.nullable().optional(),
  inputPricePerMillionTokens: Price.nullable().optional(),
  outputPricePerMillionTokens: Price.nullable().optional(),
  dimensions: Dimensions.nullable().optional(),
  isDefault: z.boolean().optional(),
  enabled: z.boolean().optional(),
});
export type DeploymentUpdate = z.infer<typeof DeploymentUpdateSchema>;

/** A connection as the API shows it: the key itself is never returned, only whether one is stored. */
export const ConnectionSchema = z.object({
  connectionId: z.string().uuid(),
  name: z.string(),
  providerType: ProviderTypeSchema,
  endpoint: z.string().nullable(),
  apiVersion: z.string().nullable(),
  hasApiKey: z.boolean(),
  createdFromEnvironment: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deployments: z.array(DeploymentSchema),
});
export type Connection = z.infer<typeof ConnectionSchema>;
export const ConnectionListSchema = z.object({ items: z.array(ConnectionSchema), continuationToken: z.null() });

const Endpoint = z
  .string()
  .trim()
  .url('Must be a URL')
  .max(2000)
  .refine((u) => /^https?:\/\//i.test(u), 'Must start with http:// or https://');
const ApiKey = z.string().trim().min(1).max(4096);
const ApiVersion = z
  .string()
  .trim()
  .regex(/^(v1|\d{4}-\d{2}-\d{2}(-preview)?)$/, 'Use v1 or a date such as 2024-10-21');

export const ConnectionCreateSchema = z.object({
  name: z.string().trim().min(1).max(200),
  providerType: ProviderTypeSchema,
  endpoint: Endpoint.nullable().optional(),
  apiVersion: ApiVersion.nullable().optional(),
  apiKey: ApiKey.nullable().optional(),
  deployments: z.array(DeploymentCreateSchema).max(100).optional(),
});
export type ConnectionCreate = z.input<typeof ConnectionCreateSchema>;

/** Omitted fields keep their value; `apiKey: null` removes the stored key. The provider type cannot change. */
export const ConnectionUpdateSchema = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  endpoint: Endpoint.nullable().optional(),
  apiVersion: ApiVersion.nullable().optional(),
  apiKey: ApiKey.nullable().optional(),
});
export type ConnectionUpdate = z.infer<typeof ConnectionUpdateSchema>;

export const ConnectionParamsSchema = z.object({ connectionId: z.string().uuid() });
export const DeploymentParamsSchema = ConnectionParamsSchema.extend({ deploymentId: z.string().uuid() });
export const ProviderParamsSchema = z.object({ type: z.string().min(1).max(50) });

/** GET /admin/gptSystems/deployments: what an agent's deployment picker offers. */
export const GptSystemDeploymentSchema = DeploymentSchema.omit({
  connectionId: true,
  enabled: true,
  createdAt: true,
  updatedAt: true,
  inputPricePerMillionTokens: true,
  outputPricePerMillionTokens: true,
  dimensions: true,
}).extend({
  providerType: ProviderTypeSchema,
  connectionName: z.string(),
});
export type GptSystemDeployment = z.infer<typeof GptSystemDeploymentSchema>;
export const GptSystemDeploymentListSchema = z.object({ items: z.array(GptSystemDeploymentSchema), continuationToken: z.null() });

export const GptSystemDeploymentsQuerySchema = z.object({
  hipaaCompliant: z
    .enum(['true', 'false', 'True', 'False'])
    .transform((v) => v.toLowerCase() === 'true')
    .optional(),
});

/**
 * POST /admin/connections/test: a connection's settings as typed, before they are saved. With
 * `connectionId` (an edit form) and no `apiKey`, the stored key of that connection is used, so that a
 * changed endpoint can be tried without typing the key again.
 */
export const ConnectionTestSchema = z.object({
  providerType: ProviderTypeSchema,
  endpoint: Endpoint.nullable().optional(),
  apiVersion: ApiVersion.nullable().optional(),
  apiKey: ApiKey.nullable().optional(),
  connectionId: z.string().uuid().optional(),
});
export type ConnectionTest = z.input<typeof ConnectionTestSchema>;

/** A model (on Azure, a deployment) the provider's server offers. */
export const ListedModelSchema = z.object({
  /** what a deployment's `model` takes: the model id, or the Azure deployment name */
  id: z.string(),
  displayName: z.string().nullable(),
  /** Azure: the model behind the deployment, e.g. gpt-4o */
  baseModel: z.string().nullable(),
  /** guessed from the name; null for models of no deployment kind (transcription, moderation) */
  kind: DeploymentKindSchema.nullable(),
  /** when the server says it (vLLM) */
  contextWindow: z.number().int().nullable(),
});
export type ListedModel = z.infer<typeof ListedModelSchema>;

/**
 * What a test found. A provider that refused or did not answer is a result of the test (ok false, with
 * the provider's HTTP status when it answered and its message, credentials removed), not a failed call.
 */
export const ConnectionTestResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), models: z.array(ListedModelSchema), durationMs: z.number().int() }),
  z.object({ ok: z.literal(false), message: z.string(), status: z.number().int().nullable(), durationMs: z.number().int() }),
]);
export type ConnectionTestResult = z.infer<typeof ConnectionTestResultSchema>;
