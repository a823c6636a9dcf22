// The figures of a library file (docs/knowledge.md "Figures"): the images found in its original, read on request by
// platform/extraction/figures.ts on the extraction threads (extraction-pool.ts), never on the server's thread, where
// decoding a PDF's images would stall every chat stream for seconds (nothing is stored). A file's list is kept a while
// per file and content (a PDF's takes a moment to read), so that its images are served without reading the whole
// document again. A file that cannot be read, or whose reading needs more memory or time than a thread has, has none,
// with a warning in the server's log, never an error for the caller; so has a file asked for while too many files wait
// for a thread, but that answer is not kept, and the next request reads the file.
import type { LibraryFigure } from '@atrium/contract';
import type { CacheContext } from '../../platform/caches.js';
import { notFound } from '../../platform/errors.js';
import { ExtractionBusyError, extractionPool, type ExtractionPool } from '../../platform/extraction/extraction-pool.js';
import type { FigureImage, FoundFigure } from '../../platform/extraction/figures.js';
import { ttlCache } from '../../platform/ttl-cache.js';
import type { KnowledgeContext } from './file-libraries.service.js';
import type * as repo from './knowledge.repository.js';

export type FiguresContext = Pick<KnowledgeContext, 'blobs' | 'logger'> &
  CacheContext & {
    /** the threads that read the documents; the server's shared pool unless said (tests: one with short limits) */
    extraction?: ExtractionPool;
  };

const listings = ttlCache<FoundFigure[]>({ name: 'knowledge.figures', max: 64, ttlMs: 10 * 60_000 });

const poolOf = (ctx: FiguresContext) => ctx.extraction ?? extractionPool();

async function original(ctx: FiguresContext, file: repo.LibraryFileRow): Promise<Buffer> {
  const data = await ctx.blobs.get(file.blobKey);
  if (!data) throw notFound('The file’s content');
  return data;
}

/** The file's figures; none when it cannot be read, is over a thread's limits or every thread is busy (logged). */
export async function figuresOf(ctx: FiguresContext, file: repo.LibraryFileRow): Promise<FoundFigure[]> {
  const log = ctx.logger.child({ fileId: file.id, libraryId: file.libraryId, kind: file.kind });
  try {
    // a file's content never changes under its id; the hash only guards against that assumption
    return await listings.get(ctx, `${file.id}:${file.contentHash}`, async () => {
      const data = await original(ctx, file);
      try {
        return await poolOf(ctx).listFigures(file.kind, data, (reason) => log.warn(`figures of a library file cut short: ${reason}`));
      } catch (e) {
        // a busy pool says nothing of the file: not kept (ttlCache forgets a failed load)
        if (e instanceof ExtractionBusyError) throw e;
        log.warn({ err: e }, 'could not read the figures of a library file');
        return [];
      }
    });
  } catch (e) {
    if (!(e instanceof ExtractionBusyError)) throw e;
    log.warn({ err: e }, 'the figures of a library file were not read: every extraction thread is busy');
    return [];
  }
}

export const presentFigure = ({ index, page, contentType, width, height, byteSize }: FoundFigure): LibraryFigure => ({
  index,
  page,
  contentType,
  width,
  height,
  byteSize,
});

/** One figure's image, by its index in figuresOf; 404 for an index the list does not have or an image that cannot be read. */
export async function figureImage(ctx: FiguresContext, file: repo.LibraryFileRow, index: number): Promise<FigureImage> {
  const figure = (await figuresOf(ctx, file))[index];
  const missing = () => notFound(`Figure ${index}`);
  if (!figure) throw missing();
  try {
    const image = await poolOf(ctx).readFigure(await original(ctx, file), figure.source);
    if (image) return image;
  } catch (e) {
    ctx.logger.warn({ err: e, fileId: file.id, index }, 'could not read a figure of a library file');
  }
  throw missing();
}
