// The figures of a library file (docs/knowledge.md "Figures"): the images found in its original, read on request by
// platform/extraction/figures.ts (nothing is stored). A file's list is kept a while per file and content (a PDF's
// takes a moment to read), so that its images are served without reading the whole document again; a file that cannot
// be read has none, with a warning in the server's log, never an error for the caller.
import type { LibraryFigure } from '@atrium/contract';
import type { CacheContext } from '../../platform/caches.js';
import { notFound } from '../../platform/errors.js';
import { listFigures, readFigure, type FigureImage, type FoundFigure } from '../../platform/extraction/figures.js';
import { ttlCache } from '../../platform/ttl-cache.js';
import type { KnowledgeContext } from './file-libraries.service.js';
import type * as repo from './knowledge.repository.js';

export type FiguresContext = Pick<KnowledgeContext, 'blobs' | 'logger'> & CacheContext;

const listings = ttlCache<FoundFigure[]>({ name: 'knowledge.figures', max: 64, ttlMs: 10 * 60_000 });

async function original(ctx: FiguresContext, file: repo.LibraryFileRow): Promise<Buffer> {
  const data = await ctx.blobs.get(file.blobKey);
  if (!data) throw notFound('The file’s content');
  return data;
}

/** The file's figures; none when it cannot be read (logged). */
export async function figuresOf(ctx: FiguresContext, file: repo.LibraryFileRow): Promise<FoundFigure[]> {
  // a file's content never changes under its id; the hash only guards against that assumption
  return listings.get(ctx, `${file.id}:${file.contentHash}`, async () => {
    const data = await original(ctx, file);
    const log = ctx.logger.child({ fileId: file.id, libraryId: file.libraryId, kind: file.kind });
    try {
      return await listFigures(file.kind, data, { onCut: (reason) => log.warn(`figures of a library file cut short: ${reason}`) });
    } catch (e) {
      log.warn({ err: e }, 'could not read the figures of a library file');
      return [];
    }
  });
}

export const presentFigure = ({ index, page, contentType, width, height, byteSize }: FoundFigure): LibraryFigure => ({
  index,
  page,
  contentType,
  width,
  height,
  byteSize,
});

/** One figure's image, by its index in figuresOf; 404 for an index the list does not have. */
export async function figureImage(ctx: FiguresContext, file: repo.LibraryFileRow, index: number): Promise<FigureImage> {
  const figure = (await figuresOf(ctx, file))[index];
  const missing = () => notFound(`Figure ${index}`);
  if (!figure) throw missing();
  try {
    const image = await readFigure(await original(ctx, file), figure);
    if (image) return image;
  } catch (e) {
    ctx.logger.warn({ err: e, fileId: file.id, index }, 'could not read a figure of a library file');
  }
  throw missing();
}
