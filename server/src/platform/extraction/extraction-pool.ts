// Reads the documents people upload on threads of their own, where a file can use only so much memory and
// time: a worker with a V8 heap limit and a deadline, from a piscina pool. A parser that runs out of either is
// stopped (its thread ends, taking its memory with it) and the file is refused; the server's thread and every
// other request go on. Archives are unpacked within limits first (archive.ts). Three kinds of work: a document's
// text (uploads, file libraries), a library's text file (Markdown, text, CSV, JSON: text-file.ts) and a document's figures (figures.ts: listing a library file's images, reading one),
// whose PDF images pdf.js decodes and sharp encodes for seconds at a time.
//
// The worker's file: the built server runs dist/platform/extraction/extraction-worker.js; the tests and
// benches, which run the TypeScript sources, point the pool at a boot file that loads the source through
// tsx (server/src/test/extraction-worker-source.ts), so production code has no branch for them.
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
// sharp's shared libraries must stay loaded in the server's thread while worker threads load and unload it (glibc
// would unload them when the first worker that used them ends: lovell/sharp#2263, sharp's install docs)
import 'sharp';
import { DefaultArchiveLimits, type ArchiveLimit, type ArchiveLimits } from './archive.js';
import type { DocumentKind, ExtractedPage, ExtractionOutcome, WorkerTask } from './extraction-worker.js';
import type { FigureImage, FigureSource, FoundFigure } from './figures.js';
import type { TextFileKind } from './text-file.js';

export type { DocumentKind, ExtractedPage } from './extraction-worker.js';

/** A document's text page by page (PDF), or as one page with its headings as Markdown lines (DOCX, HTML). */
export interface ExtractedDocument {
  pages: ExtractedPage[];
  /** whether the text was cut at the characters kept */
  truncated: boolean;
}

export interface ExtractionOptions {
  /** threads reading at once; more files wait */
  threads: number;
  /** files waiting for a thread before more are turned away (ExtractionBusyError) */
  maxWaiting: number;
  /** V8 heap of a thread, in MB */
  heapMb: number;
  /** the longest one file may take once a thread has it, in ms */
  timeoutMs: number;
  archiveLimits: ArchiveLimits;
  /** text kept per file */
  maxChars: number;
}

/** Text kept per file; more would not fit any model's context anyway. */
export const MaxExtractedChars = 1_000_000;

/**
 * mammoth holds a DOCX's XML as a tree: about 35 bytes of heap per byte of XML (measured: 9 MB of XML, 330 MB
 * of heap, 7 s on this 2-core machine). 256 MB reads any document whose text fits MaxExtractedChars; one thread
 * leaves the other core to the server on a small machine.
 */
export const DefaultExtractionOptions: ExtractionOptions = {
  threads: Math.max(1, Math.min(2, os.availableParallelism() - 1)),
  maxWaiting: 32,
  heapMb: 256,
  timeoutMs: 30_000,
  archiveLimits: DefaultArchiveLimits,
  maxChars: MaxExtractedChars,
};

export type ExtractionLimit = ArchiveLimit | 'memory' | 'time';

/** The file exceeds a limit of what may be unpacked or of the memory or time it may take: refuse it. */
export class ExtractionRefusedError extends Error {
  constructor(
    readonly limit: ExtractionLimit,
    /** the limit's value: entries, bytes, a ratio, megabytes of heap or milliseconds */
    readonly value: number,
    message: string,
  ) {
    super(message);
    this.name = 'ExtractionRefusedError';
  }
}

/** Every thread is busy and too many files wait already. */
export class ExtractionBusyError extends Error {
  constructor() {
    super('Too many files are being read at once.');
    this.name = 'ExtractionBusyError';
  }
}

/** The file is damaged, encrypted or not what it claims to be: it has no text to give. */
export class ExtractionUnreadableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExtractionUnreadableError';
  }
}

let workerFile = new URL('./extraction-worker.js', import.meta.url);

/** Runs the worker from another file from now on (tests and benches: a boot file for the TypeScript source). */
export function setExtractionWorkerFile(file: URL): void {
  workerFile = file;
}

const codeOf = (e: unknown) => (e as { code?: string } | null)?.code;

/** A task as the pool's callers give it: the pool adds its archive limits. */
type WithoutLimits<T> = T extends unknown ? Omit<T, 'archiveLimits'> : never;

export class ExtractionPool {
  private readonly pool: Piscina<WorkerTask, ExtractionOutcome>;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly options: ExtractionOptions = DefaultExtractionOptions) {
    const filename = fileURLToPath(workerFile);
    if (!fs.existsSync(filename)) {
      throw new Error(
        `The document extraction worker (${filename}) is not built: run \`npm run build\`, or, when running the TypeScript sources, import server/src/test/extraction-worker-source.ts first.`,
      );
    }
    this.pool = new Piscina({
      filename,
      minThreads: 0,
      maxThreads: options.threads,
      // threads end when idle, and their memory with them
      idleTimeout: 30_000,
      concurrentTasksPerWorker: 1,
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb, maxYoungGenerationSizeMb: Math.min(32, options.heapMb / 4) },
    });
    // a thread that dies between tasks (its memory limit) is replaced by the pool; nothing waits on it
    this.pool.on('error', () => undefined);
  }

  /** The text of a PDF or DOCX (null when it has none), or ExtractionRefusedError, ExtractionBusyError, ExtractionUnreadableError. */
  async extract(kind: DocumentKind, data: Buffer): Promise<string | null> {
    const outcome = await this.inSlot(() => this.run({ kind, data, layout: 'text', maxChars: this.options.maxChars }));
    return 'text' in outcome ? outcome.text : null;
  }

  /**
   * A document's text with its structure (file libraries): PDF page by page, DOCX and HTML with their headings.
   * At most `maxChars` characters in all (the pool's own limit unless said). The same refusals as extract().
   */
  async extractDocument(kind: DocumentKind, data: Buffer, maxChars = this.options.maxChars): Promise<ExtractedDocument> {
    const outcome = await this.inSlot(() => this.run({ kind, data, layout: 'pages', maxChars }));
    return 'pages' in outcome ? { pages: outcome.pages, truncated: outcome.truncated } : { pages: [], truncated: false };
  }

  /**
   * A library's text file (Markdown, text, CSV, JSON: text-file.ts) as one page, at most `maxChars` characters; null
   * when it is not UTF-8 text. The same refusals of memory and time as extract(): a file of tens of megabytes is
   * seconds of decoding, parsing and tidying, here off the server's thread.
   */
  async readTextFile(kind: TextFileKind, data: Buffer, fileName: string, maxChars = this.options.maxChars): Promise<ExtractedDocument | null> {
    const outcome = await this.inSlot(() => this.run({ textFile: kind, data, fileName, maxChars }));
    if ('notText' in outcome) return null;
    return 'pages' in outcome ? { pages: outcome.pages, truncated: outcome.truncated } : { pages: [], truncated: false };
  }

  /**
   * A document's figures (figures.ts), at most MaxFigures; `onCut` is told why a listing stopped before the end of
   * the document (a limit of time). The same refusals as extract().
   */
  async listFigures(kind: string, data: Buffer, onCut: (reason: string) => void = () => undefined): Promise<FoundFigure[]> {
    const outcome = await this.inSlot(() => this.run({ figures: 'list', kind, data }));
    if (!('figures' in outcome)) return [];
    for (const reason of outcome.cuts) onCut(reason);
    return outcome.figures;
  }

  /** The image of a figure listFigures found in this document; null when it is not there (any more). The same refusals as extract(). */
  async readFigure(data: Buffer, source: FigureSource): Promise<FigureImage | null> {
    const outcome = await this.inSlot(() => this.run({ figures: 'read', source, data }));
    if (!('image' in outcome) || !outcome.image) return null;
    const { contentType, data: bytes } = outcome.image;
    // the worker's bytes were moved here: a Buffer over them, not a copy
    return { contentType, data: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
  }

  /** Tasks the threads have finished (with an answer or an error), since the pool was made. */
  get completed(): number {
    return this.pool.completed;
  }

  private async inSlot<T>(work: () => Promise<T>): Promise<T> {
    await this.slot();
    try {
      return await work();
    } finally {
      // a waiting file takes the slot over; else it is free
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** Waits for a free thread, so that a file's deadline counts from when a thread has it. */
  private async slot(): Promise<void> {
    if (this.running < this.options.threads) {
      this.running++;
      return;
    }
    if (this.waiting.length >= this.options.maxWaiting) throw new ExtractionBusyError();
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private async run(task: WithoutLimits<WorkerTask>): Promise<Extract<ExtractionOutcome, { ok: true }>> {
    const { heapMb, timeoutMs, archiveLimits } = this.options;
    let outcome: ExtractionOutcome;
    try {
      outcome = await this.pool.run({ ...task, archiveLimits } as WorkerTask, { signal: AbortSignal.timeout(timeoutMs) });
    } catch (e) {
      // the pool ends the thread of an aborted task, and replaces a thread that ran out of memory
      if (codeOf(e) === 'ERR_WORKER_OUT_OF_MEMORY') {
        throw new ExtractionRefusedError('memory', heapMb, `Reading the file needs more than ${heapMb} MB of memory.`);
      }
      if (e instanceof Error && e.name === 'AbortError') {
        const took = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`;
        throw new ExtractionRefusedError('time', timeoutMs, `Reading the file takes longer than ${took}.`);
      }
      throw e;
    }
    if (outcome.ok) return outcome;
    if ('refused' in outcome) throw new ExtractionRefusedError(outcome.refused.limit, outcome.refused.value, outcome.refused.message);
    throw new ExtractionUnreadableError(outcome.unreadable);
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}

let shared: ExtractionPool | undefined;

/** The server's pool, made at the first file (no thread runs until one is read). */
export const extractionPool = (): ExtractionPool => (shared ??= new ExtractionPool());
