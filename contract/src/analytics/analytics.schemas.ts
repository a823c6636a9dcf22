// Wire shapes of the admin analytics (docs/analytics.md): every chart call answers `{items:[{label,value,…}],…}`, one
// item per bar, slice or point, in drawing order, so that a chart takes `items` as its data set as it is.
import { z } from 'zod';

import { DefaultReportingPeriod, ReportingPeriods } from './analytics.constants.js';

export const ReportingPeriodSchema = z.enum(ReportingPeriods);

/**
 * The period's time series buckets, in the caller's time zone: an hour for Last24Hours, a day for Last7Days and
 * Last30Days, a week (from Monday) for Last90Days, a month for Last365Days and AllTime.
 */
export const AnalyticsBuckets = ['Hour', 'Day', 'Week', 'Month'] as const;
export type AnalyticsBucket = (typeof AnalyticsBuckets)[number];

export const AnalyticsQuerySchema = z.object({ reportingPeriod: ReportingPeriodSchema.default(DefaultReportingPeriod) });
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;

export const AnalyticsAgentQuerySchema = AnalyticsQuerySchema.extend({ gptSystemId: z.string().uuid() });
export type AnalyticsAgentQuery = z.infer<typeof AnalyticsAgentQuerySchema>;

/** One bar, slice or point. Which of the optional figures an item carries depends on the call (docs/analytics.md). */
export const AnalyticsItemSchema = z.object({
  label: z.string(),
  value: z.number(),
  /** what the item is of: a brand key, agent id, model, privacy, or the bucket's start (ISO 8601 with the zone's offset); hour of day 0-23 as text */
  key: z.string().nullable(),
  /** tokens calls */
  inputTokens: z.number().optional(),
  outputTokens: z.number().optional(),
  /** users calls: distinct signed-in people and visitor sessions, whose sum is value */
  signedInUsers: z.number().optional(),
  visitors: z.number().optional(),
  /** AverageConversationLength and the per-agent series */
  conversations: z.number().optional(),
  segments: z.number().optional(),
  /** feedback series */
  positive: z.number().optional(),
  negative: z.number().optional(),
});
export type AnalyticsItem = z.infer<typeof AnalyticsItemSchema>;

export const AnalyticsChartSchema = z.object({
  items: z.array(AnalyticsItemSchema),
  /** the sum over the period (for AverageConversationLength and users calls: the period's own figure, not a sum) */
  total: z.number(),
  reportingPeriod: ReportingPeriodSchema,
  /** the zone the buckets are in (x-timezone, else UTC) */
  timeZone: z.string(),
  /** time series calls: the items' bucket */
  bucket: z.enum(AnalyticsBuckets).nullable(),
  /** start of the period (ISO 8601); null for AllTime without data */
  from: z.string().nullable(),
  to: z.string(),
  /** segments created before this time are in the figures (the rollup's watermark) */
  rolledUpUntil: z.string().nullable(),
});
export type AnalyticsChart = z.infer<typeof AnalyticsChartSchema>;

/** One deployment's tokens in the period and their cost at its prices per million tokens (US dollars). */
export const AnalyticsCostItemSchema = z.object({
  /** the deployment's display name, else the name the usage was recorded under (a deleted deployment's) */
  label: z.string(),
  /** the cost, rounded to 6 decimals (the prices' own precision); 0 when not priced */
  value: z.number(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  deploymentName: z.string(),
  /** false when the deployment has no price (or no longer exists): its tokens count as 0 */
  priced: z.boolean(),
});
export type AnalyticsCostItem = z.infer<typeof AnalyticsCostItemSchema>;

/** GET /admin/analytics/costs: the deployments used in the period, costliest first, and the sum of their costs. */
export const AnalyticsCostsSchema = AnalyticsChartSchema.omit({ items: true, bucket: true }).extend({
  items: z.array(AnalyticsCostItemSchema),
});
export type AnalyticsCosts = z.infer<typeof AnalyticsCostsSchema>;

export const AnalyticsRollupStateSchema = z.object({ rolledUpUntil: z.string().nullable(), hoursRolledUp: z.number() });
export type AnalyticsRollupState = z.infer<typeof AnalyticsRollupStateSchema>;

/** Columns of GET /admin/analytics/export, in order. */
export const AnalyticsExportColumns = [
  'section',
  'period',
  'userId',
  'userEmail',
  'privacy',
  'gptSystemId',
  'gptSystemName',
  'model',
  'deploymentName',
  'segments',
  'inputTokens',
  'outputTokens',
  'totalTokens',
  'cost',
  'uniqueUsers',
  'conversations',
] as const;
