// Wire shapes of the configuration audit log: what changed, by whom, when, with before/after details.
import { z } from 'zod';
import { listOf, PageQuerySchema } from '../common/list.schemas.js';

export const ConfigurationChangeSchema = z.object({
  configurationChangeId: z.string().uuid(),
  /** the aggregate root's type, e.g. Brand, UserRole, User, GptSystem, Connection */
  type: z.string(),
  aggregateRootId: z.string(),
  domainOperation: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  timeStamp: z.string(),
  details: z.object({ before: z.unknown().optional(), after: z.unknown().optional() }),
});
export type ConfigurationChange = z.infer<typeof ConfigurationChangeSchema>;
export const ConfigurationChangeListSchema = listOf(ConfigurationChangeSchema);
export type ConfigurationChangeList = z.infer<typeof ConfigurationChangeListSchema>;

const Text = z.string().trim().max(500);
const TimeMessage = 'Use an ISO 8601 time with offset, e.g. 2025-01-31T12:00:00Z';
/** zod's ISO check lets year 0000 and offsets up to ±23:59 through; PostgreSQL has neither (real offsets stay within 14 hours). */
const Time = z.iso
  .datetime({ offset: true, message: TimeMessage })
  .refine((v) => !v.startsWith('0000') && !/[+-](1[5-9]|2\d):?\d\d$/.test(v), 'Use a year from 0001 and a UTC offset of at most 14 hours');

/** GET /admin/audit/configurationChanges: newest first; all filters optional and combined. */
export const ConfigurationChangeQuerySchema = PageQuerySchema.extend({
  type: Text.optional(),
  aggregateRootId: Text.optional(),
  /** case-insensitive substring of the user's name */
  userName: Text.optional(),
  /** case-insensitive exact operation, e.g. Updated */
  domainOperation: Text.optional(),
  /** case-insensitive substring of the before/after details */
  details: Text.optional(),
  timeStampFrom: Time.optional(),
  timeStampTo: Time.optional(),
});
export type ConfigurationChangeQuery = z.infer<typeof ConfigurationChangeQuerySchema>;

export const AggregateRootNameQuerySchema = z.object({
  type: z.string().trim().min(1).max(200),
  aggregateRootId: z.string().trim().min(1).max(500),
});
export type AggregateRootNameQuery = z.infer<typeof AggregateRootNameQuerySchema>;

/** name is null when nothing is known about the aggregate (never recorded, no resolver) */
export const AggregateRootNameSchema = z.object({ type: z.string(), aggregateRootId: z.string(), name: z.string().nullable() });
export type AggregateRootName = z.infer<typeof AggregateRootNameSchema>;

export const ConfigurationChangeFacetsSchema = z.object({ types: z.array(z.string()), domainOperations: z.array(z.string()) });
export type ConfigurationChangeFacets = z.infer<typeof ConfigurationChangeFacetsSchema>;
