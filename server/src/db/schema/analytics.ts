// Analytics rollups (docs/analytics.md): hourly figures of the conversation segments, kept current by the analytics
// module's rollup job, so that the admin analytics calls read a few thousand rows instead of scanning segments.
// Hours are UTC hour buckets (`hour` is the start of the hour); a person's time zone groups them when read.
// @owner: analytics
import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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

/** The rollup job's watermark. */
export const analyticsRollupState = pgTable('analytics_rollup_state', {
  name: text('name').primaryKey(),
  /** every hour before this one is rolled up; the hours from here on are rolled up again at the next run */
  rolledUntil: timestamp('rolled_until', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
