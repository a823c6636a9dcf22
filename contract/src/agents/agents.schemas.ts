// Wire shapes of agents as the chat needs them: lists of available, pinned and recent agents, the
// details of an agent for a new chat, its starter prompts, and pin/unpin bodies.
import { z } from 'zod';
import { listOf } from '../common/list.schemas.js';

export const GptSystemTypes = ['System', 'User'] as const;
export const GptSystemTypeSchema = z.enum(GptSystemTypes);
export type GptSystemType = z.infer<typeof GptSystemTypeSchema>;

export const GptSystemIdParamsSchema = z.object({ gptSystemId: z.string().uuid() });

/** POST /CurrentUser/pinnedGptSystem and DELETE (body, or ?gptSystemId= on DELETE) */
export const PinGptSystemBodySchema = z.object({ gptSystemId: z.string().uuid() });
export type PinGptSystemBody = z.infer<typeof PinGptSystemBodySchema>;

/**
 * What every answer about an agent starts with. `id` repeats `gptSystemId` (docs/product.md §3: clients read
 * either); `avatarUrl` is relative to the site and changes when the avatar does.
 */
export const AgentSummarySchema = z.object({
  gptSystemId: z.string().uuid(),
  id: z.string().uuid(),
  name: z.string(),
  description: z.string(),
  gptSystemType: GptSystemTypeSchema,
  isPublic: z.boolean(),
  avatarUrl: z.string(),
});
export type AgentSummary = z.infer<typeof AgentSummarySchema>;

/** One agent in AvailableGptSystems, pinnedGptSystems and recentGptSystems. */
export const GptSystemListItemSchema = AgentSummarySchema.extend({ isPinned: z.boolean() });
export type GptSystemListItem = z.infer<typeof GptSystemListItemSchema>;

export const GptSystemListSchema = listOf(GptSystemListItemSchema);
export type GptSystemList = z.infer<typeof GptSystemListSchema>;

/** What the caller may do with an agent, so that the UI never re-derives the rules. */
export const GptSystemUserActions = ['Chat', 'Pin', 'Edit', 'Delete'] as const;
export const GptSystemUserActionSchema = z.enum(GptSystemUserActions);
export type GptSystemUserAction = z.infer<typeof GptSystemUserActionSchema>;

/** GET /userConversations/gptSystems/{gptSystemId}/detailsForConversation (docs/wire-protocol.md) */
export const DetailsForConversationSchema = z.object({
  gptSystem: AgentSummarySchema,
  /** sanitised HTML */
  gptIntroduction: z.string(),
  guidelinesDocument: z.object({ guidelinesDocumentId: z.string().uuid(), documentTitle: z.string() }).nullable(),
  visionFileUpload: z.object({ allowedFileExtensions: z.array(z.string()), maxUploadedFileSizeBytes: z.number().int() }),
  brandKey: z.string(),
  /** 'Active' for a published agent; the only one a caller can reach today */
  status: z.enum(['Active', 'Inactive', 'Draft', 'Deleted']),
  accessMessaging: z.object({ accessLevel: z.enum(['Full', 'Restricted']), accessMessage: z.string().nullable() }),
  citationVisibility: z.enum(['Visible', 'Hidden']),
  hipaaCompliant: z.boolean(),
  modelDisplayName: z.string(),
  isVisionEnabled: z.boolean(),
  /** MIME types the vision upload accepts; empty when the model has no vision */
  allowedVisionFileTypes: z.array(z.string()),
  ownership: z.object({
    owner: z.object({ userId: z.string().uuid(), displayName: z.string() }).nullable(),
    ownerIsCurrentUser: z.boolean(),
  }),
  currentUserActions: z.array(GptSystemUserActionSchema),
});
export type DetailsForConversation = z.infer<typeof DetailsForConversationSchema>;

export const ConversationPromptSchema = z.object({ promptId: z.string().uuid(), title: z.string(), prompt: z.string() });
export type ConversationPrompt = z.infer<typeof ConversationPromptSchema>;

/** GET /userConversations/gptSystems/{gptSystemId}/promptsForConversation */
export const ConversationPromptListSchema = listOf(ConversationPromptSchema);
export type ConversationPromptList = z.infer<typeof ConversationPromptListSchema>;

/** Agent avatar uploads: the sniffed content decides, not the file name. */
export const AgentAvatarMaxBytes = 1024 * 1024;
/** SVG is accepted but always served sandboxed, so a script inside it cannot run on our origin. */
export const AgentAvatarContentTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml'] as const;

export const AgentAvatarUploadResultSchema = z.object({ gptSystemId: z.string().uuid(), avatarUrl: z.string() });
