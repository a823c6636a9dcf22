// Files and images people attach to their questions. Owned by the uploads module; the bytes live in
// the blob store under blobKey (attachments) and under vision-images/<owner>/<id>/ (images and thumbnails). A vision
// image belongs to a person (user_id) or to a public endpoint's visitor (public_endpoint_name and session_identifier).
// @owner: uploads
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** FileSearch or CodeInterpreter */
    attachmentType: text('attachment_type').notNull(),
    /** GptSystem or Conversation */
    context: text('context').notNull(),
    originalFileName: text('original_file_name').notNull(),
    /** what the content really is (sniffed), not what the client declared */
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    blobKey: text('blob_key').notNull(),
    /** the file's text (PDF, DOCX, text files); null when none could be read */
    extractedText: text('extracted_text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('attachments_user_created_idx').on(t.userId, t.createdAt)],
);

export const visionImages = pgTable(
  'vision_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** null for a visitor's image */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** a visitor's image: the endpoint and the visitor's session identifier (docs/public-chat.md) */
    publicEndpointName: text('public_endpoint_name'),
    sessionIdentifier: text('session_identifier'),
    originalFileName: text('original_file_name').notNull(),
    blobFileName: text('blob_file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    thumbnailBlobFileName: text('thumbnail_blob_file_name').notNull(),
    thumbnailMimeType: text('thumbnail_mime_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vision_images_user_created_idx').on(t.userId, t.createdAt),
    index('vision_images_visitor_created_idx').on(t.publicEndpointName, t.sessionIdentifier, t.createdAt),
    // exactly one owner: a person, or a visitor (endpoint and session identifier together)
    check(
      'vision_images_one_owner',
      sql`(${t.userId} is not null and ${t.publicEndpointName} is null and ${t.sessionIdentifier} is null) or (${t.userId} is null and ${t.publicEndpointName} is not null and ${t.sessionIdentifier} is not null)`,
    ),
  ],
);

export type AttachmentRow = typeof attachments.$inferSelect;
export type VisionImageRow = typeof visionImages.$inferSelect;
