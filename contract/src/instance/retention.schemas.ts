// The retention settings of the instance (docs/retention.md) and the retention sweep's runs.
import { z } from 'zod';
import { RetentionMaxDays, RetentionMinDays } from './instance.constants.js';

const Days = z
  .number()
  .int('Whole days')
  .min(RetentionMinDays, `At least ${RetentionMinDays} day`)
  .max(RetentionMaxDays, `At most ${RetentionMaxDays} days`)
  .nullable();

/** Days each kind of data is kept after its last use; null keeps it forever. */
export const RetentionDaysSchema = z.object({
  /** signed-in people's conversations, counted from their last change (with their segments, uploads and images) */
  signedInConversationDays: Days,
  /** public endpoints' visitors' conversations, counted from their last change */
  publicConversationDays: Days,
  /** uploaded images and files, counted from their upload (an agent's files are its configuration and are kept) */
  uploadDays: Days,
  /** the execution details (trace logs) of answers, counted from the question */
  traceLogDays: Days,
});
export type RetentionDays = z.infer<typeof RetentionDaysSchema>;

export const RetentionCountsSchema = z.object({
  signedInConversations: z.number().int(),
  publicConversations: z.number().int(),
  visionImages: z.number().int(),
  attachments: z.number().int(),
  generatedImages: z.number().int(),
  /** files the code interpreter made in the deleted conversations (0 in sweeps before they were counted) */
  codeInterpreterFiles: z.number().int().default(0),
  traceLogs: z.number().int(),
});
export type RetentionCounts = z.infer<typeof RetentionCountsSchema>;

export const RetentionRunSchema = z.object({
  /** when the sweep ended */
  at: z.string(),
  /** manual (an administrator ran it) or scheduled */
  trigger: z.enum(['Manual', 'Scheduled']),
  deleted: RetentionCountsSchema,
});
export type RetentionRun = z.infer<typeof RetentionRunSchema>;

export const RetentionSettingsSchema = z.object({
  /** what the sweep keeps now */
  days: RetentionDaysSchema,
  /** Default: no administrator set them (HIPAA mode's defaults when it is on, else forever); Custom: set here */
  source: z.enum(['Default', 'Custom']),
  hipaaMode: z.boolean(),
  /** what HIPAA mode keeps while the settings are the defaults */
  hipaaDefaults: RetentionDaysSchema,
  /** the last sweep that finished, or null */
  lastRun: RetentionRunSchema.nullable(),
});
export type RetentionSettings = z.infer<typeof RetentionSettingsSchema>;

export const RetentionRunQueuedSchema = z.object({ jobId: z.string().nullable() });
export type RetentionRunQueued = z.infer<typeof RetentionRunQueuedSchema>;
