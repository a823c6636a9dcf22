// Wire shapes of moderation reports (docs/moderation.md): a person reports an answer; moderators list, read, resolve
// and delete the reports and read the reported conversation's segments.
import { z } from 'zod';
import { listOf, PageQuerySchema } from '../common/list.schemas.js';
import { ObjectActions } from '../common/object-actions.js';
import { ModerationCommentMaxLength, ModerationReasons, ModerationReportStatuses, PersonModerationReasons } from './moderation.constants.js';

const Comment = z.string().trim().max(ModerationCommentMaxLength, `Comment exceeds the maximum limit of ${ModerationCommentMaxLength} characters`).default('');

/** POST /admin/moderationReports: any signed-in person who can read the conversation. */
export const ModerationReportInputSchema = z.object({
  gptSystemId: z.string().uuid(),
  conversationId: z.string().uuid(),
  conversationSegmentId: z.string().uuid(),
  reason: z.enum(PersonModerationReasons, { message: `Choose one of ${PersonModerationReasons.join(', ')}` }),
  comment: Comment,
});
export type ModerationReportInput = z.input<typeof ModerationReportInputSchema>;

/** What the reporting person gets back: no moderator's details. */
export const ModerationReportReceiptSchema = z.object({
  moderationReportId: z.string().uuid(),
  reportStatus: z.enum(ModerationReportStatuses),
  createdAt: z.string(),
});
export type ModerationReportReceipt = z.infer<typeof ModerationReportReceiptSchema>;

const Person = z.object({ userId: z.string().uuid(), displayName: z.string(), emailAddress: z.string() });

export const ModerationReportSchema = z.object({
  moderationReportId: z.string().uuid(),
  gptSystemId: z.string().uuid(),
  /** the agent's current name; null when it no longer exists */
  gptSystemName: z.string().nullable(),
  conversationId: z.string().uuid(),
  conversationSegmentId: z.string().uuid(),
  reason: z.enum(ModerationReasons),
  comment: z.string(),
  reportStatus: z.enum(ModerationReportStatuses),
  /** who reported it; null for automatic moderation or a person since removed */
  reportedBy: Person.nullable(),
  /** the reported question, shortened, for the list */
  questionPreview: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: Person.nullable(),
  resolutionComment: z.string(),
  /** what the caller may do with it (always present in the moderators' answers) */
  currentUserActions: z.array(z.enum(ObjectActions)).optional(),
});
export type ModerationReport = z.infer<typeof ModerationReportSchema>;
export const ModerationReportListSchema = listOf(ModerationReportSchema);
export type ModerationReportList = z.infer<typeof ModerationReportListSchema>;

export const ModerationReportParamsSchema = z.object({ moderationReportId: z.string().uuid() });

const TimeMessage = 'Use an ISO 8601 time with offset, e.g. 2025-01-31T12:00:00Z';
/** zod's ISO check lets year 0000 and offsets up to ±23:59 through; PostgreSQL has neither. */
const Time = z.iso
  .datetime({ offset: true, message: TimeMessage })
  .refine((v) => !v.startsWith('0000') && !/[+-](1[5-9]|2\d):?\d\d$/.test(v), 'Use a year from 0001 and a UTC offset of at most 14 hours');

/** GET /admin/moderationReports: newest first; all filters optional and combined. */
export const ModerationReportQuerySchema = PageQuerySchema.extend({
  reportStatus: z.enum(ModerationReportStatuses).optional(),
  gptSystemId: z.string().uuid().optional(),
  createdFrom: Time.optional(),
  createdTo: Time.optional(),
});
export type ModerationReportQuery = z.input<typeof ModerationReportQuerySchema>;

/** PUT /admin/moderationReports/{id}: resolve (or reopen) a report, with an optional note. */
export const ModerationReportUpdateSchema = z.object({
  reportStatus: z.enum(ModerationReportStatuses),
  resolutionComment: Comment,
});
export type ModerationReportUpdate = z.input<typeof ModerationReportUpdateSchema>;

export const ModerationSegmentSchema = z.object({
  conversationSegmentId: z.string().uuid(),
  parentSegmentId: z.string().uuid().nullable(),
  question: z.string(),
  answer: z.string(),
  status: z.string(),
  createdAt: z.string(),
  /** the segment the report names */
  isReported: z.boolean(),
});
export type ModerationSegment = z.infer<typeof ModerationSegmentSchema>;

/**
 * GET /admin/moderationReports/{id}/conversationSegments: the reported segment with up to two segments before it on
 * its branch and up to two after it, oldest first; empty when the conversation has since been removed.
 */
export const ModerationSegmentListSchema = listOf(ModerationSegmentSchema);
export type ModerationSegmentList = z.infer<typeof ModerationSegmentListSchema>;

/** GET /admin/moderationReports/facets: the agents named by reports, by name, for the list's agent filter. */
export const ModerationReportFacetsSchema = z.object({ gptSystems: z.array(z.object({ gptSystemId: z.string().uuid(), name: z.string() })) });
export type ModerationReportFacets = z.infer<typeof ModerationReportFacetsSchema>;

/**
 * An agent's automatic moderation (its configuration's `moderation`): each question, and each answer while it streams,
 * is checked against the blocked patterns and, with an endpoint, an OpenAI-compatible moderation service
 * (`POST {endpoint}/moderations`). A flagged question is refused with `refusalMessage`; a flagged answer is cut. Both
 * file a moderation report with the reason Automatic.
 */
export const AgentModerationSchema = z.object({
  checkQuestions: z.boolean().default(true),
  checkAnswers: z.boolean().default(true),
  /** base URL of an OpenAI-compatible API, e.g. https://api.openai.com/v1 (null: patterns only) */
  endpoint: z.string().trim().url().max(2000).nullable().default(null),
  /** the moderation model to name, e.g. omni-moderation-latest (null: the service's default) */
  model: z.string().trim().max(200).nullable().default(null),
  /** words or phrases (case-insensitive, whole words), or regular expressions written /…/flags */
  blockedPatterns: z.array(z.string().trim().min(1).max(500)).max(500).default([]),
  /** what a refused question is answered with, and what replaces the rest of a cut answer */
  refusalMessage: z.string().trim().max(2000).default(''),
});
export type AgentModeration = z.output<typeof AgentModerationSchema>;
