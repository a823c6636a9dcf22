// Wire shapes of Admin gptSystems (docs/product.md §7): agents as administrators see them, starter prompts,
// retrieval data-source links, and what the agent form can offer.
import { z } from 'zod';
import { listOf } from '../common/list.schemas.js';
import { AgentCapabilityTypes, AgentDescriptionMaxLength, AgentNameMaxLength, SystemPromptVariables } from './agent-limits.js';
import { AgentConfigSchema, CapabilityAvailabilitySchema, ManagedAgentSchema } from './config-states.schemas.js';
import { LibraryFiltersSchema } from '../knowledge/text-index.schemas.js';

export const AdminAgentSchema = ManagedAgentSchema.extend({
  /** the live configuration; null until published */
  publishedConfig: AgentConfigSchema.nullable(),
  brandKey: z.string(),
  currentUserActions: z.array(z.enum(['Edit', 'Delete', 'Publish'])),
});
export type AdminAgent = z.infer<typeof AdminAgentSchema>;
export const AdminAgentListSchema = listOf(AdminAgentSchema);
export type AdminAgentList = z.infer<typeof AdminAgentListSchema>;

export const AdminAgentListQuerySchema = z.object({
  gptSystemType: z.enum(['System', 'User']).optional(),
  search: z.string().max(200).optional(),
});

/** POST /admin/gptSystems: a new System agent with its first draft (an empty body: forceCreate). */
export const AdminAgentCreateSchema = z
  .object({
    gptSystemName: z.string().trim().min(1).max(AgentNameMaxLength).optional(),
    name: z.string().trim().min(1).max(AgentNameMaxLength).optional(),
    description: z.string().max(AgentDescriptionMaxLength).optional(),
    brandKey: z.string().min(1).max(100).optional(),
    config: AgentConfigSchema.partial().optional(),
  })
  .nullish();
export type AdminAgentCreate = z.infer<typeof AdminAgentCreateSchema>;
export const AdminAgentCreatedSchema = z.object({ gptSystemId: z.string().uuid(), configStateId: z.string().uuid() });

/** PUT /admin/gptSystems/{id}: what is not part of a published configuration. */
export const AdminAgentUpdateSchema = z.object({
  gptSystemName: z.string().trim().min(1).max(AgentNameMaxLength).optional(),
  name: z.string().trim().min(1).max(AgentNameMaxLength).optional(),
  description: z.string().max(AgentDescriptionMaxLength).optional(),
  brandKey: z.string().min(1).max(100).optional(),
  isPublic: z.boolean().optional(),
});
export type AdminAgentUpdate = z.infer<typeof AdminAgentUpdateSchema>;

export const StarterPromptSchema = z.object({ promptId: z.string().uuid(), title: z.string(), prompt: z.string(), sortOrder: z.number().int() });
export type StarterPrompt = z.infer<typeof StarterPromptSchema>;
export const StarterPromptListSchema = listOf(StarterPromptSchema);
export const StarterPromptInputSchema = z.object({
  title: z.string().trim().min(1).max(200),
  prompt: z.string().trim().min(1).max(10_000),
  sortOrder: z.number().int().min(0).max(10_000).optional(),
});
export type StarterPromptInput = z.infer<typeof StarterPromptInputSchema>;
export const PromptParamsSchema = z.object({ gptSystemId: z.string().uuid(), promptId: z.string().uuid() });

export const DataSourceTypes = ['FileLibrary', 'AzureAiSearch', 'UploadedFiles'] as const;
export const RagDataSourceSchema = z.object({
  ragDataSourceId: z.string().uuid(),
  gptSystemId: z.string().uuid(),
  dataSourceId: z.string().uuid(),
  dataSourceType: z.enum(DataSourceTypes),
  topK: z.number().int(),
  /** the metadata filter the library's passages must meet for this agent (empty: none) */
  filters: LibraryFiltersSchema,
  createdAt: z.string(),
});
export type RagDataSource = z.infer<typeof RagDataSourceSchema>;
export const RagDataSourceListSchema = listOf(RagDataSourceSchema);
export const RagDataSourceInputSchema = z.object({
  dataSourceId: z.string().uuid(),
  dataSourceType: z.enum(DataSourceTypes).default('FileLibrary'),
  topK: z.number().int().min(1).max(50).default(5),
  /** checked against the library's filterable fields (400 naming `filters.0.field`, …) */
  filters: LibraryFiltersSchema.optional(),
});
export const RagDataSourceUpdateSchema = z.object({
  dataSourceType: z.enum(DataSourceTypes).optional(),
  topK: z.number().int().min(1).max(50).optional(),
  /** replaces the link's filter ([] removes it) */
  filters: LibraryFiltersSchema.optional(),
});
export const RagDataSourceParamsSchema = z.object({ gptSystemId: z.string().uuid(), ragDataSourceId: z.string().uuid() });

/** GET /admin/gptSystems/SystemDefaults: what a new agent starts with. */
export const SystemDefaultsSchema = AgentConfigSchema;

/** GET /admin/gptSystems/AvailableConfiguration: what the agent form can offer. */
export const AvailableConfigurationSchema = z.object({
  deployments: z.array(
    z.object({
      name: z.string(),
      displayName: z.string(),
      providerType: z.string(),
      hipaaCompliant: z.boolean(),
      vision: z.boolean(),
      tools: z.boolean(),
      isDefault: z.boolean(),
    }),
  ),
  languageEngines: z.array(z.string()),
  capabilities: z.array(z.enum(AgentCapabilityTypes)),
  /** each capability: whether it can work on this server and, when not, why (the editors show the reason) */
  capabilityAvailability: z.array(CapabilityAvailabilitySchema),
  dataSourceTypes: z.array(z.enum(DataSourceTypes)),
  variables: z.array(z.object({ name: z.string(), description: z.string() })),
  limits: z.object({ nameMaxLength: z.number().int(), descriptionMaxLength: z.number().int() }),
});
export type AvailableConfiguration = z.infer<typeof AvailableConfigurationSchema>;

export const DataSourcesTypesQuerySchema = z.object({
  languageEngine: z.string().max(100).optional(),
  deploymentName: z.string().max(200).optional(),
  hipaaCompliant: z
    .enum(['true', 'false', 'True', 'False'])
    .transform((v) => v.toLowerCase() === 'true')
    .optional(),
});
export const DataSourcesTypesSchema = listOf(z.object({ dataSourceType: z.enum(DataSourceTypes), displayName: z.string(), available: z.boolean() }));

export const HandlebarsValueTypesSchema = listOf(z.object({ name: z.string(), description: z.string() }));
export const systemPromptVariableNames = SystemPromptVariables.map((v) => v.name);
