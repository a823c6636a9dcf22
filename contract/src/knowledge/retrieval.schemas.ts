// Retrieval from file libraries: "Try a question" on a library's page (POST …/{dataSourceId}/search), the chat
// turn's search of an agent's libraries (its trace goes into execution details), and the documents a citation
// opens (GET /knowledge/files/{fileId}: the text page by page, for people who may chat with an agent that
// answers from the file's library).
import { z } from 'zod';
import { RetrievalModes } from './file-libraries.constants.js';
import { RetrievalQueryMaxLength, RetrievalTopKLimits, RetrieverNames } from './retrieval.constants.js';
import { LibraryFiltersSchema } from './text-index.schemas.js';

/** POST /admin/fileLibraries/{dataSourceId}/search */
export const LibrarySearchBodySchema = z.object({
  query: z.string().trim().min(1, 'Ask a question').max(RetrievalQueryMaxLength, `At most ${RetrievalQueryMaxLength} characters`),
  topK: z.number().int().min(RetrievalTopKLimits.min).max(RetrievalTopKLimits.max).default(RetrievalTopKLimits.default),
  /** passages whose fused score is lower are left out (0 to 1, relative to the best possible score) */
  minScore: z.number().min(0).max(1).default(0),
  /** conditions on the files' metadata the passages must meet (the library's filterable fields) */
  filters: LibraryFiltersSchema.optional(),
});
export type LibrarySearchBody = z.input<typeof LibrarySearchBodySchema>;

export const RetrievedPassageSchema = z.object({
  fileId: z.string().uuid(),
  dataSourceId: z.string().uuid(),
  fileName: z.string(),
  chunkIndex: z.number().int(),
  text: z.string(),
  headings: z.array(z.string()),
  pageStart: z.number().int().nullable(),
  pageEnd: z.number().int().nullable(),
  /** the fused score, 0 to 1 (1: first in every retriever) */
  score: z.number(),
  /** each retriever's rank (1 = best) and its own score, null where it did not find the passage */
  ranks: z.object({
    FullText: z.object({ rank: z.number().int(), score: z.number() }).nullable(),
    Vector: z.object({ rank: z.number().int(), score: z.number() }).nullable(),
  }),
  /** the reranker's rank (1 = best) and relevance score; null without a reranker, when it failed, or beyond its candidates */
  rerank: z.object({ rank: z.number().int(), score: z.number() }).nullable(),
});
export type RetrievedPassage = z.infer<typeof RetrievedPassageSchema>;

export const RetrievalTraceSchema = z.object({
  query: z.string(),
  mode: z.enum(RetrievalModes),
  /** per retriever: how many candidates it found and how long it took */
  retrievers: z.array(z.object({ name: z.enum(RetrieverNames), candidates: z.number().int(), durationMs: z.number() })),
  /** candidates after fusion, before top-k and the minimum score */
  fused: z.number().int(),
  /**
   * the configured reranker (null: none, or no candidate to rerank): its model, the fused candidates it was sent, how
   * long it took, and why it failed (null: it reordered them; otherwise the fused order was kept)
   */
  reranker: z.object({ model: z.string(), candidates: z.number().int(), durationMs: z.number(), error: z.string().nullable() }).nullable(),
  durationMs: z.number(),
});
export type RetrievalTrace = z.infer<typeof RetrievalTraceSchema>;

export const LibrarySearchResultSchema = z.object({ passages: z.array(RetrievedPassageSchema), trace: RetrievalTraceSchema });
export type LibrarySearchResult = z.infer<typeof LibrarySearchResultSchema>;

export const SourceFileParamsSchema = z.object({ fileId: z.string().uuid() });

/** GET /knowledge/files/{fileId}: a document a citation opens. */
export const SourceFileSchema = z.object({
  fileId: z.string().uuid(),
  fileName: z.string(),
  mimeType: z.string(),
  libraryName: z.string(),
  pageCount: z.number().int().nullable(),
  pages: z.array(z.object({ pageNumber: z.number().int().nullable(), text: z.string() })),
  truncated: z.boolean(),
});
export type SourceFile = z.infer<typeof SourceFileSchema>;
