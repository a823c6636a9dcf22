// Moderation reports: an answer someone (or an agent's automatic moderation) reported, and what a moderator did
// with it. Owned by the moderation module. A report keeps its conversation, segment and agent ids without foreign
// keys: it is evidence, and stays (its segments shown as gone) when the conversation or agent is removed.
// @owner: moderation
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const moderationReports = pgTable(
  'moderation_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gptSystemId: uuid('gpt_system_id').notNull(),
    conversationId: uuid('conversation_id').notNull(),
    conversationSegmentId: uuid('conversation_segment_id').notNull(),
    /** ModerationReasons: Inappropriate, Harmful, Inaccurate, PersonalData, Other, Automatic */
    reason: text('reason').notNull(),
    comment: text('comment').notNull().default(''),
    /** Open or Resolved */
    status: text('status').notNull().default('Open'),
    /** null for automatic moderation, or once the person is removed */
    reporterUserId: uuid('reporter_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** the reported question's first characters, for the list (the segment may be gone later) */
    questionPreview: text('question_preview').notNull().default(''),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedByUserId: uuid('resolved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    resolutionComment: text('resolution_comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // the moderators' list, newest first, by status (and the sidebar's open count)
    index('moderation_reports_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('moderation_reports_agent_created_idx').on(t.gptSystemId, t.createdAt.desc()),
    // one open report per person and answer: a second click does not file a second report
    uniqueIndex('moderation_reports_open_per_reporter_idx')
      .on(t.conversationSegmentId, t.reporterUserId)
      .where(sql`${t.status} = 'Open' and ${t.reporterUserId} is not null`),
  ],
);

export type ModerationReportRow = typeof moderationReports.$inferSelect;
