// Files the code interpreter handed to the person (not images: generated_images keeps those), one row per file: what
// the conversation's list of produced files (openAIFiles) reads. The bytes live in the blob store under a key made of
// the ids and the name (modules/code-interpreter/code-files.service.ts); a row goes with its segment or conversation.
// @owner: code-interpreter
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { conversationSegments, conversations } from './conversations.js';

export const codeInterpreterFiles = pgTable(
  'code_interpreter_files',
  {
    /** the file id of its download path */
    id: uuid('id').primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    segmentId: uuid('segment_id')
      .notNull()
      .references(() => conversationSegments.id, { onDelete: 'cascade' }),
    /** the safe file name (run-code.ts safeFileName), also the last part of its path */
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('code_interpreter_files_conversation_idx').on(t.conversationId, t.createdAt)],
);
