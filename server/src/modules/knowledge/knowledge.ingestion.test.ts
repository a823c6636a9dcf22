// Ingestion survives what stops it: a file whose next job was lost (the process stopped between a commit and the
// send) is queued again when the jobs engine starts, and by the sweep; a step that fails for a passing reason runs
// again; a job of an older run does nothing; a cancelled file stops where it is (whatever of its run still runs is
// discarded), ends in Error with no chunks or vectors, and Reprocess brings it online. (That a job the engine held
// when it stopped runs again after a start is the jobs engine's own test.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { FileLibrarySchema, LibraryFileLogSchema, LibraryFileSchema, LibraryFileUploadResultSchema, type LibraryFile } from '@atrium/contract';
import { connectFakeEmbedder } from '../../test/model-app.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { libraryChunks, libraryFiles } from '../../db/schema/index.js';
import { multipartFiles } from '../../test/library-fixtures.js';
import { startFakeOpenAI, type FakeUpstream } from '../../test/fake-upstreams.js';
import { IngestionQueues, resumeUnfinished } from './knowledge.ingestion.js';
import { DefaultExtractionOptions } from '../../platform/extraction/extraction-pool.js';

describe('library ingestion across stops', () => {
  let t: TestApp;
  let fake: FakeUpstream;
  let token: string;
  let libraryId: string;
  /** a library that embeds with the fake provider */
  let embeddingLibraryId: string;

  const get = async (url: string) =>
    JSON.parse((await t.app.inject({ method: 'GET', url: `/api/internal${url}`, headers: { authorization: `Bearer ${token}` } })).body) as unknown;
  const fileOf = async (fileId: string, library = libraryId) => LibraryFileSchema.parse(await get(`/admin/fileLibraries/${library}/files/${fileId}`));
  const settled = async (fileId: string, library = libraryId): Promise<LibraryFile> => {
    const started = Date.now();
    for (;;) {
      const file = await fileOf(fileId, library);
      if (file.status === 'Online' || file.status === 'Error') return file;
      if (Date.now() - started > 30_000) throw new Error(`file still ${file.status}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const put = async (url: string) => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/internal${url}`, headers: { authorization: `Bearer ${token}` } });
    return { status: res.statusCode, body: JSON.parse(res.body) as unknown };
  };
  const uploadOne = async (text: string, fileName: string, library = libraryId) => {
    const { payload, headers } = multipartFiles([{ data: Buffer.from(text), fileName }]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/internal/admin/fileLibraries/${library}/files`,
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    return LibraryFileUploadResultSchema.parse(JSON.parse(res.body)).items[0]!.file;
  };
  /** Puts the file back at a step with no job queued for it, as a process that stopped after the commit leaves it. */
  const loseJobAt = (fileId: string, stage: 'Chunking' | 'Indexing') =>
    t.ctx.db
      .update(libraryFiles)
      .set({ status: 'Processing', stage, progressPercent: 40, updatedAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(libraryFiles.id, fileId));

  const chunkRows = async (fileId: string) => (await t.ctx.db.select().from(libraryChunks).where(eq(libraryChunks.fileId, fileId))).length;
  const vectorRows = async (fileId: string) =>
    t.ctx.database.vectorAvailable
      ? (
          (await t.ctx.db.execute(sql`select count(*)::int as n from library_chunk_vectors where file_id = ${fileId}::uuid`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]!.n
      : 0;
  const logOf = async (fileId: string, library = libraryId) =>
    LibraryFileLogSchema.parse(await get(`/admin/fileLibraries/${library}/files/${fileId}/logs/latest`));
  const until = async (what: string, check: () => Promise<boolean>) => {
    const started = Date.now();
    while (!(await check())) {
      if (Date.now() - started > 20_000) throw new Error(`still waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await createTestApp();
    token = (await t.createUser({ actions: ['DataSourcesWrite'], displayName: 'Ada Admin' })).token;
    await connectFakeEmbedder(t.ctx, fake.url);
    const create = async (payload: object) =>
      FileLibrarySchema.parse(
        JSON.parse(
          (await t.app.inject({ method: 'POST', url: '/api/internal/admin/fileLibraries', headers: { authorization: `Bearer ${token}` }, payload })).body,
        ),
      ).dataSourceId;
    libraryId = await create({ name: 'Lib', embeddingDeploymentName: null });
    embeddingLibraryId = await create({ name: 'Embedded', embeddingDeploymentName: 'small', chunkSize: 200, chunkOverlap: 0 });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('queues a lost step again when the jobs engine starts, and the file comes online', async () => {
    const file = await uploadOne('# Notes\n\nThe canteen closes at three.\n', 'notes.md');
    expect((await settled(file.fileId)).status).toBe('Online');
    await t.ctx.jobs.stop();
    await loseJobAt(file.fileId, 'Chunking');
    await t.ctx.jobs.start();
    const again = await settled(file.fileId);
    expect(again).toMatchObject({ status: 'Online', progressPercent: 100, chunkCount: 1 });
    const chunks = await t.ctx.db.select().from(libraryChunks).where(eq(libraryChunks.fileId, file.fileId));
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.search).not.toBeNull();
  });

  it('the sweep queues a lost step of a running engine', async () => {
    const file = await uploadOne('Bicycles are parked in the yard.\n', 'bikes.txt');
    await settled(file.fileId);
    await loseJobAt(file.fileId, 'Indexing');
    // (that a second sweep at the same time queues nothing more is the queue's key: platform/jobs.test.ts)
    expect(await resumeUnfinished(t.ctx, new Date())).toBe(1);
    expect((await settled(file.fileId)).status).toBe('Online');
    // a file that is done is left alone
    expect(await resumeUnfinished(t.ctx, new Date())).toBe(0);
  });

  it('retries a step that failed for a passing reason, and logs the failure', async () => {
    const blobs = t.ctx.blobs;
    let failures = 0;
    // the store fails once when the original is read (a disk or network hiccup)
    t.ctx.blobs = {
      ...blobs,
      put: (key, data, type) => blobs.put(key, data, type),
      delete: (key) => blobs.delete(key),
      get: async (key) => {
        if (failures === 0 && key.startsWith('file-libraries/') && !key.endsWith('.json')) {
          failures++;
          throw new Error('The storage did not answer.');
        }
        return blobs.get(key);
      },
    };
    try {
      const file = await uploadOne('Printers are on every floor.\n', 'printers.txt');
      const done = await settled(file.fileId);
      expect(done.status).toBe('Online');
      expect(failures).toBe(1);
      const log = LibraryFileLogSchema.parse(await get(`/admin/fileLibraries/${libraryId}/files/${file.fileId}/logs/latest`));
      expect(log.entries.map((e) => [e.level, e.stage])).toEqual([
        ['INFO', null],
        ['INFO', 'Extracting'],
        ['WARN', 'Extracting'],
        ['INFO', 'Extracting'],
        ['INFO', 'Extracting'],
        ['INFO', 'Chunking'],
        ['INFO', 'Indexing'],
      ]);
      expect(log.entries[2]!.message).toBe('The storage did not answer. (attempt 1; it is tried again)');
      expect(log.entries[3]!.message).toMatch(/, attempt 2\.$/);
    } finally {
      t.ctx.blobs = blobs;
    }
  });

  it('a job of an earlier run does nothing', async () => {
    const file = await uploadOne('Lockers are emptied on Fridays.\n', 'lockers.txt');
    const done = await settled(file.fileId);
    const before = await t.ctx.db.select().from(libraryFiles).where(eq(libraryFiles.id, file.fileId));
    await t.ctx.jobs.send(IngestionQueues.extract, { fileId: file.fileId, run: 0 });
    await new Promise((r) => setTimeout(r, 1500));
    const after = await t.ctx.db.select().from(libraryFiles).where(eq(libraryFiles.id, file.fileId));
    expect(after[0]!.updatedAt).toEqual(before[0]!.updatedAt);
    expect(LibraryFileSchema.parse(await get(`/admin/fileLibraries/${libraryId}/files/${file.fileId}`))).toEqual(done);
  });

  it('cancels a file mid-embedding: the step that finishes afterwards is discarded, nothing of it stays, Reprocess brings it online', async ({ skip }) => {
    // (a database without vectors has no embedding step: the next test cancels a file while it is read)
    if (!t.ctx.database.vectorAvailable) skip();
    const text = Array.from({ length: 40 }, (_, i) => `Rule ${i + 1}: rooms booked for seminar ${i + 1} are released after fifteen minutes.`).join('\n\n');
    fake.setEmbeddingDelay(1500);
    try {
      const file = await uploadOne(text, 'rules.txt', embeddingLibraryId);
      const embeddingRequests = () => fake.requests.filter((r) => r.path.endsWith('/embeddings')).length;
      const before = embeddingRequests();
      await until('the embedding step', async () => (await fileOf(file.fileId, embeddingLibraryId)).stage === 'Embedding' && embeddingRequests() > before);
      expect(await chunkRows(file.fileId)).toBeGreaterThan(1);

      const cancelled = await put(`/admin/fileLibraries/${embeddingLibraryId}/files/${file.fileId}/Cancel`);
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect(LibraryFileSchema.parse(cancelled.body)).toMatchObject({
        status: 'Error',
        stage: null,
        chunkCount: 0,
        errorMessage: 'Cancelled by Ada Admin.',
      });
      expect(await chunkRows(file.fileId)).toBe(0);
      expect(await vectorRows(file.fileId)).toBe(0);

      // the embedding request in flight is answered, and what the step does with it is thrown away
      await new Promise((r) => setTimeout(r, 2500));
      const after = await fileOf(file.fileId, embeddingLibraryId);
      expect(after).toMatchObject({ status: 'Error', chunkCount: 0, errorMessage: 'Cancelled by Ada Admin.' });
      expect(await chunkRows(file.fileId)).toBe(0);
      expect(await vectorRows(file.fileId)).toBe(0);
      const log = await logOf(file.fileId, embeddingLibraryId);
      expect(log.entries.map((e) => [e.level, e.message])).toEqual([
        ['WARN', expect.stringMatching(/^Cancelled by Ada Admin while embedding \(\d+%\) in run 1; nothing of it is searched\. Reprocess the file/)],
      ]);

      // not on its way any more: nothing to cancel
      const again = await put(`/admin/fileLibraries/${embeddingLibraryId}/files/${file.fileId}/Cancel`);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: expect.any(String), message: 'The file is in error: only a queued or processing file can be cancelled.' });

      fake.setEmbeddingDelay(0);
      const reprocessed = await put(`/admin/fileLibraries/${embeddingLibraryId}/files/${file.fileId}/Reprocess`);
      expect(reprocessed.status).toBe(200);
      const online = await settled(file.fileId, embeddingLibraryId);
      expect(online).toMatchObject({ status: 'Online', errorMessage: null });
      expect(online.chunkCount).toBeGreaterThan(1);
      expect(await chunkRows(file.fileId)).toBe(online.chunkCount);
      expect(await vectorRows(file.fileId)).toBe(online.chunkCount);
    } finally {
      fake.setEmbeddingDelay(0);
    }
  });

  it('cancels a file while it is read and one still queued: neither goes on; Reprocess brings one online, which cannot be cancelled', async () => {
    const blobs = t.ctx.blobs;
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    let reading = 0;
    // reading an original waits until the test lets it go: as many files as the extraction step runs at once are
    // Processing at their extraction step, the next one is Queued (its job waits for a worker)
    t.ctx.blobs = {
      ...blobs,
      put: (key, data, type) => blobs.put(key, data, type),
      delete: (key) => blobs.delete(key),
      get: async (key) => {
        if (key.startsWith('file-libraries/') && !key.endsWith('.json')) {
          reading++;
          await held;
        }
        return blobs.get(key);
      },
    };
    const threads = DefaultExtractionOptions.threads;
    let files: LibraryFile[];
    try {
      const { payload, headers } = multipartFiles(
        Array.from({ length: threads + 1 }, (_, i) => ({ data: Buffer.from(`Desk ${i} is by the window on floor ${i + 2}.\n`), fileName: `desk-${i}.txt` })),
      );
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/internal/admin/fileLibraries/${libraryId}/files`,
        payload,
        headers: { ...headers, authorization: `Bearer ${token}` },
      });
      files = LibraryFileUploadResultSchema.parse(JSON.parse(res.body)).items.map((i) => i.file);
      await until('the extraction steps', async () => reading === threads);
      const states = await Promise.all(files.map((f) => fileOf(f.fileId)));
      const reads = states.filter((f) => f.status === 'Processing');
      const waits = states.filter((f) => f.status === 'Queued');
      expect([reads.length, waits.length]).toEqual([threads, 1]);
      const [read, waiting] = [reads[0]!, waits[0]!];
      expect(read.stage).toBe('Extracting');

      for (const f of [read, waiting]) {
        const cancelled = await put(`/admin/fileLibraries/${libraryId}/files/${f.fileId}/Cancel`);
        expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
        expect(LibraryFileSchema.parse(cancelled.body)).toMatchObject({ status: 'Error', stage: null, errorMessage: 'Cancelled by Ada Admin.' });
      }
      expect((await logOf(read.fileId)).entries.map((e) => e.message)).toEqual([
        expect.stringMatching(/^Cancelled by Ada Admin while extracting \(\d+%\) in run 1; nothing of it is searched\./),
      ]);
      expect((await logOf(waiting.fileId)).entries.map((e) => e.message)).toEqual([
        expect.stringMatching(/^Cancelled by Ada Admin before it was read in run 1;/),
      ]);

      // the readings go on to their end; the cancelled file's finds another run and sends no next step, the queued
      // file's job finds another run and does nothing, the others come online
      release();
      for (const f of files.filter((x) => x.fileId !== read.fileId && x.fileId !== waiting.fileId)) expect((await settled(f.fileId)).status).toBe('Online');
      await new Promise((r) => setTimeout(r, 1500));
      for (const f of [read, waiting]) {
        expect(await fileOf(f.fileId)).toMatchObject({ status: 'Error', chunkCount: 0, errorMessage: 'Cancelled by Ada Admin.' });
        expect(await chunkRows(f.fileId)).toBe(0);
        expect((await logOf(f.fileId)).entries).toHaveLength(1);
      }

      expect((await put(`/admin/fileLibraries/${libraryId}/files/${waiting.fileId}/Reprocess`)).status).toBe(200);
      const online = await settled(waiting.fileId);
      expect(online).toMatchObject({ status: 'Online', chunkCount: 1, errorMessage: null });
      const refused = await put(`/admin/fileLibraries/${libraryId}/files/${waiting.fileId}/Cancel`);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ message: 'The file is online: only a queued or processing file can be cancelled.' });
      expect(await fileOf(waiting.fileId)).toEqual(online);
    } finally {
      release();
      t.ctx.blobs = blobs;
    }
  });
});
