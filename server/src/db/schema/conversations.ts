// Conversations and their segment trees, with the usage figures analytics reads. Owned by the
// conversations module; the chat orchestrator writes segments through the store it is given.
// @owner: conversations
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { gptSystems } from './agents.js';

export interface SegmentCitation {
  title: string;
  path: string;
}

export interface SegmentFeedback {
  feedbackType: 'Positive' | 'Negative';
  isPositive: boolean;
  comment: string | null;
  createdAt: string;
}

export interface SegmentExecutionLog {
  createdAt: string;
  executionLogType: string;
  executionLogDetailLevel: string;
  message: string;
  isError: boolean;
}

export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** null for a visitor's conversation with a public endpoint (publicEndpointName; docs/public-chat.md) */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** null only for previews of a configuration state that is not an agent yet */
    gptSystemId: uuid('gpt_system_id').references(() => gptSystems.id),
    configStateId: uuid('config_state_id'),
    title: text('title').notNull(),
    /** lower(title), kept by the database so that a contains-search needs no function per row */
    titleLower: text('title_lower').generatedAlwaysAs(sql`lower("title")`),
    titleIsGenerated: boolean('title_is_generated').notNull().default(false),
    /** the client's session; for a visitor's conversation, the visitor (only this identifier reads and continues it) */
    sessionIdentifier: text('session_identifier'),
    /** the public endpoint a visitor's conversation was started at (docs/public-chat.md); null for people's */
    publicEndpointName: text('public_endpoint_name'),
    /** a visitor's network address (behind TRUST_PROXY, the client's) when the conversation started */
    clientAddress: text('client_address'),
    selectedLeafSegmentId: uuid('selected_leaf_segment_id'),
    archived: boolean('archived').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    isTemporary: boolean('is_temporary').notNull().default(false),
    /** the performance test run that asked it (docs/performance-tests.md): never in a person's list */
    performanceTestRunId: uuid('performance_test_run_id'),
    brandKey: text('brand_key').notNull().default('default'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastModifiedAt: timestamp('last_modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // keyset paging of a person's list, newest first
    index('conversations_user_modified_idx').on(t.userId, t.lastModifiedAt.desc(), t.id.desc()),
    // a visitor's own conversations with an endpoint, newest first (details of a public endpoint)
    index('conversations_visitor_modified_idx')
      .on(t.publicEndpointName, t.sessionIdentifier, t.lastModifiedAt.desc())
      .where(sql`${t.publicEndpointName} is not null`),
    // title search (`title_lower like '%term%'`): without it a rare or absent term reads every
    // conversation of the person (40-60 ms at 100k). Needs pg_trgm: migration 0002 creates it only
    // where the extension can be created, and search falls back to the scan elsewhere.
    index('conversations_title_trgm_idx').using('gin', t.titleLower.op('gin_trgm_ops')),
  ],
);

export const conversationSegments = pgTable(
  'conversation_segments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    parentSegmentId: uuid('parent_segment_id').references((): AnyPgColumn => conversationSegments.id, { onDelete: 'cascade' }),
    regeneratedFromSegmentId: uuid('regenerated_from_segment_id'),
    question: text('question').notNull(),
    answer: text('answer').notNull().default(''),
    /** InProgress, Success, Aborted, Failed */
    status: text('status').notNull().default('InProgress'),
    /**
     * The server process writing this answer while it is InProgress (server_processes.id): when that
     * process is gone, its answers end as interrupted (platform/server-processes.ts).
     */
    ownerProcessId: uuid('owner_process_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    answeredWithModel: jsonb('answered_with_model').$type<{ displayName: string; category: string }>(),
    citations: jsonb('citations')
      .$type<SegmentCitation[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    feedback: jsonb('feedback').$type<SegmentFeedback>(),
    visionImageIds: jsonb('vision_image_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    attachmentIds: jsonb('attachment_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    executionLogs: jsonb('execution_logs')
      .$type<SegmentExecutionLog[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * The code interpreter's output of this answer (the code-interpreter-updated texts, joined): part of the answer,
     * kept as long as it is (in HIPAA mode too, like the answer), shown under it after a reload
     */
    codeInterpreterOutput: text('code_interpreter_output'),
    /** a failed answer's provider error with credentials removed, for administrators only (people get the segment id as a reference) */
    providerError: text('provider_error'),
    // usage: what analytics reads, denormalised so that reports need no joins
    model: text('model'),
    deploymentName: text('deployment_name'),
    promptTokens: integer('prompt_tokens'),
    completionTokens: integer('completion_tokens'),
    tokensEstimated: boolean('tokens_estimated'),
    timeToFirstTokenMs: integer('time_to_first_token_ms'),
    durationMs: integer('duration_ms'),
    gptSystemId: uuid('gpt_system_id'),
    brandKey: text('brand_key'),
    userId: uuid('user_id'),
    /** the performance test run that asked it: usage limits and analytics leave its tokens out */
    performanceTestRunId: uuid('performance_test_run_id'),
  },
  (t) => [
    index('conversation_segments_conversation_idx').on(t.conversationId, t.createdAt),
    index('conversation_segments_created_idx').on(t.createdAt),
    // the answers being written, for the sweep that ends those of a stopped process: a few rows, never all
    index('conversation_segments_in_progress_idx')
      .on(t.ownerProcessId)
      .where(sql`${t.status} = 'InProgress'`),
  ],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type SegmentRow = typeof conversationSegments.$inferSelect;
