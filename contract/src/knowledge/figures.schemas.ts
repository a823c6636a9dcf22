// Figures of a library file (Admin FileLibraries, docs/knowledge.md "Figures"): the images found in the document as
// it was uploaded, read from it on request. GET …/files/{fileId}/figures lists them; …/figures/{index} is one image's
// bytes (PNG, JPEG, GIF or WebP; other formats are converted to PNG or left out).
import { z } from 'zod';
import { LibraryFileParamsSchema } from './file-libraries.schemas.js';

/** The image types a figure is served as. */
export const FigureContentTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const LibraryFigureSchema = z.object({
  /** its position in the list, from 0: what …/figures/{index} takes */
  index: z.number().int().min(0),
  /** the page (PDF) or slide (PowerPoint) it is on, from 1; null where a document has no pages (Word, Excel) */
  page: z.number().int().min(1).nullable(),
  contentType: z.enum(FigureContentTypes),
  width: z.number().int().min(1),
  height: z.number().int().min(1),
  /** the bytes …/figures/{index} answers with */
  byteSize: z.number().int().min(0),
});
export type LibraryFigure = z.infer<typeof LibraryFigureSchema>;

/** GET …/files/{fileId}/figures */
export const LibraryFigureListSchema = z.object({ items: z.array(LibraryFigureSchema) });
export type LibraryFigureList = z.infer<typeof LibraryFigureListSchema>;

export const LibraryFigureParamsSchema = LibraryFileParamsSchema.extend({ index: z.coerce.number().int().min(0).max(10_000) });
export type LibraryFigureParams = z.infer<typeof LibraryFigureParamsSchema>;
