// Wire shapes of agent configuration states (drafts), publishing and its history, personal agents,
// sharing and the directory lists (docs/product.md §3, §4, §7; docs/wire-protocol.md personal-agent calls).
import { z } from 'zod';
import { listOf } from '../common/list.schemas.js';
import { AgentSummarySchema, GptSystemTypeSchema } from './agents.schemas.js';

import { AgentCapabilityNames, AgentReasoningEfforts, AgentStatuses, AgentVerbosities } from './agent-limits.js';
import { RetrievalTopKLimits } from '../knowledge/retrieval.constants.js';
import { LibraryFiltersSchema } from '../knowledge/text-index.schemas.js';
import { PublicEndpointConfigurationSchema } from '../public-chat/public-endpoints.schemas.js';
import { AgentModerationSchema } from '../moderation/moderation.schemas.js';

/** A capability as configurations name it: the canonical names and their aliases (WebSearch). */
export const AgentCapabilityTypeSchema = z.enum(AgentCapabilityNames);

const nullableNumber = (min: number, max: number) => z.number().min(min).max(max).nullable();
/** One of `values` in any case ("High" or "high"), kept as sent. */
const oneOf = (values: readonly string[], what: string) =>
  z
    .string()
    .max(20)
    .refine((v) => values.includes(v.toLowerCase()), `${what} is one of ${values.join(', ')}`);
const Message = z.string().max(2000).nullable().optional();

/** A file of the agent's knowledge (docs/wire-protocol.md attachments of type FileSearch); kept as sent. */
export const AgentAttachmentSchema = z.object({
  attachmentId: z.string().uuid().optional(),
  attachmentType: z.string().max(50).optional(),
  attachmentContext: z.string().max(50).optional(),
  originalFileName: z.string().max(500).optional(),
  id: z.string().max(100).optional(),
});

/**
 * A file library the agent answers from, published with it: the passages it may give a question (`topK`, default
 * RetrievalTopKLimits.default) and the lowest fused score it accepts (`minScore`, 0 to 1, default 0). Both are
 * optional and kept as sent: clients that send only `{dataSourceId}` get it back as they sent it.
 */
export const AgentDataSourceSchema = z.object({
  dataSourceId: z.string().uuid(),
  topK: z
    .number()
    .int('A whole number of passages')
    .min(RetrievalTopKLimits.min, `At least ${RetrievalTopKLimits.min} passage`)
    .max(RetrievalTopKLimits.max, `At most ${RetrievalTopKLimits.max} passages`)
    .optional(),
  minScore: z.number().min(0, 'At least 0').max(1, 'At most 1').optional(),
  /** conditions on the library's file metadata its passages must meet (its filterable fields; docs/knowledge.md) */
  filters: LibraryFiltersSchema.optional(),
});
export type AgentDataSource = z.infer<typeof AgentDataSourceSchema>;

/** docs/wire-protocol.md tokenLimitSettings; kept as sent. */
export const TokenLimitSettingsSchema = z.object({
  limitTokens: z.boolean().optional(),
  tokensPerDay: z.number().int().min(0).nullable().optional(),
  tokensPerUserPerDay: z.number().int().min(0).nullable().optional(),
  thresholdTokensPerDayMessage: Message,
  thresholdTokensPerUserPerDayMessage: Message,
  limitReachedTokensPerDayMessage: Message,
  limitReachedTokensPerUserPerDayMessage: Message,
});

/**
 * Fields of the configuration that scripts send (docs/wire-protocol.md "Personal agents as scripts build them").
 * Acted on: customSystemPrompt (the owner's own prompt, after systemPrompt), reasoningEffort and verbosity
 * (for models that take them), isHidden and status. Kept as sent, for the issues that act on them:
 * attachments (knowledge), publicEndpointConfiguration (public chat, docs/public-chat.md), tokenLimitSettings (governance), and
 * hipaaCompliant, prompts, brandKey, guidelinesDocumentId, chatAccessPolicyId and userRoleIds, which the
 * agent itself and the admin pages govern today.
 */
export const AgentConfigWireSchema = z.object({
  customSystemPrompt: z.string().max(100_000),
  reasoningEffort: oneOf(AgentReasoningEfforts, 'reasoningEffort').nullable(),
  verbosity: oneOf(AgentVerbosities, 'verbosity').nullable(),
  /** left out of the lists people pick agents from; still answers by id */
  isHidden: z.boolean(),
  status: z.enum(AgentStatuses),
  hipaaCompliant: z.boolean().optional(),
  attachments: z.array(AgentAttachmentSchema).max(500).optional(),
  prompts: z
    .array(z.record(z.string().max(100), z.unknown()))
    .max(50)
    .optional(),
  brandKey: z.string().max(100).nullable().optional(),
  guidelinesDocumentId: z.string().uuid().nullable().optional(),
  chatAccessPolicyId: z.string().uuid().nullable().optional(),
  /** the agent's public endpoint (docs/public-chat.md), in effect once published */
  publicEndpointConfiguration: PublicEndpointConfigurationSchema.nullable().optional(),
  tokenLimitSettings: TokenLimitSettingsSchema.nullable().optional(),
  userRoleIds: z.array(z.string().uuid()).max(200).optional(),
  /** Atrium's own: how many results a web search of the agent (InternetSearch) returns; absent or null: 5 */
  webSearchResultCount: z.number().int().min(1).max(10).nullable().optional(),
  /** automatic moderation of questions and answers (docs/moderation.md) */
  moderation: AgentModerationSchema.nullable().optional(),
});

/** The editable configuration of an agent (docs/product.md §3 agent configuration state). */
export type AgentConfigWire = z.infer<typeof AgentConfigWireSchema>;

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
  dataSources: z.array(AgentDataSourceSchema).max(50),
  restrictAnswerToInformationReturnedByTools: z.boolean(),
  ...AgentConfigWireSchema.shape,
});
export type AgentConfig = z.infer<typeof AgentConfigSchema>;

export const ConfigIssueSchema = z.object({ property: z.string(), message: z.string() });
export type ConfigIssue = z.infer<typeof ConfigIssueSchema>;

/** A configuration state as clients read it: the config fields flattened, as in docs/product.md §3. */
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
 * Bounds here are generous: the docs/product.md §5 limits come back as `errors` so that a draft can be kept.
 */
export const ConfigStateUpdateSchema = AgentConfigSchema.partial().extend({
  gptSystemName: z.string().max(1000).optional(),
  name: z.string().max(1000).optional(),
  description: z.string().max(5000).optional(),
  config: AgentConfigSchema.partial().optional(),
});
export type ConfigStateUpdate = z.infer<typeof ConfigStateUpdateSchema>;

/** POST /configStates/byGptSystemType/{type}: an empty body is the docs/wire-protocol.md quick create. */
export const ConfigStateCreateSchema = z.object({ gptSystemType: GptSystemTypeSchema.optional(), forceCreate: z.boolean().optional() }).nullish();
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

/** Whether a capability can work on this server, and in plain words why not (what the agent editors offer). */
export const CapabilityAvailabilitySchema = z.object({ capabilityType: AgentCapabilityTypeSchema, available: z.boolean(), reason: z.string().nullable() });
export type CapabilityAvailability = z.infer<typeof CapabilityAvailabilitySchema>;

/** GET /configStates/{id}/dataSourcesAndCapabilities */
export const DataSourcesAndCapabilitiesSchema = z.object({
  capabilities: z.array(CapabilityAvailabilitySchema),
  dataSources: z.array(AgentDataSourceSchema),
  /**
   * what the draft's deployment picker may offer (personal agents cannot read the admin list), with whether each
   * sees images (vision) and calls tools (image creation needs it)
   */
  deployments: z.array(z.object({ name: z.string(), displayName: z.string(), isDefault: z.boolean(), vision: z.boolean(), tools: z.boolean() })),
});
export type DataSourcesAndCapabilities = z.infer<typeof DataSourcesAndCapabilitiesSchema>;

/** Personal agents as their owner manages them. */
export const ManagedAgentSchema = AgentSummarySchema.extend({
  isPublished: z.boolean(),
  publishedVersion: z.number().int().nullable(),
  configStateId: z.string().uuid().nullable(),
  owner: z.object({ userId: z.string().uuid(), displayName: z.string() }).nullable(),
  sharedWith: z.array(z.object({ userId: z.string().uuid(), displayName: z.string(), email: z.string() })),
  /**
   * Emails it was shared with whose person has not signed in since: the share applies at their next sign-in (their
   * first, for someone without an account yet). Every email shared with appears here first, account or not.
   */
  pendingInvitations: z.array(z.object({ email: z.string(), invitedAt: z.string() })),
  createdAt: z.string(),
  lastModifiedAt: z.string(),
});
export type ManagedAgent = z.infer<typeof ManagedAgentSchema>;
export const ManagedAgentListSchema = listOf(ManagedAgentSchema);
export type ManagedAgentList = z.infer<typeof ManagedAgentListSchema>;

/**
 * PUT /gptSystems/personal/management/{id}/sharing: everyone it is shared with, replacing the list. An email names a
 * person already in `sharedWith` (who stays) or becomes a pending invitation, whether or not it has an account, so
 * that the answer never tells which emails do; a user id (from `sharedWith`) must exist.
 */
export const SharingBodySchema = z.object({
  emails: z.array(z.string().email().max(320)).max(200).optional(),
  userIds: z.array(z.string().uuid()).max(200).optional(),
});
export type SharingBody = z.infer<typeof SharingBodySchema>;
