// A library's full-text index (Admin FileLibraries textIndex, docs/product.md §7): enabling and dropping it, which
// file metadata may be filtered on, the index's description, and the filters themselves, which "Try a question" and
// an agent's libraries (`dataSources`) carry.
import { z } from 'zod';
import { LibraryFilterOperators, MaxLibraryFilterValues, MaxLibraryFilters, TextIndexBuildStatuses } from './text-index.constants.js';
import { TextSearchLanguages } from './file-libraries.constants.js';

/**
 * One condition on a file's metadata. The field must be one of the library's filterable fields, the operator one its
 * type takes and the value of its type (a list for in and notIn): the server checks them against the library and
 * answers 400 naming the condition.
 */
export const LibraryFilterSchema = z.object({
  // a character other than a space (as a pattern, which the JSON Schema keeps: the route fuzzer makes values from it), then
  // trimmed
  field: z.string().max(100).regex(/\S/, 'Name a field').trim(),
  operator: z.enum(LibraryFilterOperators),
  value: z.union([
    z.string().max(500),
    z.number(),
    z
      .array(z.union([z.string().max(500), z.number()]))
      .min(1)
      .max(MaxLibraryFilterValues),
  ]),
});
export type LibraryFilter = z.infer<typeof LibraryFilterSchema>;

/** All conditions must hold. */
export const LibraryFiltersSchema = z.array(LibraryFilterSchema).max(MaxLibraryFilters, `At most ${MaxLibraryFilters} conditions`);

/** PUT /admin/fileLibraries/{dataSourceId}/textIndex/filters */
export const TextIndexFiltersInputSchema = z.object({
  /** the fields filters may name (LibraryFilterFields), each at most once */
  filterableFields: z.array(z.string().trim().min(1).max(100)).max(50),
});
export type TextIndexFiltersInput = z.infer<typeof TextIndexFiltersInputSchema>;

const FilterFieldSchema = z.object({
  name: z.string(),
  type: z.enum(['string', 'id', 'number', 'date']),
  operators: z.array(z.enum(LibraryFilterOperators)),
});

/** GET /admin/fileLibraries/{dataSourceId}/textIndex/indexDefinition (also the answer of POST …/textIndex) */
export const TextIndexDefinitionSchema = z.object({
  dataSourceId: z.string().uuid(),
  /** false after DELETE …/textIndex: the library is then searched by vectors alone, or not at all without them */
  enabled: z.boolean(),
  /** the text search configuration the chunks are indexed in */
  language: z.enum(TextSearchLanguages),
  /** how a question becomes a query, and how matches are ranked */
  query: z.object({ parser: z.literal('websearch_to_tsquery'), ranking: z.literal('ts_rank_cd'), normalization: z.number().int() }),
  /** what is indexed of each chunk, with its weight (A counts most) */
  fields: z.array(z.object({ name: z.string(), weight: z.enum(['A', 'B', 'C', 'D']) })),
  filterableFields: z.array(FilterFieldSchema),
  /** every field a library may make filterable */
  availableFilterFields: z.array(FilterFieldSchema),
  /** null for a library that does not embed (or a database without vectors) */
  vectors: z
    .object({
      embeddingDeploymentName: z.string(),
      /** the length of the library's vectors; null until a chunk is embedded */
      dimensions: z.number().int().nullable(),
      metric: z.literal('cosine'),
      count: z.number().int(),
    })
    .nullable(),
  counts: z.object({
    /** chunks stored, and those in the full-text index (the rest belong to runs still being processed) */
    chunks: z.number().int(),
    indexedChunks: z.number().int(),
    onlineFiles: z.number().int(),
  }),
  /**
   * The last build queued by POST …/textIndex, as the jobs engine keeps it (its record stays a day after it ends):
   * Queued and Building while it waits or runs (a page polls until it ends), Ready or Failed after.
   */
  buildStatus: z
    .enum(TextIndexBuildStatuses)
    .describe(
      'The last build queued by POST …/textIndex: Queued (also while a failed try waits for its retry), Building, Ready or Failed (retries spent); with none on record Ready when the index is on, NotBuilt when it is off. Poll while Queued or Building.',
    ),
  /** when the last build was queued; null when none is on record */
  buildQueuedAt: z.string().datetime().nullable(),
  /** when the last build ended (built or failed for good); null while none has ended */
  lastBuiltAt: z.string().datetime().nullable(),
  /** why the last try of the build failed (also while it waits to be retried); null when it did not */
  buildError: z.string().nullable(),
});
export type TextIndexDefinition = z.infer<typeof TextIndexDefinitionSchema>;
