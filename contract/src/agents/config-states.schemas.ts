// Wire shapes of agent configuration states (drafts), publishing and its history, personal agents,
// sharing and the directory lists (SPEC §3, §4, §7; WIRE.md personal-agent calls).
import { z } from 'zod';
import { listOf } from '../common/list.schemas.js';
import { AgentSummarySchema, GptSystemTypeSchema } from './agents.schemas.js';

import { AgentCapabilityTypes } from './agent-limits.js';

export const AgentCapabilityTypeSchema = z.enum(AgentCapabilityTypes);

const nullableNumber = (min: number, max: number) => z.number().min(min).max(max).nullable();

/** The editable configuration of an agent (SPEC §3 agent configuration state). */
export const AgentConfigSchema = z.object({
  systemPrompt: z.string().max(100_000),
  /** HTML shown above a new chat; sanitised whenever it is served */
  introduction: z.string().max(20_000),
  deploymentName: z.string().max(200).nullable(),
  languageEngine: z.string().max(100).nullable(),
  temperature: nullableNumber(0, 2),
  topP: nullableNumber(0, 1),
  frequencyPenalty: nullableNumber(-2, 2),
  maxTokens: z.number().int().min(1).max(1_000_000).nullable(),
  capabilityTypes: z.array(AgentCapabilityTypeSchema).max(10),
  dataSources: z.array(z.object({ dataSourceId: z.string().uuid() })).max(50),
  restrictAnswerToInformationReturnedByTools: z.boolean(),
});
export type AgentConfig = z.infer<typeof AgentConfigSchema>;

export const ConfigIssueSchema = z.object({ property: z.string(), message: z.string() });
export type ConfigIssue = z.infer<typeof ConfigIssueSchema>;

/** A configuration state as clients read it: the config fields flattened, as in SPEC §3. */
export const ConfigStateSchema = AgentConfigSchema.extend({
  configStateId: z.string().uuid(),
  gptSystemConfigurationStateId: z.string().uuid(),
  gptSystemId: z.string().uuid().nullable(),
  gptSystemType: GptSystemTypeSchema,
  gptSystemName: z.string(),
  description: z.string(),
  avatarUrl: z.string(),
  hasAvatar: z.boolean(),
  createdAt: z.string(),
  lastModifiedAt: z.string(),
  errors: z.array(ConfigIssueSchema),
  warnings: z.array(ConfigIssueSchema),
});
export type ConfigState = z.infer<typeof ConfigStateSchema>;
export const ConfigStateListSchema = listOf(ConfigStateSchema);
export type ConfigStateList = z.infer<typeof ConfigStateListSchema>;

/**
 * PUT /configStates/{id}: name, description and any config fields, flat or under `config`.
 * Bounds here are generous: the SPEC §5 limits come back as `errors` so that a draft can be kept.
 */
export const ConfigStateUpdateSchema = AgentConfigSchema.partial().extend({
  gptSystemName: z.string().max(1000).optional(),
  name: z.string().max(1000).optional(),
  description: z.string().max(5000).optional(),
  config: AgentConfigSchema.partial().optional(),
});
export type ConfigStateUpdate = z.infer<typeof ConfigStateUpdateSchema>;

/** POST /configStates/byGptSystemType/{type}: an empty body is the WIRE.md quick create. */
export const ConfigStateCreateSchema = z
  .object({ gptSystemType: GptSystemTypeSchema.optional(), forceCreate: z.boolean().optional() })
  .nullish();
export const ConfigStateCreatedSchema = z.object({ configStateId: z.string().uuid(), gptSystemConfigurationStateId: z.string().uuid() });
export type ConfigStateCreated = z.infer<typeof ConfigStateCreatedSchema>;

export const ConfigStateParamsSchema = z.object({ configStateId: z.string().uuid() });
export const GptSystemTypeParamsSchema = z.object({ gptSystemType: z.string().max(20) });

export const GptSystemCreatedSchema = z.object({ gptSystemId: z.string().uuid(), configStateId: z.string().uuid() });

/** One published version of an agent (publishing history). */
export const PublishedVersionSchema = AgentConfigSchema.extend({
  versionId: z.string().uuid(),
  version: z.number().int(),
  gptSystemName: z.string(),
  description: z.string(),
  configStateId: z.string().uuid().nullable(),
  restoredFromVersion: z.number().int().nullable(),
  publishedBy: z.object({ userId: z.string().uuid().nullable(), displayName: z.string() }),
  publishedAt: z.string(),
  isCurrent: z.boolean(),
});
export type PublishedVersion = z.infer<typeof PublishedVersionSchema>;
export const PublishedVersionListSchema = listOf(PublishedVersionSchema);

/** PUT publishing / publishing/V2: the draft to publish (default: the agent's latest), or a version to restore. */
export const PublishBodySchema = z
  .object({
    configStateId: z.string().uuid().optional(),
    gptSystemConfigurationStateId: z.string().uuid().optional(),
    rollbackToVersionId: z.string().uuid().optional(),
    /** V2 callers may send a publishing state; only Published is meaningful here */
    publishingState: z.string().max(50).optional(),
  })
  .nullish();
export type PublishBody = z.infer<typeof PublishBodySchema>;

export const PublishResultSchema = z.object({ gptSystemId: z.string().uuid(), version: PublishedVersionSchema });

/** GET /configStates/{id}/dataSourcesAndCapabilities */
export const DataSourcesAndCapabilitiesSchema = z.object({
  capabilities: z.array(z.object({ capabilityType: AgentCapabilityTypeSchema, available: z.boolean(), reason: z.string().nullable() })),
  dataSources: z.array(z.object({ dataSourceId: z.string().uuid() })),
  /** what the draft's deployment picker may offer (personal agents cannot read the admin list) */
  deployments: z.array(z.object({ name: z.string(), displayName: z.string(), isDefault: z.boolean() })),
});

/** Personal agents as their owner manages them. */
export const ManagedAgentSchema = AgentSummarySchema.extend({
  isPublished: z.boolean(),
  publishedVersion: z.number().int().nullable(),
  configStateId: z.string().uuid().nullable(),
  owner: z.object({ userId: z.string().uuid(), displayName: z.string() }).nullable(),
  sharedWith: z.array(z.object({ userId: z.string().uuid(), displayName: z.string(), email: z.string() })),
  createdAt: z.string(),
  lastModifiedAt: z.string(),
});
export type ManagedAgent = z.infer<typeof ManagedAgentSchema>;
export const ManagedAgentListSchema = listOf(ManagedAgentSchema);
export type ManagedAgentList = z.infer<typeof ManagedAgentListSchema>;

/** PUT /gptSystems/personal/management/{id}/sharing: the people to share with, by email or id. */
export const SharingBodySchema = z.object({
  emails: z.array(z.string().email().max(320)).max(200).optional(),
  userIds: z.array(z.string().uuid()).max(200).optional(),
});
export type SharingBody = z.infer<typeof SharingBodySchema>;
