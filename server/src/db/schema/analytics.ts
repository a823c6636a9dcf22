// Analytics rollups (docs/analytics.md): hourly figures of the conversation segments, kept current by the analytics
// module's rollup job, so that the admin analytics calls read a few thousand rows instead of scanning segments.
// Hours are UTC hour buckets (`hour` is the start of the hour); a person's time zone groups them when read.
// @owner: analytics
import { bigint, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

/** Public: a visitor's conversation at a public endpoint; Private: a signed-in person's. */
export type { AnalyticsPrivacy } from '@atrium/contract';
import type { AnalyticsPrivacy } from '@atrium/contract';

/** Counts and tokens of one UTC hour by agent, brand, model, deployment and privacy. */
export const analyticsUsageHourly = pgTable(
  'analytics_usage_hourly',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    /** null: a preview of a configuration state that is no agent yet */
    gptSystemId: uuid('gpt_system_id'),
    brandKey: text('brand_key').notNull(),
    /** '' when the answer named none (failed before the model answered) */
    model: text('model').notNull(),
    deploymentName: text('deployment_name').notNull(),
    privacy: text('privacy').$type<AnalyticsPrivacy>().notNull(),
    /** conversations started in the hour (their first question) */
    conversations: integer('conversations').notNull(),
    segments: integer('segments').notNull(),
    inputTokens: bigint('input_tokens', { mode: 'number' }).notNull(),
    outputTokens: bigint('output_tokens', { mode: 'number' }).notNull(),
    feedbackPositive: integer('feedback_positive').notNull(),
    feedbackNegative: integer('feedback_negative').notNull(),
  },
  (t) => [index('analytics_usage_hourly_hour_idx').on(t.hour), index('analytics_usage_hourly_agent_idx').on(t.gptSystemId, t.hour)],
);

/** As analyticsUsageHourly by UTC day (`day` is its midnight UTC): long periods read whole days from here. */
export const analyticsUsageDaily = pgTable(
  'analytics_usage_daily',
  {
    day: timestamp('day', { withTimezone: true }).notNull(),
    gptSystemId: uuid('gpt_system_id'),
    brandKey: text('brand_key').notNull(),
    model: text('model').notNull(),
    deploymentName: text('deployment_name').notNull(),
    privacy: text('privacy').$type<AnalyticsPrivacy>().notNull(),
    conversations: integer('conversations').notNull(),
    segments: integer('segments').notNull(),
    inputTokens: bigint('input_tokens', { mode: 'number' }).notNull(),
    outputTokens: bigint('output_tokens', { mode: 'number' }).notNull(),
    feedbackPositive: integer('feedback_positive').notNull(),
    feedbackNegative: integer('feedback_negative').notNull(),
  },
  (t) => [index('analytics_usage_daily_day_idx').on(t.day), index('analytics_usage_daily_agent_idx').on(t.gptSystemId, t.day)],
);

/** One row per UTC hour with the instance's totals: the time series and hour-of-day charts of all agents. */
export const analyticsTotalsHourly = pgTable('analytics_totals_hourly', {
  hour: timestamp('hour', { withTimezone: true }).primaryKey(),
  conversations: integer('conversations').notNull(),
  segments: integer('segments').notNull(),
  inputTokens: bigint('input_tokens', { mode: 'number' }).notNull(),
  outputTokens: bigint('output_tokens', { mode: 'number' }).notNull(),
});

/**
 * Who asked in one UTC hour (and, in analyticsUsersDaily, one UTC day), by agent, brand, model, deployment and
 * privacy: distinct users over any range are counted exactly from these rows. userKey is the person's id, or for a
 * visitor a uuid made from the visitor's session identifier.
 */
const userColumns = () => ({
  userKey: uuid('user_key').notNull(),
  /** the signed-in person, null for a visitor */
  userId: uuid('user_id'),
  gptSystemId: uuid('gpt_system_id'),
  brandKey: text('brand_key').notNull(),
  model: text('model').notNull(),
  deploymentName: text('deployment_name').notNull(),
  privacy: text('privacy').$type<AnalyticsPrivacy>().notNull(),
  segments: integer('segments').notNull(),
  inputTokens: bigint('input_tokens', { mode: 'number' }).notNull(),
  outputTokens: bigint('output_tokens', { mode: 'number' }).notNull(),
});

export const analyticsUsersHourly = pgTable('analytics_users_hourly', { hour: timestamp('hour', { withTimezone: true }).notNull(), ...userColumns() }, (t) => [
  index('analytics_users_hourly_hour_idx').on(t.hour),
]);

/** As analyticsUsersHourly by UTC day (`day` is its midnight UTC): ranges of whole days read these. */
export const analyticsUsersDaily = pgTable('analytics_users_daily', { day: timestamp('day', { withTimezone: true }).notNull(), ...userColumns() }, (t) => [
  index('analytics_users_daily_day_idx').on(t.day),
]);

/**
 * When each user last asked, per dimension: `dimension` 'all' (key ''), 'agent' (key the agent id, '' for previews),
 * 'brand' (key the brand key) or `hour:<zone>` (key the hour of the day in that zone, '0'-'23', for each zone of
 * analyticsHourZones). Every reporting period ends with the current hour, so the users active in a period are exactly
 * those whose last question is at or after its start: distinct users per agent, per brand, per hour of the day and in
 * all are counted from one row per user and key instead of one per user, day and key.
 */
export type LastSeenDimension = 'all' | 'agent' | 'brand' | `hour:${string}`;

export const analyticsUsersLastSeen = pgTable(
  'analytics_users_last_seen',
  {
    dimension: text('dimension').$type<LastSeenDimension>().notNull(),
    key: text('key').notNull(),
    userKey: uuid('user_key').notNull(),
    privacy: text('privacy').$type<AnalyticsPrivacy>().notNull(),
    /** the UTC hour of the user's last question */
    lastHour: timestamp('last_hour', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.dimension, t.key, t.userKey, t.privacy] }), index('analytics_users_last_seen_hour_idx').on(t.dimension, t.lastHour)],
);

/**
 * How many users' last question (analyticsUsersLastSeen) falls on each UTC day, per dimension, key and privacy: a
 * period's users are the days after its first midnight summed, and the last-seen rows of the part of a day before it.
 */
export const analyticsUsersLastSeenDays = pgTable(
  'analytics_users_last_seen_days',
  {
    dimension: text('dimension').$type<LastSeenDimension>().notNull(),
    key: text('key').notNull(),
    privacy: text('privacy').$type<AnalyticsPrivacy>().notNull(),
    day: timestamp('day', { withTimezone: true }).notNull(),
    users: integer('users').notNull(),
  },
  (t) => [primaryKey({ columns: [t.dimension, t.day, t.key, t.privacy] })],
);

/**
 * Questions and tokens per person (visitors together, userId null), UTC month (`month` is its first midnight UTC),
 * agent, model, deployment and privacy: the export's rows. Kept by the rollup as the sum of analyticsUsersDaily (the
 * days it recomputes are taken out and put in again).
 */
export const analyticsUsersMonthly = pgTable(
  'analytics_users_monthly',
  {
    month: timestamp('month', { withTimezone: true }).notNull(),
    userId: uuid('user_id'),
    privacy: text('privacy').$type<AnalyticsPrivacy>().notNull(),
    gptSystemId: uuid('gpt_system_id'),
    model: text('model').notNull(),
    deploymentName: text('deployment_name').notNull(),
    segments: integer('segments').notNull(),
    inputTokens: bigint('input_tokens', { mode: 'number' }).notNull(),
    outputTokens: bigint('output_tokens', { mode: 'number' }).notNull(),
  },
  (t) => [unique('analytics_users_monthly_key').on(t.month, t.userId, t.privacy, t.gptSystemId, t.model, t.deploymentName).nullsNotDistinct()],
);

/**
 * The time zones whose hours of the day the last-seen rows are kept in (dimension `hour:<zone>`): added when
 * UsersByHourOfDay is first asked in the zone, dropped by the rollup when not asked for a while.
 */
export const analyticsHourZones = pgTable('analytics_hour_zones', {
  timeZone: text('time_zone').primaryKey(),
  /** when a chart last asked in the zone (moved at most once a day) */
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Distinct users (people and visitor sessions) of each UTC day: the export's Day rows. */
export const analyticsDailyUsers = pgTable('analytics_daily_users', {
  day: timestamp('day', { withTimezone: true }).primaryKey(),
  users: integer('users').notNull(),
});

/**
 * Distinct users of closed buckets (a zone's day, week or month), counted once from the per-user rows when a chart
 * first asks for them after their days are final (the rollup no longer recomputes them), and read from here after.
 */
export const analyticsUserBuckets = pgTable(
  'analytics_user_buckets',
  {
    timeZone: text('time_zone').notNull(),
    /** 'day' | 'week' | 'month' */
    unit: text('unit').notNull(),
    bucketStart: timestamp('bucket_start', { withTimezone: true }).notNull(),
    bucketEnd: timestamp('bucket_end', { withTimezone: true }).notNull(),
    signedInUsers: integer('signed_in_users').notNull(),
    visitors: integer('visitors').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.timeZone, t.unit, t.bucketStart, t.bucketEnd] })],
);

/** The rollup job's watermark. */
export const analyticsRollupState = pgTable('analytics_rollup_state', {
  name: text('name').primaryKey(),
  /** every hour before this one is rolled up; the hours from here on are rolled up again at the next run */
  rolledUntil: timestamp('rolled_until', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
