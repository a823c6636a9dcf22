// File library constants without zod, so that the browser bundle can use them (the admin pages show the statuses in
// SPEC's colours, the chunking limits and the allowed types; the schemas build their enums from the same lists).

/**
 * A file's processing status: Queued (waiting for its first step), Processing (being read, split or indexed),
 * Online (searchable), Error (see its log), OutOfDate (searchable, but its library's embedding deployment changed
 * since it was embedded; it is re-embedded in the background).
 */
export const LibraryFileStatuses = ['Queued', 'Processing', 'Online', 'Error', 'OutOfDate'] as const;
export type LibraryFileStatus = (typeof LibraryFileStatuses)[number];

/**
 * The step a file's processing is at (null once it is Online or in Error). Embedding comes only in libraries with an
 * embedding deployment (where the database has vectors); an OutOfDate file is at Embedding until it is Online again.
 */
export const LibraryFileStages = ['Extracting', 'Chunking', 'Embedding', 'Indexing'] as const;
export type LibraryFileStage = (typeof LibraryFileStages)[number];

/**
 * PostgreSQL's text search configurations a library's full-text index may use: the language's stemming and
 * stop words (`simple`: words as written, for mixed or other languages).
 */
export const TextSearchLanguages = [
  'simple',
  'english',
  'german',
  'french',
  'spanish',
  'italian',
  'portuguese',
  'dutch',
  'danish',
  'swedish',
  'norwegian',
  'finnish',
  'russian',
  'turkish',
  'hungarian',
  'romanian',
  'arabic',
] as const;
export type TextSearchLanguage = (typeof TextSearchLanguages)[number];

export const FileLibraryNameMaxLength = 150;
export const FileLibraryDescriptionMaxLength = 500;

/** Chunks are measured in characters: the target length of a chunk and how much of it repeats the previous one's end. */
export const ChunkSizeLimits = { min: 200, max: 8000, default: 1500 } as const;
export const ChunkOverlapLimits = { min: 0, max: 2000, default: 200 } as const;

/** Files one upload request may carry. */
export const MaxFilesPerUpload = 20;
/** Files listed per page at most (`top`). */
export const MaxFilesPerPage = 500;

/**
 * What a library searches with: full text only (no embedding deployment, or no vector extension), or hybrid; with
 * its full-text index dropped (DELETE …/textIndex), vectors alone, or nothing (None) when it has no vectors either.
 */
export const RetrievalModes = ['FullText', 'Hybrid', 'Vector', 'None'] as const;
export type RetrievalMode = (typeof RetrievalModes)[number];
