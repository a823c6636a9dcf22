// Wire shapes of the user conversations API (docs/wire-protocol.md "Starting and continuing conversations" and
// "Shapes that clients read"). Bodies accept what existing clients send and ignore unknown fields.
import { z } from 'zod';
import { SegmentAttachmentSchema, SegmentVisionImageSchema } from '../attachments/attachments.schemas.js';
import { MaxFeedbackCommentLength, MaxQuestionLength, MaxTitleLength } from './conversation-limits.js';

export const SegmentStatuses = ['InProgress', 'Success', 'Aborted', 'Failed'] as const;
export const SegmentStatusSchema = z.enum(SegmentStatuses);
export type SegmentStatus = z.infer<typeof SegmentStatusSchema>;

export const LineageTypes = ['Question', 'Regenerate'] as const;
export type LineageType = (typeof LineageTypes)[number];

const Ids = z.array(z.string().uuid()).max(20).default([]);
const Question = z.string().max(MaxQuestionLength, `The question can have at most ${MaxQuestionLength} characters`);

export const AnswerGenerationOptionsSchema = z.object({
  /** "<provider>|<model>" or a deployment name; the agent's deployment when absent */
  deploymentIdentifier: z.string().min(1).max(300).nullish(),
  capabilities: z.array(z.string().max(100)).max(20).nullish(),
  capabilitiesExplicitlyProvided: z.boolean().nullish(),
  reasoningMode: z.string().max(50).nullish(),
});

const TurnFields = {
  visionImageIds: Ids,
  attachmentIds: Ids,
  segmentTraceLogLevel: z.string().max(50).nullish(),
  answerGenerationOptions: AnswerGenerationOptionsSchema.nullish(),
};

/** POST /userConversations/byGptSystemId/{gptSystemId} */
export const NewConversationBodySchema = z.object({
  question: Question,
  session: z.object({ sessionIdentifier: z.string().max(200).nullish() }).nullish(),
  isTemporary: z.boolean().nullish(),
  ...TurnFields,
});
export type NewConversationBody = z.infer<typeof NewConversationBodySchema>;
/** what a client posts to start a conversation (the id lists may be left out) */
export type NewConversationRequest = z.input<typeof NewConversationBodySchema>;

/** POST /userConversations/{conversationId}/segments: lineage, a top-level parentId, or neither (the selected leaf). */
export const FollowUpBodySchema = z.object({
  /** optional only for lineageType Regenerate, which answers the regenerated segment's question again */
  question: Question.nullish(),
  lineage: z
    .object({
      parentSegmentId: z.string().uuid().nullish(),
      lineageType: z.string().max(50).nullish(),
    })
    .nullish(),
  parentId: z.string().uuid().nullish(),
  session: z.object({ sessionIdentifier: z.string().max(200).nullish() }).nullish(),
  ...TurnFields,
});
export type FollowUpBody = z.infer<typeof FollowUpBodySchema>;
/** what a client posts to continue a conversation */
export type FollowUpRequest = z.input<typeof FollowUpBodySchema>;

/** POST /userConversations/{conversationId}/segments/{segmentId}/regenerate (body optional) */
export const RegenerateBodySchema = z
  .object({ ...TurnFields })
  .nullish()
  .transform((b) => b ?? { visionImageIds: [], attachmentIds: [] });
/** what a client posts to regenerate an answer */
export type RegenerateRequest = z.input<typeof RegenerateBodySchema>;

export const ConversationParamsSchema = z.object({ conversationId: z.string().uuid() });
export const SegmentParamsSchema = ConversationParamsSchema.extend({ segmentId: z.string().uuid() });
export const GptSystemParamsSchema = z.object({ gptSystemId: z.string().uuid() });
/** GET …/segments/{segmentId}/stream: the number of the last event the client read (also the `Last-Event-ID` header) */
export const SegmentStreamQuerySchema = z.object({ lastEventId: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional() });

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1');

export const ConversationListQuerySchema = z.object({
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  continuationToken: z.string().max(500).optional(),
  includeArchived: flag,
  includeDeleted: flag,
  /** case-insensitive contains on the title */
  title: z.string().max(MaxTitleLength).optional(),
  search: z.string().max(MaxTitleLength).optional(),
});
export type ConversationListQuery = z.infer<typeof ConversationListQuerySchema>;

export const UpdateSelectedLeafBodySchema = z
  .object({ selectedLeafSegmentId: z.string().uuid().optional(), segmentId: z.string().uuid().optional() })
  .refine((b) => b.selectedLeafSegmentId ?? b.segmentId, { message: 'selectedLeafSegmentId is required', path: ['selectedLeafSegmentId'] });

const Title = z.string().trim().min(1, 'The title is required').max(MaxTitleLength, `The title can have at most ${MaxTitleLength} characters`);
export const UpdateTitleBodySchema = z.object({ conversationId: z.string().uuid(), title: Title });
export const UpdateTitleByIdBodySchema = z.object({ title: Title });

export const FeedbackTypes = ['Positive', 'Negative'] as const;
export type FeedbackType = (typeof FeedbackTypes)[number];

/** Thumbs up or down with an optional comment; `isPositive` or a `rating` (>0 up, <=0 down) also accepted. */
export const FeedbackBodySchema = z
  .object({
    feedbackType: z.string().max(50).optional(),
    isPositive: z.boolean().optional(),
    rating: z.coerce.number().optional(),
    comment: z.string().max(MaxFeedbackCommentLength, `The comment can have at most ${MaxFeedbackCommentLength} characters`).nullish(),
  })
  .refine((b) => b.feedbackType !== undefined || b.isPositive !== undefined || b.rating !== undefined, {
    message: 'Give feedbackType (Positive or Negative), isPositive or rating',
    path: ['feedbackType'],
  });
export type FeedbackBody = z.infer<typeof FeedbackBodySchema>;

export const RemoveFeedbackInputSchema = z.object({ segmentId: z.string().uuid().optional(), conversationSegmentId: z.string().uuid().optional() });

/**
 * A source an answer drew on. `title` and `path` are what clients of the original product read; `path` is the
 * web address that opens the document at the cited page (/sources/{fileId}?page=N). Answers from an agent's
 * knowledge also carry the number the answer cites it by ([n]), the file, the page and the passage's start.
 */
export const CitationSchema = z.object({
  title: z.string(),
  path: z.string(),
  number: z.number().int().optional(),
  fileId: z.string().uuid().optional(),
  page: z.number().int().nullable().optional(),
  excerpt: z.string().optional(),
});
export type Citation = z.infer<typeof CitationSchema>;

export const AnsweredWithModelSchema = z.object({ displayName: z.string(), category: z.string() });

export const FeedbackSchema = z.object({
  feedbackType: z.enum(FeedbackTypes),
  isPositive: z.boolean(),
  comment: z.string().nullable(),
  createdAt: z.string(),
});
export type Feedback = z.infer<typeof FeedbackSchema>;

export const ExecutionLogSchema = z.object({
  createdAt: z.string(),
  executionLogType: z.string(),
  executionLogDetailLevel: z.string(),
  message: z.string(),
  isError: z.boolean(),
});
export type ExecutionLog = z.infer<typeof ExecutionLogSchema>;

export const SegmentSchema = z.object({
  conversationSegmentId: z.string().uuid(),
  lineage: z.object({ parentSegmentId: z.string().uuid().nullable(), lineageType: z.enum(LineageTypes) }),
  childrenSegmentIds: z.array(z.string().uuid()),
  regeneratedSegmentIds: z.array(z.string().uuid()),
  question: z.string(),
  answer: z.string(),
  status: SegmentStatusSchema,
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  answeredWithModel: AnsweredWithModelSchema.nullable(),
  feedback: FeedbackSchema.nullable(),
  citations: z.array(CitationSchema),
  visionImages: z.array(SegmentVisionImageSchema),
  attachments: z.array(SegmentAttachmentSchema),
  executionLogs: z.array(ExecutionLogSchema),
  /** the code interpreter's output of the answer (the code-interpreter-updated texts, joined); absent when no code ran */
  codeInterpreterOutput: z.string().optional(),
});
export type Segment = z.infer<typeof SegmentSchema>;

export const ConversationGptSystemSchema = z.object({
  gptSystemId: z.string().uuid(),
  name: z.string(),
  gptSystemType: z.string(),
  isPublic: z.boolean(),
});

export const ConversationListItemSchema = z.object({
  conversationId: z.string().uuid(),
  title: z.string(),
  createdAt: z.string(),
  lastModifiedAt: z.string(),
  conversationStatus: z.string(),
  gptSystem: ConversationGptSystemSchema.nullable(),
  gptSystemId: z.string().uuid().nullable(),
  moderationStatus: z.string(),
  isShareable: z.boolean(),
  isHidden: z.boolean(),
  currentUserActions: z.array(z.string()),
  archived: z.boolean(),
  isDeleted: z.boolean(),
});
export type ConversationListItem = z.infer<typeof ConversationListItemSchema>;

export const ConversationListSchema = z.object({ items: z.array(ConversationListItemSchema), continuationToken: z.string().nullable() });
export type ConversationList = z.infer<typeof ConversationListSchema>;

export const ConversationSchema = ConversationListItemSchema.extend({
  session: z.object({ sessionIdentifier: z.string().nullable() }),
  isTemporary: z.boolean(),
  selectedLeafSegmentId: z.string().uuid().nullable(),
  conversationSegmentTree: z.object({
    segmentPath: z.array(z.string().uuid()),
    childrenSegmentIds: z.array(z.string().uuid()),
    segments: z.array(SegmentSchema),
  }),
});
export type Conversation = z.infer<typeof ConversationSchema>;

/** POST /userConversations (docs/wire-protocol.md): an empty conversation with an agent; its first question is a POST …/segments. */
export const OpenConversationBodySchema = z.object({
  gptSystemId: z.string().uuid(),
  session: z.object({ sessionIdentifier: z.string().max(200).nullish() }).nullish(),
  isTemporary: z.boolean().nullish(),
});
export type OpenConversationBody = z.infer<typeof OpenConversationBodySchema>;
/** The new conversation; clients read its id as userConversationId (or id). */
export const OpenedConversationSchema = ConversationSchema.extend({ userConversationId: z.string().uuid(), id: z.string().uuid() });
export type OpenedConversation = z.infer<typeof OpenedConversationSchema>;

export const SegmentCitationsSchema = z.object({
  items: z.array(z.object({ conversationSegmentId: z.string().uuid(), citations: z.array(CitationSchema) })),
  continuationToken: z.null(),
});

export const SegmentUsageSchema = z.object({
  model: z.string().nullable(),
  deploymentName: z.string().nullable(),
  promptTokens: z.number().nullable(),
  completionTokens: z.number().nullable(),
  tokensEstimated: z.boolean().nullable(),
  timeToFirstTokenMs: z.number().nullable(),
  durationMs: z.number().nullable(),
});
export type SegmentUsage = z.infer<typeof SegmentUsageSchema>;

/** A failed answer's provider error, for administrators: the provider's own words with credentials removed. */
export const ProviderErrorSchema = z.object({
  /** the segment id people were given as the reference */
  reference: z.string().uuid(),
  occurredAt: z.string(),
  model: z.string().nullable(),
  deploymentName: z.string().nullable(),
  detail: z.string(),
});
export type ProviderError = z.infer<typeof ProviderErrorSchema>;
export const ProviderErrorParamsSchema = z.object({ reference: z.string() });

export const ExecutionDetailsSchema = z.object({
  conversationId: z.string().uuid(),
  conversationSegmentId: z.string().uuid(),
  status: SegmentStatusSchema,
  answeredWithModel: AnsweredWithModelSchema.nullable(),
  usage: SegmentUsageSchema,
  executionLogs: z.array(ExecutionLogSchema),
});
export type ExecutionDetails = z.infer<typeof ExecutionDetailsSchema>;

export const TraceLogsSchema = z.object({
  items: z.array(ExecutionLogSchema.extend({ conversationSegmentId: z.string().uuid() })),
  continuationToken: z.null(),
});

/** The `conversation-and-segment-id` event (PascalCase, as the original server writes it). */
export interface ConversationAndSegmentIdEvent {
  ConversationId: string;
  ConversationSegmentId: string;
}

export interface StreamError {
  code: string;
  message: string;
}

/** The `response-model` event: the finished segment, plus `errors` when the answer failed. */
export type ResponseModelEvent = Segment & { conversationId: string; errors?: StreamError[] };

export interface SessionTokenEntry {
  Name: string;
  Value: string;
}
