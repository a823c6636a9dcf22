// Ingestion of library files as durable jobs (platform/jobs.ts): extract → chunk → embed → index, one queue per step
// so that each has its own concurrency (reading is CPU on the extraction threads, embedding waits for the provider,
// indexing is the database's work). Files of a library without an embedding deployment, or on a database without
// vectors, go from chunk to index.
//
// A job carries {fileId, run}, which is also its key: a queue holds one job per file run waiting or running. The
// file row says which run and step it is at (`run`, `stage`); a job of an earlier run or of a step already done
// finds that and stops, so every job may run twice (a retry after its process died mid-step) without harm: a step's write checks the run and step in its own statement or under the row's lock, and only
// the one that moves the file on sends the next job. A step that fails for a reason that will not pass (a damaged or
// encrypted file, no text) ends the file in Error with a log line at once; any other failure is retried with backoff,
// and ends in Error on the last attempt. Files whose next job was lost (the process stopped between a commit and its
// send) are found by a sweep at every start of the jobs engine and every few minutes, and sent again. Cancelling a file moves it
// to a new run that no job has (cancelRun): whatever of the old run still runs finds that and is discarded.
import { performance } from 'node:perf_hooks';
import type { LibraryFileStage } from '@atrium/contract';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../db/client.js';
import type { JobRun } from '../../platform/jobs.js';
import { ModelError, type EmbeddingDeployment } from '../../ai/model.types.js';
import { EmbeddingBatchLimits, embeddingBatches } from '../../ai/embeddings.js';
import { chunksWithVectors, ensureDimensionIndex, storeVectors, vectorsReady } from './knowledge.vectors.js';
import {
  ExtractionBusyError,
  ExtractionRefusedError,
  ExtractionUnreadableError,
  extractionPool,
  DefaultExtractionOptions,
  type ExtractedDocument,
} from '../../platform/extraction/extraction-pool.js';
import { chunkDocument } from './chunking.js';
import type { LibraryFileKind } from './library-file-types.js';
import * as repo from './knowledge.repository.js';

export type IngestionContext = Pick<AppContext, 'db' | 'database' | 'blobs' | 'jobs' | 'logger' | 'models'>;

export const IngestionQueues = { extract: 'knowledge.extract', chunk: 'knowledge.chunk', embed: 'knowledge.embed', index: 'knowledge.index' } as const;
type Step = keyof typeof IngestionQueues;
const StageOf: Record<Step, LibraryFileStage> = { extract: 'Extracting', chunk: 'Chunking', embed: 'Embedding', index: 'Indexing' };
const StepOf: Record<LibraryFileStage, Step> = { Extracting: 'extract', Chunking: 'chunk', Embedding: 'embed', Indexing: 'index' };

export interface StepJob {
  fileId: string;
  run: number;
}

/** Characters of text kept per library file: about 3,000 pages of a dense book. */
export const LibraryMaxChars = 10_000_000;

/** Progress when each step is done (the embedding step moves it batch by batch). */
const ProgressAfter: Record<Step, number> = { extract: 40, chunk: repo.ProgressBeforeEmbedding, embed: 95, index: 100 };

/** The blob of the text read from a file (JSON of its pages), beside the original. */
export const extractionKey = (blobKey: string) => `${blobKey}.extraction.json`;

/** A failure no retry mends: the file ends in Error with this message. */
class FileFailure extends Error {}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 1024 * 1024 ? 2 : 1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function defineIngestion(ctx: IngestionContext): void {
  // one job per file run and step waits or runs at a time: a step found twice (the sweep) is queued once
  // a step of a process killed with kill -9 runs again once its heartbeats stop (30 s and the engine's next look), not
  // after its expiry (the embedding step may run an hour)
  const retry = { retryLimit: 3, retryDelaySeconds: 5, heartbeatSeconds: 30, key: (job: StepJob) => `${job.fileId}:${job.run}` };
  // at most as many files read at once as the extraction pool has threads (more would only wait for them)
  ctx.jobs.define<StepJob>(IngestionQueues.extract, { ...retry, concurrency: DefaultExtractionOptions.threads, expireInSeconds: 300 }, (job, run) =>
    runStep(ctx, 'extract', job, run),
  );
  ctx.jobs.define<StepJob>(IngestionQueues.chunk, { ...retry, concurrency: 2, expireInSeconds: 300 }, (job, run) => runStep(ctx, 'chunk', job, run));
  // a large file is a few hundred calls to the provider (slower on a local server): a retry goes on from the last batch stored
  ctx.jobs.define<StepJob>(IngestionQueues.embed, { ...retry, concurrency: 2, expireInSeconds: 3600 }, (job, run) => runStep(ctx, 'embed', job, run));
  ctx.jobs.define<StepJob>(IngestionQueues.index, { ...retry, concurrency: 2, expireInSeconds: 300 }, (job, run) => runStep(ctx, 'index', job, run));
  ctx.jobs.onStart(async () => {
    // the vectors table, where the database has vectors, before any step needs it
    await vectorsReady(ctx);
    await resumeUnfinished(ctx, new Date());
  });
}

/** Queues a file's step: whether a job was queued (not when one of the file run waits already). A failure to send is logged (the sweep sends it later). */
export async function sendStep(
  ctx: Pick<IngestionContext, 'jobs' | 'logger'>,
  step: Step,
  job: StepJob,
  options: { startAfterSeconds?: number } = {},
): Promise<boolean> {
  try {
    return (await ctx.jobs.send(IngestionQueues[step], job, options)) !== null;
  } catch (e) {
    ctx.logger.error({ err: e, fileId: job.fileId, step }, 'could not queue a library file step; the next sweep queues it again');
    return false;
  }
}

const log = (ctx: IngestionContext, job: StepJob, level: 'INFO' | 'WARN' | 'ERROR', stage: LibraryFileStage | null, message: string) =>
  repo.addLog(ctx.db, { fileId: job.fileId, run: job.run, level, stage, message });

async function runStep(ctx: IngestionContext, step: Step, job: StepJob, run: JobRun): Promise<void> {
  const stage = StageOf[step];
  const file = await repo.getFileById(ctx.db, job.fileId);
  // deleted, reprocessed since, or this step is done already
  if (!file || file.run !== job.run || file.stage !== stage) return;
  try {
    if (step === 'extract') await extract(ctx, file, job, run);
    else if (step === 'chunk') await chunk(ctx, file, job);
    else if (step === 'embed') await embed(ctx, file, job, run);
    else await index(ctx, file, job);
  } catch (e) {
    const permanent = e instanceof FileFailure;
    if (!permanent && !run.lastAttempt) {
      await log(ctx, job, 'WARN', stage, `${e instanceof Error ? e.message : String(e)} (attempt ${run.attempt + 1}; it is tried again)`);
      throw e;
    }
    const message = permanent ? e.message : `${e instanceof Error ? e.message : String(e)} (after ${run.attempt + 1} attempts)`;
    await failFile(ctx, job, stage, message);
    if (!permanent) throw e;
  }
}

/** Ends the file's run in Error: its chunks go (an Error file is never searched), the message stays for people to read. */
async function failFile(ctx: IngestionContext, job: StepJob, stage: LibraryFileStage, message: string): Promise<void> {
  const ended = await ctx.db.transaction(async (tx) => {
    const file = await repo.lockFileAt(tx, job.fileId, job.run, stage);
    if (!file) return false;
    await repo.deleteFileChunks(tx, job.fileId);
    await repo.updateFile(tx, job.fileId, { status: 'Error', stage: null, errorMessage: message, chunkCount: 0 });
    return true;
  });
  if (ended) await log(ctx, job, 'ERROR', stage, message);
}

// ---- cancel

/** The statuses of a file on its way, which cancelling stops. */
export const CancellableStatuses: readonly string[] = ['Queued', 'Processing'];

/**
 * Stops a file on its way (Queued or Processing), in the caller's transaction: the file moves to a new run that has
 * no job, so a job of the run it was in finds it changed and stops, and a step running meanwhile finds it so when it
 * writes and discards its work (the embedding step within one batch); its chunks go with their vectors, and it ends in
 * Error with the message and a log line in the new run. Reprocessing starts it again. The file as it is afterwards,
 * or, with `cancelled` false, as it was when it was not on its way (or is gone).
 */
export async function cancelRun(
  tx: Db,
  fileId: string,
  by: string,
): Promise<{ cancelled: true; file: repo.LibraryFileRow } | { cancelled: false; file: repo.LibraryFileRow | null }> {
  // the file under its lock at the run and step it was read at; a step that moved it meanwhile: read it again
  for (;;) {
    const seen = await repo.getFileById(tx, fileId);
    if (!seen || !CancellableStatuses.includes(seen.status) || !seen.stage) return { cancelled: false, file: seen };
    if (!(await repo.lockFileAt(tx, fileId, seen.run, seen.stage))) continue;
    const run = seen.run + 1;
    const where = seen.status === 'Queued' ? 'before it was read' : `while ${seen.stage.toLowerCase()} (${seen.progressPercent}%)`;
    await repo.deleteFileChunks(tx, fileId);
    await repo.updateFile(tx, fileId, { run, status: 'Error', stage: null, progressPercent: 0, chunkCount: 0, errorMessage: `Cancelled by ${by}.` });
    await repo.addLog(tx, {
      fileId,
      run,
      level: 'WARN',
      stage: null,
      message: `Cancelled by ${by} ${where} in run ${seen.run}; nothing of it is searched. Reprocess the file to start again.`,
    });
    return { cancelled: true, file: (await repo.getFileById(tx, fileId))! };
  }
}

// ---- extract

async function readText(kind: LibraryFileKind, data: Buffer, fileName: string): Promise<ExtractedDocument> {
  switch (kind) {
    case 'pdf':
    case 'docx':
    case 'pptx':
    case 'xlsx':
    case 'html':
      return extractionPool().extractDocument(kind, data, LibraryMaxChars);
    case 'markdown':
    case 'text':
    case 'csv':
    case 'json': {
      // on an extraction thread too: a large CSV or Markdown file is seconds of parsing and tidying
      const read = await extractionPool().readTextFile(kind, data, fileName, LibraryMaxChars);
      if (read === null) throw new FileFailure('The file is not UTF-8 text.');
      return read;
    }
  }
}

async function extract(ctx: IngestionContext, file: repo.LibraryFileRow, job: StepJob, run: JobRun): Promise<void> {
  await repo.updateFile(ctx.db, file.id, { status: 'Processing', progressPercent: 10 }, { run: job.run, stage: 'Extracting' });
  await log(
    ctx,
    job,
    'INFO',
    'Extracting',
    `Reading ${file.fileName} (${file.mimeType}, ${mb(file.sizeBytes)})${run.attempt ? `, attempt ${run.attempt + 1}` : ''}.`,
  );
  const data = await ctx.blobs.get(file.blobKey);
  if (!data) throw new FileFailure('The uploaded file is missing from storage. Upload it again.');
  const started = performance.now();
  let document: ExtractedDocument;
  try {
    document = await readText(file.kind as LibraryFileKind, data, file.fileName);
  } catch (e) {
    if (e instanceof ExtractionRefusedError) throw new FileFailure(`The file was refused: ${e.message}`);
    if (e instanceof ExtractionUnreadableError) throw new FileFailure(`The file could not be read: ${e.message}`);
    // every reading thread is busy: a later attempt gets one
    if (e instanceof ExtractionBusyError) throw e;
    throw e;
  }
  if (document.pages.length === 0) {
    throw new FileFailure(
      file.kind === 'pdf'
        ? 'No text was found in the file. A scanned PDF has only images of its pages; run it through text recognition (OCR) first.'
        : 'No text was found in the file.',
    );
  }
  await ctx.blobs.put(extractionKey(file.blobKey), Buffer.from(JSON.stringify(document)), 'application/json');
  const characters = document.pages.reduce((n, p) => n + p.text.length, 0);
  const pageCount = file.kind === 'pdf' || file.kind === 'pptx' ? Math.max(...document.pages.map((p) => p.page ?? 0)) : null;
  const moved = await repo.updateFile(
    ctx.db,
    file.id,
    { stage: 'Chunking', progressPercent: ProgressAfter.extract, pageCount, characterCount: characters, truncated: document.truncated },
    { run: job.run, stage: 'Extracting' },
  );
  if (!moved) return;
  const unit = file.kind === 'pptx' ? 'slide' : 'page';
  const pages = pageCount === null ? '' : `${pageCount} ${unit}${pageCount === 1 ? '' : 's'}, `;
  await log(ctx, job, 'INFO', 'Extracting', `Read ${pages}${characters.toLocaleString('en-US')} characters in ${seconds(performance.now() - started)}.`);
  if (document.truncated) {
    await log(
      ctx,
      job,
      'WARN',
      'Extracting',
      `Only the first ${LibraryMaxChars.toLocaleString('en-US')} characters are kept; the rest of the file is not searched.`,
    );
  }
  await sendStep(ctx, 'chunk', job);
}

// ---- chunk

async function chunk(ctx: IngestionContext, file: repo.LibraryFileRow, job: StepJob): Promise<void> {
  const library = await repo.getLibrary(ctx.db, file.libraryId);
  if (!library) return;
  const stored = await ctx.blobs.get(extractionKey(file.blobKey));
  if (!stored) throw new FileFailure('The text read from the file is missing. Reprocess the file.');
  const document = JSON.parse(stored.toString('utf8')) as ExtractedDocument;
  const started = performance.now();
  // headings: Markdown's own, and those extraction writes as Markdown lines (DOCX, HTML, slide titles and notes, sheet names)
  const markdownHeadings = ['markdown', 'docx', 'html', 'pptx', 'xlsx'].includes(file.kind);
  const chunks = chunkDocument(document.pages, { chunkSize: library.chunkSize, chunkOverlap: library.chunkOverlap, markdownHeadings });
  if (chunks.length === 0) throw new FileFailure('No text was found in the file.');
  // libraries with an embedding deployment embed the chunks before they are indexed (where the database has vectors)
  const next: Step = library.embeddingDeploymentId && (await vectorsReady(ctx)) ? 'embed' : 'index';
  const moved = await ctx.db.transaction(async (tx) => {
    if (!(await repo.lockFileAt(tx, file.id, job.run, 'Chunking'))) return false;
    await repo.replaceRunChunks(tx, file, job.run, chunks);
    await repo.updateFile(tx, file.id, { stage: StageOf[next], progressPercent: ProgressAfter.chunk });
    return true;
  });
  if (!moved) return;
  const sections = new Set(chunks.map((c) => c.headings.join('\u0000'))).size;
  await log(
    ctx,
    job,
    'INFO',
    'Chunking',
    `Split into ${chunks.length} chunk${chunks.length === 1 ? '' : 's'}${markdownHeadings ? ` in ${sections} section${sections === 1 ? '' : 's'}` : ''} (about ${library.chunkSize} characters, ${library.chunkOverlap} overlapping) in ${seconds(performance.now() - started)}.`,
  );
  await sendStep(ctx, next, job);
}

// ---- embed

/** What a chunk's vector is made of: its headings (the section it sits in says what it is about), then its text. */
export const embeddingInput = (chunk: { text: string; headings: string[] }) =>
  chunk.headings.length > 0 ? `${chunk.headings.join(' > ')}\n\n${chunk.text}` : chunk.text;

/**
 * Vectors stored per transaction. On the embedded database a transaction holds its only connection, and each vector
 * costs its HNSW insert on the database thread (pgvector in WebAssembly: about 5 ms at 256 dimensions, 33 ms at
 * 1,536), so a few at a time keep the chat's statements from waiting more than about 50 ms; PostgreSQL takes a batch.
 */
const vectorsPerTransaction = (ctx: IngestionContext, dimensions: number) =>
  ctx.database.kind === 'pglite' ? Math.max(1, Math.floor(4096 / dimensions)) : EmbeddingBatchLimits.inputs;

/** Whether a provider's refusal will not pass by trying again (a bad key, an unknown model, an input too long). */
const refusedForGood = (e: ModelError) =>
  e.kind === 'upstream' && e.status !== null && e.status >= 400 && e.status < 500 && ![408, 409, 429].includes(e.status);

/**
 * Embeds the run's chunks with the library's embedding deployment, a batch at a time, and stores their vectors;
 * then the file goes on to its index step (or, OutOfDate, back Online: its chunks are indexed already). Each batch
 * is stored under the file's lock and the library's share lock, so that a change of the library's deployment
 * (which deletes its vectors and locks the library) is seen: the step then starts again with the new one. Chunks
 * that have a vector from an earlier attempt of the run are not embedded again.
 */
async function embed(ctx: IngestionContext, file: repo.LibraryFileRow, job: StepJob, run: JobRun): Promise<void> {
  const started = performance.now();
  for (let round = 1; ; round++) {
    const library = await repo.getLibrary(ctx.db, file.libraryId);
    if (!library) return;
    const deploymentId = library.embeddingDeploymentId;
    /** goes on without vectors; false when the library's deployment changed meanwhile (the step starts again) */
    const skip = async (level: 'INFO' | 'WARN', message: string) =>
      (await finishEmbedding(ctx, file, job, deploymentId, { level, message: `${message} The file is searched by full text only.` })) !== 'changed';
    const vectors = await vectorsReady(ctx);
    const deployment: EmbeddingDeployment | undefined =
      deploymentId && vectors ? (await ctx.models.embeddingDeployments()).find((d) => d.deploymentId === deploymentId) : undefined;
    if (!deployment) {
      const why = !deploymentId
        ? 'The library embeds nothing.'
        : !vectors
          ? 'The database cannot hold vectors.'
          : "The library's embedding deployment is disabled or was removed.";
      if (await skip(deploymentId ? 'WARN' : 'INFO', why)) return;
      continue;
    }
    const chunks = await repo.runChunks(ctx.db, file.id, job.run);
    const done = await chunksWithVectors(ctx.db, file.id, job.run);
    const todo = chunks.filter((c) => !done.has(c.id));
    await log(
      ctx,
      job,
      'INFO',
      'Embedding',
      `Embedding ${todo.length} chunk${todo.length === 1 ? '' : 's'} with ${deployment.displayName}${done.size ? ` (${done.size} embedded by an earlier attempt)` : ''}.`,
    );
    let embedded = done.size;
    let dimensions: number | null = null;
    let tokens: number | null = 0;
    let outcome: 'stored' | 'changed' | 'gone' = 'stored';
    for (const batch of embeddingBatches(todo, embeddingInput)) {
      let result;
      try {
        result = await ctx.models.embed({ deployment, inputs: batch.map(embeddingInput), signal: run.signal });
      } catch (e) {
        if (!(e instanceof ModelError)) throw e;
        if (e.kind === 'not_configured') {
          // HIPAA mode and a deployment not marked compliant, or one removed meanwhile: the text stays here
          if (await skip('WARN', e.message)) return;
          outcome = 'changed';
          break;
        }
        if (refusedForGood(e)) throw new FileFailure(`${deployment.displayName} refused to embed the chunks: ${e.message}`);
        throw e;
      }
      if (dimensions === null) await ensureDimensionIndex(ctx, result.dimensions);
      dimensions = result.dimensions;
      tokens = tokens !== null && result.tokens !== null ? tokens + result.tokens : null;
      const slice = vectorsPerTransaction(ctx, result.dimensions);
      for (let from = 0; from < batch.length && outcome === 'stored'; from += slice) {
        const part = batch.slice(from, from + slice);
        const progressPercent = Math.floor(
          ProgressAfter.chunk + ((ProgressAfter.embed - ProgressAfter.chunk) * (embedded + part.length)) / Math.max(1, chunks.length),
        );
        outcome = await ctx.db.transaction(async (tx) => {
          if (!(await repo.lockFileAt(tx, file.id, job.run, 'Embedding'))) return 'gone';
          if ((await repo.libraryEmbeddingShared(tx, file.libraryId))?.embeddingDeploymentId !== deploymentId) return 'changed';
          await storeVectors(
            tx,
            part.map((c, i) => ({ chunkId: c.id, libraryId: file.libraryId, fileId: file.id, embedding: result.vectors[from + i]! })),
          );
          await repo.updateFile(tx, file.id, { progressPercent });
          return 'stored';
        });
        if (outcome === 'stored') embedded += part.length;
      }
      if (outcome !== 'stored') break;
    }
    if (outcome === 'gone') return;
    if (outcome === 'changed') {
      await log(
        ctx,
        job,
        'INFO',
        'Embedding',
        `The library's embedding deployment changed while embedding (round ${round}); embedding again with the new one.`,
      );
      continue;
    }
    const counted = tokens ? `, ${tokens.toLocaleString('en-US')} tokens` : '';
    const summary =
      dimensions === null
        ? `Every chunk was embedded by an earlier attempt.`
        : `Embedded ${todo.length} chunk${todo.length === 1 ? '' : 's'} (${dimensions} dimensions${counted}) in ${seconds(performance.now() - started)}.`;
    if ((await finishEmbedding(ctx, file, job, deploymentId, { level: 'INFO', message: summary })) === 'changed') continue;
    return;
  }
}

/**
 * Moves the file past its embedding step: an OutOfDate file is Online again (its chunks are indexed), another goes
 * to its index step. Checked under the file's lock and the library's share lock, with the deployment the step used
 * (`changed` when the library's deployment is another by now). With `note`, a log line says why nothing was embedded.
 */
async function finishEmbedding(
  ctx: IngestionContext,
  file: repo.LibraryFileRow,
  job: StepJob,
  deploymentId: string | null,
  note: { level: 'INFO' | 'WARN'; message: string } | null,
): Promise<'moved' | 'changed' | 'gone'> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const current = await repo.lockFileAt(tx, file.id, job.run, 'Embedding');
    if (!current) return { moved: 'gone' as const };
    if ((await repo.libraryEmbeddingShared(tx, file.libraryId))?.embeddingDeploymentId !== deploymentId) return { moved: 'changed' as const };
    const again = current.status === 'OutOfDate';
    await repo.updateFile(
      tx,
      file.id,
      again
        ? { status: 'Online', stage: null, progressPercent: ProgressAfter.index, processedAt: new Date() }
        : { stage: 'Indexing', progressPercent: ProgressAfter.embed },
    );
    return { moved: 'moved' as const, again };
  });
  if (outcome.moved !== 'moved') return outcome.moved;
  if (note) await log(ctx, job, note.level, 'Embedding', note.message);
  if (outcome.again) await log(ctx, job, 'INFO', 'Embedding', 'The file is online.');
  else await sendStep(ctx, 'index', job);
  return 'moved';
}

// ---- index

async function index(ctx: IngestionContext, file: repo.LibraryFileRow, job: StepJob): Promise<void> {
  const library = await repo.getLibrary(ctx.db, file.libraryId);
  if (!library) return;
  const started = performance.now();
  const indexed = await ctx.db.transaction(async (tx) => {
    if (!(await repo.lockFileAt(tx, file.id, job.run, 'Indexing'))) return null;
    const count = await repo.indexRunChunks(tx, file.id, job.run, library.language);
    await repo.updateFile(tx, file.id, {
      status: 'Online',
      stage: null,
      progressPercent: ProgressAfter.index,
      chunkCount: count,
      errorMessage: null,
      processedAt: new Date(),
    });
    return count;
  });
  if (indexed === null) return;
  await log(
    ctx,
    job,
    'INFO',
    'Indexing',
    `Indexed ${indexed} chunk${indexed === 1 ? '' : 's'} for full-text search (${library.language}) in ${seconds(performance.now() - started)}. The file is online.`,
  );
}

// ---- the sweep

/** How long a file may sit without change before the sweep checks that its job still exists. */
const SweepGraceMs = 10 * 60_000;

/**
 * Sends again the step of each file on its way (Queued or Processing, unchanged since `before`): the queue takes it
 * only when it has no job of that file run waiting or running, i.e. when the job was lost between a commit and its
 * send, or sent while the jobs engine could not take it. The number of files queued again.
 */
export async function resumeUnfinished(ctx: IngestionContext, before: Date): Promise<number> {
  let resumed = 0;
  for (const file of await repo.unfinishedFiles(ctx.db, before)) {
    const step = file.stage ? StepOf[file.stage as LibraryFileStage] : undefined;
    if (!step) continue;
    if (await sendStep(ctx, step, { fileId: file.id, run: file.run })) resumed++;
  }
  if (resumed) ctx.logger.warn({ files: resumed }, 'library files whose next step was lost are queued again');
  return resumed;
}

/** Sweeps every few minutes while the app runs (files of other processes, on PostgreSQL); the stop function ends it. */
export function startSweeping(ctx: IngestionContext, intervalMs = 5 * 60_000): () => void {
  const timer = setInterval(() => {
    if (!ctx.jobs.running) return;
    void resumeUnfinished(ctx, new Date(Date.now() - SweepGraceMs)).catch((e: unknown) => ctx.logger.error({ err: e }, 'library file sweep failed'));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
