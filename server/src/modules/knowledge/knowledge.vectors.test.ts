// Libraries that embed: the embedding deployment a library gets (the default, another, none), the embedding step
// between chunk and index (batched, its progress, vectors stored, nearest neighbours right, an HNSW index per length,
// failures retried or final), a change of deployment (Online files OutOfDate, searchable by full text, embedded again,
// Online), and deletion taking the vectors with it. On a database without pgvector (Debian's PostgreSQL: run with
// TEST_DATABASE_URL) the same files go Online by full text and libraries stay FullText.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import {
  FileLibraryDetailsForCreateSchema,
  FileLibrarySchema,
  LibraryFileListSchema,
  LibraryFileLogSchema,
  LibraryFileSchema,
  LibraryFileUploadResultSchema,
  LibrarySearchResultSchema,
  type FileLibrary,
  type LibraryFile,
} from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { fakeEmbedding, startFakeOpenAI, type FakeUpstream } from '../../test/fake-upstreams.js';
import { multipartFiles } from '../../test/library-fixtures.js';
import { createConnection, createDeployment, updateDeployment } from '../connections/connections.service.js';
import { auditLog, libraryChunks } from '../../db/schema/index.js';
import { searchVectors } from './knowledge.vectors.js';

const Documents = {
  'refunds.md': '# Tuition refunds\n\nStudents who withdraw before the term starts get a full refund of their tuition fees. Refunds are paid within 30 days.\n',
  'hours.md': '# Library opening hours\n\nThe main library opens at 8 am on weekdays and closes at noon on Saturdays. It is closed on Sundays.\n',
  'parking.md':
    '# Parking permits\n\nStaff and students apply for a parking permit online. A permit costs 20 euros a month and is valid on every campus car park.\n',
};

describe('libraries that embed', () => {
  let t: TestApp;
  let fake: FakeUpstream;
  let wide: FakeUpstream;
  let token: string;
  let vectors: boolean;
  let openaiConnectionId: string;

  const call = async (method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url: `/api/internal${url}`,
      headers: { authorization: `Bearer ${token}`, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, body: (res.body ? JSON.parse(res.body) : undefined) as unknown };
  };
  const createLibrary = async (body: Record<string, unknown> = {}): Promise<FileLibrary> => {
    const res = await call('POST', '/admin/fileLibraries', { name: 'Handbooks', ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return FileLibrarySchema.parse(res.body);
  };
  const getLibrary = async (id: string) => FileLibrarySchema.parse((await call('GET', `/admin/fileLibraries/${id}`)).body);
  const upload = async (libraryId: string, files: Record<string, string>): Promise<LibraryFile[]> => {
    const { payload, headers } = multipartFiles(Object.entries(files).map(([fileName, text]) => ({ fileName, data: Buffer.from(text) })));
    const res = await call('POST', `/admin/fileLibraries/${libraryId}/files`, payload, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return LibraryFileUploadResultSchema.parse(res.body).items.map((i) => i.file);
  };
  const getFile = async (libraryId: string, fileId: string) =>
    LibraryFileSchema.parse((await call('GET', `/admin/fileLibraries/${libraryId}/files/${fileId}`)).body);
  /** Waits until the file is Online or in Error (not Queued, Processing or OutOfDate). */
  const settled = async (libraryId: string, fileId: string): Promise<LibraryFile> => {
    const started = Date.now();
    for (;;) {
      const file = await getFile(libraryId, fileId);
      if (file.status === 'Online' || file.status === 'Error') return file;
      if (Date.now() - started > 40_000) throw new Error(`file ${fileId} still ${file.status}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const logOf = async (libraryId: string, fileId: string) =>
    LibraryFileLogSchema.parse((await call('GET', `/admin/fileLibraries/${libraryId}/files/${fileId}/logs/latest`)).body);
  const vectorRows = async (where: { libraryId?: string; fileId?: string } = {}) => {
    if (!vectors) return 0;
    const result = (await t.ctx.db.execute(sql`
      select count(*)::int as n from library_chunk_vectors
      where (${where.libraryId ?? null}::uuid is null or library_id = ${where.libraryId ?? null}::uuid)
        and (${where.fileId ?? null}::uuid is null or file_id = ${where.fileId ?? null}::uuid)`)) as unknown as { rows: { n: number }[] };
    return result.rows[0]!.n;
  };
  const dimensionsOf = async (libraryId: string) =>
    (
      (await t.ctx.db.execute(sql`select distinct dimensions from library_chunk_vectors where library_id = ${libraryId}::uuid`)) as unknown as {
        rows: { dimensions: number }[];
      }
    ).rows.map((r) => r.dimensions);
  const chunkCount = async (fileId: string, indexed = false) =>
    (
      await t.ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(libraryChunks)
        .where(and(eq(libraryChunks.fileId, fileId), indexed ? isNotNull(libraryChunks.search) : undefined))
    )[0]!.n;
  /** The file names of the nearest chunks to a question, by the fake model's embedding of it. */
  const nearestFiles = async (libraryId: string, question: string, dimensions = 256) => {
    const hits = await searchVectors(t.ctx.db, { libraryIds: [libraryId], embedding: fakeEmbedding(question, dimensions), limit: 3 });
    const names = new Map<number, string>();
    for (const hit of hits) {
      const result = (await t.ctx.db.execute(
        sql`select f.file_name from library_chunks c join library_files f on f.id = c.file_id where c.id = ${hit.chunkId}`,
      )) as unknown as { rows: { file_name: string }[] };
      names.set(hit.chunkId, result.rows[0]!.file_name);
    }
    return hits.map((h) => ({ file: names.get(h.chunkId)!, score: h.score }));
  };

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    wide = await startFakeOpenAI({ embeddingDimensions: 384 });
    t = await createTestApp();
    vectors = t.ctx.database.vectorAvailable;
    token = (await t.createUser({ actions: ['DataSourcesRead', 'DataSourcesCreate', 'DataSourcesWrite'] })).token;
    const actor = { userId: null, userName: 'test' };
    const openai = await createConnection(t.ctx, actor, {
      name: 'OpenAI',
      providerType: 'OpenAI',
      endpoint: fake.url,
      apiKey: 'sk-test',
      deployments: [{ name: 'small', displayName: 'Small embedder', model: 'text-embedding-3-small', kind: 'Embedding' }],
    });
    openaiConnectionId = openai.connectionId;
    await createConnection(t.ctx, actor, {
      name: 'Local',
      providerType: 'OpenAICompatible',
      endpoint: wide.url,
      deployments: [{ name: 'wide', displayName: 'Wide embedder', model: 'nomic-embed-text', kind: 'Embedding' }],
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    await wide.close();
  });

  it('gives a new library the default embedding deployment, or the one named, or none', async () => {
    const details = FileLibraryDetailsForCreateSchema.parse((await call('GET', '/admin/fileLibraries/detailsForCreate')).body);
    expect(details.embeddingDeployments).toEqual([
      { name: 'small', displayName: 'Small embedder' },
      { name: 'wide', displayName: 'Wide embedder' },
    ]);
    expect(details.vectorSearchAvailable).toBe(vectors);

    const hybrid = vectors ? 'Hybrid' : 'FullText';
    expect(await createLibrary()).toMatchObject({ embeddingDeploymentName: 'small', retrievalMode: hybrid });
    expect(await createLibrary({ embeddingDeploymentName: 'WIDE' })).toMatchObject({ embeddingDeploymentName: 'wide', retrievalMode: hybrid });
    expect(await createLibrary({ embeddingDeploymentName: null })).toMatchObject({ embeddingDeploymentName: null, retrievalMode: 'FullText' });
    const unknown = await call('POST', '/admin/fileLibraries', { name: 'x', embeddingDeploymentName: 'gpt-4o' });
    expect(unknown.status).toBe(400);
    expect((unknown.body as { details: { field: string }[] }).details.map((d) => d.field)).toEqual(['embeddingDeploymentName']);
  });

  it('embeds the chunks between chunking and indexing, stores their vectors and finds the nearest', async () => {
    const library = await createLibrary({ name: 'Campus' });
    const files = await upload(library.dataSourceId, Documents);
    for (const f of files) expect(await settled(library.dataSourceId, f.fileId)).toMatchObject({ status: 'Online', stage: null, progressPercent: 100 });
    const refunds = files.find((f) => f.fileName === 'refunds.md')!;
    const log = await logOf(library.dataSourceId, refunds.fileId);
    const stages = log.entries.map((e) => e.stage);
    if (!vectors) {
      // no vectors here: straight from chunking to indexing
      expect(stages).not.toContain('Embedding');
      expect(await getLibrary(library.dataSourceId)).toMatchObject({ retrievalMode: 'FullText', files: { online: 3 } });
      return;
    }
    expect(stages.indexOf('Embedding')).toBeGreaterThan(stages.lastIndexOf('Chunking'));
    expect(stages.lastIndexOf('Embedding')).toBeLessThan(stages.indexOf('Indexing'));
    expect(log.entries.map((e) => e.message)).toEqual(
      expect.arrayContaining(['Embedding 1 chunk with Small embedder.', expect.stringMatching(/^Embedded 1 chunk \(256 dimensions, \d+ tokens\) in /)]),
    );
    expect(await vectorRows({ libraryId: library.dataSourceId })).toBe(3);
    expect(await dimensionsOf(library.dataSourceId)).toEqual([256]);

    expect((await nearestFiles(library.dataSourceId, 'How do I get my tuition fees refunded?'))[0]!.file).toBe('refunds.md');
    expect((await nearestFiles(library.dataSourceId, 'When does the library open on Saturdays?'))[0]!.file).toBe('hours.md');
    const parking = await nearestFiles(library.dataSourceId, 'What does a car park permit cost?');
    expect(parking.map((p) => p.file)).toEqual(['parking.md', expect.any(String), expect.any(String)]);
    expect(parking[0]!.score).toBeGreaterThan(parking[1]!.score);

    // the index of 256-dimension vectors exists, and a search can walk it
    const indexes = (await t.ctx.db.execute(sql`select indexname from pg_indexes where tablename = 'library_chunk_vectors' order by indexname`)) as unknown as {
      rows: { indexname: string }[];
    };
    expect(indexes.rows.map((r) => r.indexname)).toContain('library_chunk_vectors_hnsw_256');
    const plan = await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const q = `[${fakeEmbedding('refund').join(',')}]`;
      return (await tx.execute(
        sql`explain select chunk_id from library_chunk_vectors where dimensions = 256 order by embedding::vector(256) <=> ${q}::vector(256) limit 5`,
      )) as unknown as { rows: Record<string, string>[] };
    });
    expect(plan.rows.map((r) => Object.values(r)[0]).join('\n')).toContain('library_chunk_vectors_hnsw_256');
  });

  it('answers "Try a question" with vectors and full text fused, and with full text alone when the question cannot be embedded', async () => {
    const library = await createLibrary({ name: 'Questions' });
    const files = await upload(library.dataSourceId, Documents);
    for (const f of files) await settled(library.dataSourceId, f.fileId);
    const ask = async (query: string) => {
      const res = await call('POST', `/admin/fileLibraries/${library.dataSourceId}/search`, { query, topK: 2 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return LibrarySearchResultSchema.parse(res.body);
    };
    // misspelt: no word of it is in the index, but its letters are near the refunds document's
    const misspelt = await ask('tution refundz');
    if (!vectors) {
      expect(misspelt.trace.mode).toBe('FullText');
      expect(misspelt.trace.retrievers.map((r) => r.name)).toEqual(['FullText']);
      return;
    }
    expect(misspelt.trace.mode).toBe('Hybrid');
    expect(misspelt.trace.retrievers.map((r) => [r.name, r.candidates > 0])).toEqual([
      ['FullText', false],
      ['Vector', true],
    ]);
    expect(misspelt.passages[0]).toMatchObject({ fileName: 'refunds.md', ranks: { FullText: null, Vector: { rank: 1 } } });

    // both find it: first in each, the best fused score
    const plain = await ask('When does the library open on Saturdays?');
    expect(plain.passages[0]).toMatchObject({ fileName: 'hours.md', score: 1, ranks: { FullText: { rank: 1 }, Vector: { rank: 1 } } });

    // the provider fails (a retry included): the question is answered by full text
    fake.failEmbeddings(2, 500, { retryAfterMs: 10 });
    const fallback = await ask('When does the library open on Saturdays?');
    expect(fallback.trace.mode).toBe('FullText');
    expect(fallback.trace.retrievers.map((r) => r.name)).toEqual(['FullText']);
    expect(fallback.passages[0]).toMatchObject({ fileName: 'hours.md', ranks: { Vector: null } });
  });

  it('moves the progress through the embedding step batch by batch, and retries a provider that fails for a while', async () => {
    const library = await createLibrary({ name: 'Long', chunkSize: 200, chunkOverlap: 0 });
    // 150 sections of one paragraph: 150 chunks, three calls of at most 64
    const text = Array.from({ length: 150 }, (_, i) => `# Rule ${i}\n\nRule number ${i} says that form ${i} is handed in before day ${i % 28}.`).join('\n\n');
    fake.setEmbeddingDelay(400);
    fake.failEmbeddings(1, 503, { retryAfterMs: 50 });
    const [file] = await upload(library.dataSourceId, { 'rules.md': text });
    const seen: number[] = [];
    try {
      for (;;) {
        const now = await getFile(library.dataSourceId, file!.fileId);
        if (now.stage === 'Embedding') seen.push(now.progressPercent);
        if (now.status === 'Online' || now.status === 'Error') break;
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      fake.setEmbeddingDelay(0);
    }
    const done = await getFile(library.dataSourceId, file!.fileId);
    expect(done).toMatchObject({ status: 'Online', chunkCount: 150 });
    if (!vectors) return;
    expect(seen.length).toBeGreaterThan(0);
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(70);
    expect(Math.max(...seen)).toBeLessThanOrEqual(95);
    expect(new Set(seen).size).toBeGreaterThan(1);
    expect(await vectorRows({ fileId: file!.fileId })).toBe(150);
    const calls = fake.requests.filter(
      (r) => r.path === '/v1/embeddings' && Array.isArray(r.body.input) && (r.body.input as string[]).some((s) => s.startsWith('Rule 0')),
    );
    expect(calls.length).toBeGreaterThanOrEqual(1);
    // a chunk's vector is made of its headings and its text
    expect((calls[0]!.body.input as string[])[0]).toBe('Rule 0\n\nRule number 0 says that form 0 is handed in before day 0.');
  });

  it('ends a file in Error when the provider refuses the chunks for good', async () => {
    const library = await createLibrary({ name: 'Refused' });
    fake.failEmbeddings(vectors ? 1 : 0, 400, { message: 'This model does not take inputs this long' });
    const [file] = await upload(library.dataSourceId, { 'long.md': '# Long\n\nA text the provider will not take.\n' });
    const ended = await settled(library.dataSourceId, file!.fileId);
    if (!vectors) {
      expect(ended.status).toBe('Online');
      return;
    }
    expect(ended).toMatchObject({ status: 'Error', chunkCount: 0 });
    expect(ended.errorMessage).toBe(
      'Small embedder refused to embed the chunks: The model provider failed (HTTP 400): This model does not take inputs this long',
    );
    expect(await vectorRows({ fileId: file!.fileId })).toBe(0);
  });

  it('embeds the files again when the deployment changes: OutOfDate and searchable by full text meanwhile, then Online', async () => {
    const library = await createLibrary({ name: 'Changing' });
    const files = await upload(library.dataSourceId, Documents);
    for (const f of files) await settled(library.dataSourceId, f.fileId);
    const chunksBefore = await Promise.all(files.map((f) => chunkCount(f.fileId, true)));

    wide.setEmbeddingDelay(1500);
    try {
      const changed = await call('PUT', `/admin/fileLibraries/${library.dataSourceId}`, { name: 'Changing', embeddingDeploymentName: 'wide' });
      expect(changed.status).toBe(200);
      expect(FileLibrarySchema.parse(changed.body)).toMatchObject({ embeddingDeploymentName: 'wide', retrievalMode: vectors ? 'Hybrid' : 'FullText' });
      const listed = LibraryFileListSchema.parse((await call('GET', `/admin/fileLibraries/${library.dataSourceId}/files?top=10`)).body).items;
      if (vectors) {
        expect(listed.map((f) => [f.status, f.stage])).toEqual(Array(3).fill(['OutOfDate', 'Embedding']));
        expect((await getLibrary(library.dataSourceId)).files).toMatchObject({ outOfDate: 3, online: 0 });
        // the old model's vectors are gone at once; the chunks stay indexed for full text
        expect(await vectorRows({ libraryId: library.dataSourceId })).toBe(0);
      } else {
        expect(listed.map((f) => f.status)).toEqual(Array(3).fill('Online'));
      }
      expect(await Promise.all(files.map((f) => chunkCount(f.fileId, true)))).toEqual(chunksBefore);
    } finally {
      wide.setEmbeddingDelay(0);
    }
    for (const f of files) expect(await settled(library.dataSourceId, f.fileId)).toMatchObject({ status: 'Online', stage: null, progressPercent: 100 });
    expect(await Promise.all(files.map((f) => chunkCount(f.fileId)))).toEqual(chunksBefore);
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.aggregateType, 'FileLibrary'), eq(auditLog.aggregateId, library.dataSourceId)));
    expect(audit.find((a) => a.domainOperation === 'Updated')?.details).toMatchObject({
      before: { embeddingDeploymentName: 'small' },
      after: { embeddingDeploymentName: 'wide', ...(vectors ? { filesEmbeddedAgain: 3 } : {}) },
    });
    if (!vectors) return;
    const log = await logOf(library.dataSourceId, files[0]!.fileId);
    expect(log.entries.map((e) => e.message)).toEqual([
      "The library's embedding deployment changed to Wide embedder: the file is embedded again (searched by full text meanwhile).",
      'Embedding 1 chunk with Wide embedder.',
      expect.stringMatching(/^Embedded 1 chunk \(384 dimensions, \d+ tokens\) in /),
      'The file is online.',
    ]);
    expect(await vectorRows({ libraryId: library.dataSourceId })).toBe(3);
    expect(await dimensionsOf(library.dataSourceId)).toEqual([384]);
    expect((await nearestFiles(library.dataSourceId, 'How do I get my tuition fees refunded?', 384))[0]!.file).toBe('refunds.md');
    const indexes = (await t.ctx.db.execute(sql`select indexname from pg_indexes where tablename = 'library_chunk_vectors'`)) as unknown as {
      rows: { indexname: string }[];
    };
    expect(indexes.rows.map((r) => r.indexname)).toContain('library_chunk_vectors_hnsw_384');

    // full text only: the vectors go, the files stay Online
    const plain = await call('PUT', `/admin/fileLibraries/${library.dataSourceId}`, { name: 'Changing', embeddingDeploymentName: null });
    expect(FileLibrarySchema.parse(plain.body)).toMatchObject({ embeddingDeploymentName: null, retrievalMode: 'FullText', files: { online: 3 } });
    expect(await vectorRows({ libraryId: library.dataSourceId })).toBe(0);
    // omitted, the deployment stays as it is
    const renamed = await call('PUT', `/admin/fileLibraries/${library.dataSourceId}`, { name: 'Renamed' });
    expect(FileLibrarySchema.parse(renamed.body)).toMatchObject({ name: 'Renamed', embeddingDeploymentName: null });
  });

  it("embeds the files again when the deployment's vector length or model changes in place, and not for other changes", async () => {
    const actor = { userId: null, userName: 'Model admin' };
    const deployment = await createDeployment(t.ctx, actor, openaiConnectionId, {
      name: 'in-place',
      displayName: 'In-place embedder',
      model: 'text-embedding-3-small',
      kind: 'Embedding',
    });
    expect(deployment.dimensions).toBeNull();
    const library = await createLibrary({ name: 'In place', embeddingDeploymentName: 'in-place' });
    const files = await upload(library.dataSourceId, Documents);
    for (const f of files) expect(await settled(library.dataSourceId, f.fileId)).toMatchObject({ status: 'Online' });
    if (vectors) expect(await dimensionsOf(library.dataSourceId)).toEqual([256]);

    // a change that keeps the vectors: nothing is embedded again
    await updateDeployment(t.ctx, actor, openaiConnectionId, deployment.deploymentId, { displayName: 'In-place embedder (renamed)', hipaaCompliant: true });
    expect((await getLibrary(library.dataSourceId)).files).toMatchObject({ online: 3, outOfDate: 0 });
    expect(await vectorRows({ libraryId: library.dataSourceId })).toBe(vectors ? 3 : 0);

    const since = fake.requests.length;
    fake.setEmbeddingDelay(1500);
    try {
      const changed = await updateDeployment(t.ctx, actor, openaiConnectionId, deployment.deploymentId, { dimensions: 128 });
      expect(changed).toMatchObject({ dimensions: 128, model: 'text-embedding-3-small' });
      const listed = LibraryFileListSchema.parse((await call('GET', `/admin/fileLibraries/${library.dataSourceId}/files?top=10`)).body).items;
      if (vectors) {
        expect(listed.map((f) => [f.status, f.stage])).toEqual(Array(3).fill(['OutOfDate', 'Embedding']));
        expect(await vectorRows({ libraryId: library.dataSourceId })).toBe(0);
      } else {
        expect(listed.map((f) => f.status)).toEqual(Array(3).fill('Online'));
      }
      expect(await getLibrary(library.dataSourceId)).toMatchObject({ embeddingDeploymentName: 'in-place', retrievalMode: vectors ? 'Hybrid' : 'FullText' });
    } finally {
      fake.setEmbeddingDelay(0);
    }
    for (const f of files) expect(await settled(library.dataSourceId, f.fileId)).toMatchObject({ status: 'Online', stage: null, progressPercent: 100 });
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.aggregateType, 'FileLibrary'), eq(auditLog.aggregateId, library.dataSourceId), eq(auditLog.domainOperation, 'Updated')));
    if (!vectors) {
      expect(audit).toEqual([]);
      return;
    }
    expect(audit.map((a) => [a.userName, a.details])).toEqual([
      [
        'Model admin',
        {
          before: { embeddingDeploymentName: 'in-place', embeddingModel: 'text-embedding-3-small', embeddingDimensions: null },
          after: { embeddingDeploymentName: 'in-place', embeddingModel: 'text-embedding-3-small', embeddingDimensions: 128, filesEmbeddedAgain: 3 },
        },
      ],
    ]);
    // the upstream was asked for the shorter vectors, which are stored with an HNSW index of their length
    const asked = fake.requests.slice(since).filter((r) => r.path.endsWith('/embeddings'));
    expect(asked.length).toBeGreaterThanOrEqual(3);
    expect(new Set(asked.map((r) => r.body.dimensions))).toEqual(new Set([128]));
    expect(await dimensionsOf(library.dataSourceId)).toEqual([128]);
    expect(await vectorRows({ libraryId: library.dataSourceId })).toBe(3);
    const indexes = (await t.ctx.db.execute(sql`select indexname from pg_indexes where tablename = 'library_chunk_vectors'`)) as unknown as {
      rows: { indexname: string }[];
    };
    expect(indexes.rows.map((r) => r.indexname)).toContain('library_chunk_vectors_hnsw_128');
    expect((await nearestFiles(library.dataSourceId, 'When does the library open on Saturdays?', 128))[0]!.file).toBe('hours.md');
    const log = await logOf(library.dataSourceId, files[0]!.fileId);
    expect(log.entries.map((e) => e.message)).toEqual([
      'The embedding deployment In-place embedder (renamed) changed to text-embedding-3-small at 128 dimensions: the file is embedded again (searched by full text meanwhile).',
      'Embedding 1 chunk with In-place embedder (renamed).',
      expect.stringMatching(/^Embedded 1 chunk \(128 dimensions, \d+ tokens\) in /),
      'The file is online.',
    ]);

    // another model, its own length again: embedded again with it
    const before = fake.requests.length;
    await updateDeployment(t.ctx, actor, openaiConnectionId, deployment.deploymentId, { model: 'text-embedding-3-large', dimensions: null });
    for (const f of files) expect(await settled(library.dataSourceId, f.fileId)).toMatchObject({ status: 'Online' });
    const large = fake.requests.slice(before).filter((r) => r.path.endsWith('/embeddings'));
    expect(new Set(large.map((r) => r.body.model))).toEqual(new Set(['text-embedding-3-large']));
    expect(large.every((r) => r.body.dimensions === undefined)).toBe(true);
    expect(await dimensionsOf(library.dataSourceId)).toEqual([256]);
    expect(await vectorRows({ libraryId: library.dataSourceId })).toBe(3);
  });

  it('takes the vectors with a deleted file and a deleted library', async () => {
    const library = await createLibrary({ name: 'Doomed' });
    const files = await upload(library.dataSourceId, Documents);
    for (const f of files) await settled(library.dataSourceId, f.fileId);
    const all = await vectorRows();
    expect(await vectorRows({ libraryId: library.dataSourceId })).toBe(vectors ? 3 : 0);

    expect((await call('DELETE', `/admin/fileLibraries/${library.dataSourceId}/files/${files[0]!.fileId}`)).status).toBe(204);
    expect(await vectorRows({ fileId: files[0]!.fileId })).toBe(0);
    expect(await vectorRows()).toBe(all - (vectors ? 1 : 0));

    expect((await call('DELETE', `/admin/fileLibraries/${library.dataSourceId}`)).status).toBe(204);
    expect(await vectorRows({ libraryId: library.dataSourceId })).toBe(0);
    expect(await vectorRows()).toBe(all - (vectors ? 3 : 0));
  });
});
