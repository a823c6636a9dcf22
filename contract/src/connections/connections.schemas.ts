import { z } from 'zod';

export const ProviderTypes = ['Offline', 'OpenAI', 'AzureOpenAI', 'OpenAICompatible', 'Anthropic'] as const;
export const ProviderTypeSchema = z.enum(ProviderTypes);
export type ProviderTypeName = z.infer<typeof ProviderTypeSchema>;

/**
 * What a deployment is for: Chat deployments answer questions; ImageGeneration deployments draw the
 * pictures of agents with the ImageCreation capability (an images/generations model such as
 * gpt-image-1). Each kind has its own default.
 */
export const DeploymentKinds = ['Chat', 'ImageGeneration'] as const;
export const DeploymentKindSchema = z.enum(DeploymentKinds);
export type DeploymentKind = z.infer<typeof DeploymentKindSchema>;

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
  /** the deployment kinds this provider serves (Anthropic and the offline engine draw no images) */
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
  isDefault: z.boolean(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Deployment = z.infer<typeof DeploymentSchema>;
export const DeploymentListSchema = z.object({ items: z.array(DeploymentSchema), continuationToken: z.null() });

export const DeploymentCreateSchema = z.object({
  name: DeploymentName,
  displayName: z.string().trim().min(1).max(200).optional(),
  model: z.string().trim().min(1).max(200),
  kind: DeploymentKindSchema.default('Chat'),
  vision: z.boolean().default(false),
  tools: z.boolean().default(false),
  hipaaCompliant: z.boolean().default(false),
  contextWindow: PositiveInt.nullable().default(null),
  maxOutputTokens: PositiveInt.nullable().default(null),
  isDefault: z.boolean().default(false),
  enabled: z.boolean().default(true),
});
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
export const GptSystemDeploymentSchema = DeploymentSchema.omit({ connectionId: true, enabled: true, createdAt: true, updatedAt: true }).extend({
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
