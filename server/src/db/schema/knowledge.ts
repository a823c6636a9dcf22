// File libraries that agents answer from (docs/knowledge.md): libraries, their files, the chunks each file is split
// into (with a full-text index) and each file's processing log. The original bytes of a file and the text read from
// it live in the blob store (under file-libraries/<libraryId>/). Owned by the knowledge module. The chunks' vectors
// are in library_chunk_vectors, which is not here: it needs the pgvector extension, which not every PostgreSQL has,
// so knowledge.vectors.ts creates it at start-up where the database has vectors (no migration may require them).
// @owner: knowledge
import { bigint, boolean, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users.js';
import { deployments } from './connections.js';

/** PostgreSQL's tsvector; written by the index step with the library's text search configuration. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const fileLibraries = pgTable(
  'file_libraries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** target characters per chunk, and characters repeated from the previous chunk */
    chunkSize: integer('chunk_size').notNull(),
    chunkOverlap: integer('chunk_overlap').notNull(),
    /** the text search configuration of its full-text index (english, german, simple, …) */
    language: text('language').notNull(),
    /**
     * the deployment of kind Embedding its chunks are embedded with (null: full text only); a deleted deployment
     * leaves the library on full text
     */
    embeddingDeploymentId: uuid('embedding_deployment_id').references(() => deployments.id, { onDelete: 'set null' }),
    /**
     * whether the full-text retriever searches it (DELETE …/textIndex turns it off). The chunks keep their tsvectors
     * either way (the index step fills them; a vector search reads only chunks that have one), so that turning it on
     * again is at once
     */
    textIndexEnabled: boolean('text_index_enabled').notNull().default(true),
    /** the file metadata filters may name (LibraryFilterFields); null: all of them, until an administrator chooses */
    filterableFields: jsonb('filterable_fields').$type<string[]>(),
    /**
     * the personal agent whose own files (configuration attachments of type FileSearch) the library holds; such a
     * library is the agent's, not the File Libraries pages' (they do not list it)
     */
    agentId: uuid('gpt_system_id'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('file_libraries_agent_idx')
      .on(t.agentId)
      .where(sql`gpt_system_id is not null`),
  ],
);

export const libraryFiles = pgTable(
  'library_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    libraryId: uuid('library_id')
      .notNull()
      .references(() => fileLibraries.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** what the content is (sniffed), not what the client declared */
    mimeType: text('mime_type').notNull(),
    /** how it is read: pdf, docx, html, markdown, text, csv, json */
    kind: text('kind').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** SHA-256 of the content, hex */
    contentHash: text('content_hash').notNull(),
    blobKey: text('blob_key').notNull(),
    /** in an agent's library: the attachment the file was made from */
    sourceAttachmentId: uuid('source_attachment_id'),
    /** Queued, Processing, Online, Error, OutOfDate (searchable by full text while it is embedded again) */
    status: text('status').notNull(),
    /** Extracting, Chunking, Embedding, Indexing while Queued or Processing, Embedding while OutOfDate; null when done or failed */
    stage: text('stage'),
    progressPercent: integer('progress_percent').notNull().default(0),
    /** 1 at upload, one more at each reprocess: jobs of an earlier run find a newer one and stop */
    run: integer('run').notNull().default(1),
    pageCount: integer('page_count'),
    chunkCount: integer('chunk_count').notNull().default(0),
    characterCount: integer('character_count').notNull().default(0),
    /** whether the text read was cut at the limit kept per file */
    truncated: boolean('truncated').notNull().default(false),
    errorMessage: text('error_message'),
    uploadedByUserId: uuid('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    uploadedByName: text('uploaded_by_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** custom metadata, keys to text values (at upload or PUT …/files/{fileId}); filters name a key as metadata.<key> */
    metadata: jsonb('metadata')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [
    index('library_files_library_created_idx').on(t.libraryId, t.createdAt, t.id),
    index('library_files_library_hash_idx').on(t.libraryId, t.contentHash),
    // the files still on their way, which a start-up looks for (jobs lost between a commit and their send)
    index('library_files_unfinished_idx')
      .on(t.updatedAt)
      .where(sql`status in ('Queued', 'Processing', 'OutOfDate')`),
  ],
);

export const libraryChunks = pgTable(
  'library_chunks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => libraryFiles.id, { onDelete: 'cascade' }),
    /** the file's library, so that a search reads one index range per library */
    libraryId: uuid('library_id').notNull(),
    /**
     * the file's run that made it: a reprocess adds the new run's chunks beside the old ones, which stay searchable
     * until the index step makes the new ones searchable and removes them in one transaction
     */
    run: integer('run').notNull(),
    chunkIndex: integer('chunk_index').notNull(),
    text: text('text').notNull(),
    /** the headings the chunk sits under, outermost first */
    headings: jsonb('headings')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    pageStart: integer('page_start'),
    pageEnd: integer('page_end'),
    /** headings (weight A) and text (weight B); null until the index step has run */
    search: tsvector('search'),
  },
  (t) => [
    uniqueIndex('library_chunks_file_run_index_idx').on(t.fileId, t.run, t.chunkIndex),
    index('library_chunks_library_idx').on(t.libraryId),
    index('library_chunks_search_idx').using('gin', t.search),
  ],
);

export const libraryFileLogs = pgTable(
  'library_file_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => libraryFiles.id, { onDelete: 'cascade' }),
    run: integer('run').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** INFO, WARN, ERROR */
    level: text('level').notNull(),
    stage: text('stage'),
    message: text('message').notNull(),
  },
  (t) => [index('library_file_logs_file_run_idx').on(t.fileId, t.run, t.id)],
);

export type FileLibraryRow = typeof fileLibraries.$inferSelect;
export type LibraryFileRow = typeof libraryFiles.$inferSelect;
export type LibraryChunkRow = typeof libraryChunks.$inferSelect;
