// Images agents created while answering (ImageCreation). Owned by the generated-images module; the
// bytes live in the blob store. The URL's key is never stored: only its SHA-256, so that the table
// alone cannot be turned into working links.
// @owner: generated-images
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { conversationSegments, conversations } from './conversations.js';

export const generatedImages = pgTable(
  'generated_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    segmentId: uuid('segment_id')
      .notNull()
      .references(() => conversationSegments.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the URL's key */
    keyHash: text('key_hash').notNull(),
    fileName: text('file_name').notNull(),
    title: text('title').notNull(),
    /** what the model asked the image model for */
    prompt: text('prompt').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    blobKey: text('blob_key').notNull(),
    /** the image deployment that drew it */
    deploymentName: text('deployment_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('generated_images_segment_file_key').on(t.segmentId, t.fileName), index('generated_images_conversation_idx').on(t.conversationId)],
);
