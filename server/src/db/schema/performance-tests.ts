// Performance test runs (docs/performance-tests.md): a load test of an agent that an administrator started, its
// progress and what it measured. Owned by the performance-tests module. The conversations a run makes carry its id
// (conversations.performance_test_run_id, conversation_segments.performance_test_run_id).
// @owner: performance-tests
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { gptSystems } from './agents.js';

/** The estimate kept with a run (PerformanceTestEstimate without the agent's and deployment's names). */
export interface StoredPerformanceEstimate {
  deploymentDisplayName: string;
  totalQuestions: number;
  inputTokens: number;
  outputTokens: number;
  inputPricePerMillionTokens: number | null;
  outputPricePerMillionTokens: number | null;
  cost: number | null;
}

export const performanceTestRuns = pgTable(
  'performance_test_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gptSystemId: uuid('gpt_system_id').references(() => gptSystems.id, { onDelete: 'set null' }),
    gptSystemName: text('gpt_system_name').notNull(),
    deploymentName: text('deployment_name').notNull(),
    /** PerformanceTestStatuses: Queued, Running, Completed, Cancelled, Failed */
    status: text('status').notNull().default('Queued'),
    /**
     * true while Queued or Running, else null: its unique index lets one run at a time hold the instance's slot,
     * whichever process starts it (null values do not collide)
     */
    active: boolean('active'),
    virtualUsers: integer('virtual_users').notNull(),
    questionsPerUser: integer('questions_per_user').notNull(),
    rampUpSeconds: integer('ramp_up_seconds').notNull(),
    questions: jsonb('questions').$type<string[]>().notNull(),
    estimate: jsonb('estimate').$type<StoredPerformanceEstimate>().notNull(),
    /** PerformanceTestResults so far, written about every second while it runs */
    results: jsonb('results'),
    error: text('error'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('performance_test_runs_active_idx').on(t.active),
    index('performance_test_runs_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('performance_test_runs_agent_created_idx')
      .on(t.gptSystemId, t.createdAt.desc())
      .where(sql`${t.gptSystemId} is not null`),
  ],
);

export type PerformanceTestRunRow = typeof performanceTestRuns.$inferSelect;
