// Admin FileLibraries (docs/product.md §7): libraries of files that agents answer from. A library holds files; each
// file is read (its text, page by page), split into chunks by its structure (pages, headings) and indexed for
// full-text search, as durable background jobs, with a status, a progress and a log people can follow.
import { z } from 'zod';
import { ObjectActions } from '../common/object-actions.js';
import { listOf } from '../common/list.schemas.js';
import {
  ChunkOverlapLimits,
  ChunkSizeLimits,
  FileLibraryDescriptionMaxLength,
  FileLibraryNameMaxLength,
  LibraryFileStages,
  LibraryFileStatuses,
  MaxFilesPerPage,
  RetrievalModes,
  TextSearchLanguages,
} from './file-libraries.constants.js';

export const FileLibraryParamsSchema = z.object({ dataSourceId: z.string().uuid() });
export const LibraryFileParamsSchema = z.object({ dataSourceId: z.string().uuid(), fileId: z.string().uuid() });
export const LibraryChunkParamsSchema = LibraryFileParamsSchema.extend({ index: z.coerce.number().int().min(0).max(10_000_000) });

const Chunking = {
  /** target length of a chunk, in characters */
  chunkSize: z.number().int().min(ChunkSizeLimits.min).max(ChunkSizeLimits.max),
  /** characters of a chunk's start that repeat the end of the one before it (within one page or section) */
  chunkOverlap: z.number().int().min(ChunkOverlapLimits.min).max(ChunkOverlapLimits.max),
};

const overlapBelowSize = (l: { chunkSize?: number | undefined; chunkOverlap?: number | undefined }, ctx: z.RefinementCtx) => {
  if (l.chunkSize !== undefined && l.chunkOverlap !== undefined && l.chunkOverlap * 2 > l.chunkSize) {
    ctx.addIssue({ code: 'custom', path: ['chunkOverlap'], message: 'The overlap may be at most half the chunk size' });
  }
};

/** POST /admin/fileLibraries and PUT /admin/fileLibraries/{dataSourceId} */
export const FileLibraryInputSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Name is required')
      .max(FileLibraryNameMaxLength, `Name exceeds the maximum limit of ${FileLibraryNameMaxLength} characters`),
    description: z
      .string()
      .trim()
      .max(FileLibraryDescriptionMaxLength, `Description exceeds the maximum limit of ${FileLibraryDescriptionMaxLength} characters`)
      .default(''),
    chunkSize: Chunking.chunkSize.default(ChunkSizeLimits.default),
    chunkOverlap: Chunking.chunkOverlap.default(ChunkOverlapLimits.default),
    /** the language of the full-text index (stemming and stop words) */
    language: z.enum(TextSearchLanguages).default('english'),
    /**
     * the deployment of kind Embedding whose vectors the library searches besides full text (detailsForCreate lists
     * them); null for full text only. Omitted: the instance's default embedding deployment for a new library (full
     * text when there is none), the current one for a library changed. A change embeds the library's files again.
     */
    embeddingDeploymentName: z.string().trim().min(1).max(100).nullable().optional(),
    /**
     * Clients of the original product send it to skip creating cloud resources for the library. Atrium's libraries
     * live in its own database and need none, so it is accepted and changes nothing.
     */
    skipResourceCreation: z.boolean().optional(),
  })
  .superRefine(overlapBelowSize);
export type FileLibraryInput = z.input<typeof FileLibraryInputSchema>;

/** Files of a library by status. */
export const LibraryFileCountsSchema = z.object({
  total: z.number().int(),
  queued: z.number().int(),
  processing: z.number().int(),
  online: z.number().int(),
  error: z.number().int(),
  outOfDate: z.number().int(),
});

export const FileLibrarySchema = z.object({
  dataSourceId: z.string().uuid(),
  dataSourceType: z.literal('FileLibrary'),
  name: z.string(),
  description: z.string(),
  chunkSize: z.number().int(),
  chunkOverlap: z.number().int(),
  language: z.enum(TextSearchLanguages),
  /** FullText until the library has an embedding deployment (and the database vectors) */
  retrievalMode: z.enum(RetrievalModes),
  /** the embedding deployment it embeds with; null when it searches full text only (none chosen, or it was removed or disabled) */
  embeddingDeploymentName: z.string().nullable(),
  /** whether its full-text index is searched (DELETE …/textIndex turns it off, POST on) */
  textIndexEnabled: z.boolean(),
  /** the file metadata filters may name (PUT …/textIndex/filters) */
  filterableFields: z.array(z.string()),
  files: LibraryFileCountsSchema,
  /** bytes of the files as uploaded */
  totalBytes: z.number().int(),
  chunkCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string().nullable(),
  /** what the caller may do with it (always present in the admin API's answers) */
  currentUserActions: z.array(z.enum(ObjectActions)).optional(),
});
export type FileLibrary = z.infer<typeof FileLibrarySchema>;
export const FileLibraryListSchema = listOf(FileLibrarySchema);
export type FileLibraryList = z.infer<typeof FileLibraryListSchema>;

/** One type a library accepts: recognised by its content; the extension is what people know it by. */
export const AllowedFileTypeSchema = z.object({ extensions: z.array(z.string()), mimeType: z.string(), description: z.string() });

/** GET /admin/fileLibraries/FileUploadConfiguration */
export const FileUploadConfigurationSchema = z.object({
  allowedFileTypes: z.array(AllowedFileTypeSchema),
  /** the largest file accepted, in bytes (413 beyond) */
  maxFileSizeBytes: z.number().int(),
  /** files one upload request may carry */
  maxFilesPerUpload: z.number().int(),
});
export type FileUploadConfiguration = z.infer<typeof FileUploadConfigurationSchema>;

/** GET /admin/fileLibraries/detailsForCreate: what the create form offers and its defaults. */
export const FileLibraryDetailsForCreateSchema = z.object({
  defaults: z.object({ chunkSize: z.number().int(), chunkOverlap: z.number().int(), language: z.enum(TextSearchLanguages) }),
  chunkSizeLimits: z.object({ min: z.number().int(), max: z.number().int() }),
  chunkOverlapLimits: z.object({ min: z.number().int(), max: z.number().int() }),
  languages: z.array(z.enum(TextSearchLanguages)),
  /** enabled deployments of kind Embedding a library may embed with, the default (what a new library gets) first */
  embeddingDeployments: z.array(z.object({ name: z.string(), displayName: z.string() })),
  /** whether the database can hold vectors (pgvector); without it libraries search full text only */
  vectorSearchAvailable: z.boolean(),
  fileUpload: FileUploadConfigurationSchema,
});
export type FileLibraryDetailsForCreate = z.infer<typeof FileLibraryDetailsForCreateSchema>;

/** GET /admin/fileLibraries/storageContainers: containers a library could sync from (none are configured yet). */
export const StorageContainerListSchema = listOf(z.object({ name: z.string(), endpoint: z.string() }));

export const LibraryFileSchema = z.object({
  fileId: z.string().uuid(),
  dataSourceId: z.string().uuid(),
  fileName: z.string(),
  /** the type read from the content */
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  /** SHA-256 of the content, hex: identical uploads to one library are recognised by it */
  contentHash: z.string(),
  status: z.enum(LibraryFileStatuses),
  /** the step it is at while Queued or Processing */
  stage: z.enum(LibraryFileStages).nullable(),
  progressPercent: z.number().int().min(0).max(100),
  /** pages of a PDF, slides of a presentation; null for documents without pages */
  pageCount: z.number().int().nullable(),
  chunkCount: z.number().int(),
  /** characters of text read */
  characterCount: z.number().int(),
  /** the last error's message while in Error (the log has the detail) */
  errorMessage: z.string().nullable(),
  uploadedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** when it last became Online */
  processedAt: z.string().nullable(),
  /**
   * custom metadata, keys to text values (at upload, or PUT …/files/{fileId}); filters name a key as `metadata.<key>`
   */
  metadata: z.record(z.string(), z.string()),
});
export type LibraryFile = z.infer<typeof LibraryFileSchema>;

/**
 * A file's custom metadata as sent: at most MaxLibraryFileMetadataKeys keys (a letter, then letters, digits, `_`,
 * `.` or `-`; 64 at most), text values of at most MaxLibraryFileMetadataValueLength characters. The server names a
 * key at fault (400, `metadata.<key>`).
 */
export const LibraryFileMetadataSchema = z.record(z.string(), z.string());
export type LibraryFileMetadata = z.infer<typeof LibraryFileMetadataSchema>;

/** PUT /admin/fileLibraries/{id}/files/{fileId}: replaces the file's metadata (what is not sent is removed). */
export const LibraryFileUpdateSchema = z.object({ metadata: LibraryFileMetadataSchema });
export type LibraryFileUpdate = z.infer<typeof LibraryFileUpdateSchema>;
export const LibraryFileListSchema = listOf(LibraryFileSchema);
export type LibraryFileList = z.infer<typeof LibraryFileListSchema>;

/** GET /admin/fileLibraries/{id}/files?top=&keywords=&status=&continuationToken= (newest first) */
export const LibraryFileListQuerySchema = z.object({
  top: z.coerce.number().int().min(1).max(MaxFilesPerPage).default(50),
  /** words the file name contains (all of them, any case) */
  keywords: z.string().trim().max(200).optional(),
  status: z.enum(LibraryFileStatuses).optional(),
  continuationToken: z.string().max(500).optional(),
});
export type LibraryFileListQuery = z.infer<typeof LibraryFileListQuerySchema>;

/** POST /admin/fileLibraries/{id}/files answers each file sent, in order. */
export const LibraryFileUploadResultSchema = z.object({
  items: z.array(
    z.object({
      fileName: z.string(),
      /** Created: stored and queued; Duplicate: the library already holds a file with the same content (that one is answered) */
      outcome: z.enum(['Created', 'Duplicate']),
      file: LibraryFileSchema,
    }),
  ),
});
export type LibraryFileUploadResult = z.infer<typeof LibraryFileUploadResultSchema>;

/** GET …/files/{fileId}/extraction: the text read, page by page (one page of number null for documents without pages). */
export const LibraryFileExtractionSchema = z.object({
  fileId: z.string().uuid(),
  pages: z.array(z.object({ pageNumber: z.number().int().nullable(), text: z.string() })),
  characterCount: z.number().int(),
  /** whether the text was cut at the limit of characters kept per file */
  truncated: z.boolean(),
});
export type LibraryFileExtraction = z.infer<typeof LibraryFileExtractionSchema>;

/** GET …/files/{fileId}/chunks/{index} */
export const LibraryChunkSchema = z.object({
  fileId: z.string().uuid(),
  index: z.number().int(),
  chunkCount: z.number().int(),
  text: z.string(),
  /** the headings the chunk sits under, outermost first */
  headings: z.array(z.string()),
  /** the page (or slide) the chunk starts on, and ends on */
  pageStart: z.number().int().nullable(),
  pageEnd: z.number().int().nullable(),
});
export type LibraryChunk = z.infer<typeof LibraryChunkSchema>;

export const LibraryFileLogLevels = ['INFO', 'WARN', 'ERROR'] as const;

/** GET …/files/{fileId}/logs/latest: the lines of the file's latest processing (upload or reprocess). */
export const LibraryFileLogSchema = z.object({
  fileId: z.string().uuid(),
  /** 1 for the first processing, one more for each reprocess */
  run: z.number().int(),
  entries: z.array(z.object({ at: z.string(), level: z.enum(LibraryFileLogLevels), stage: z.enum(LibraryFileStages).nullable(), message: z.string() })),
});
export type LibraryFileLog = z.infer<typeof LibraryFileLogSchema>;
