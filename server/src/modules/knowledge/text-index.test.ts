// A library's full-text index and metadata filters over HTTP: the index definition; dropping the text index (the
// library then retrieves by vectors alone, or nothing without them) and building it again (in the library's current
// language, as a durable job that survives a failure and a stop of the jobs engine); which fields filters may name; filters in "Try a question", in both retrievers, and in an agent's
// libraries (checked when the draft is saved, applied when the agent searches); 400s naming the bad part; who may
// do what.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  FileLibrarySchema,
  LibraryFileSchema,
  LibraryFileUploadResultSchema,
  LibrarySearchResultSchema,
  TextIndexDefinitionSchema,
  type LibraryFilter,
  type UserAction,
} from '@atrium/contract';
import { connectFakeEmbedder } from '../../test/model-app.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { baseUrl, eventually, jsonCaller } from '../../test/chat-stream.js';
import { startFakeOpenAI, type FakeUpstream } from '../../test/fake-upstreams.js';
import { makePagedPdf, multipartFiles } from '../../test/library-fixtures.js';
import { auditLog, libraryChunks } from '../../db/schema/index.js';
import { createKnowledgeDirectory } from './knowledge.directory.js';
import { TextIndexQueue, buildStatusOf } from './text-index.service.js';
import type { JobRecord } from '../../platform/jobs.js';
import type { FileLibraryRow } from './knowledge.repository.js';

const AllDataSources: UserAction[] = ['DataSourcesRead', 'DataSourcesCreate', 'DataSourcesWrite', 'GptSystemsRead', 'GptSystemsCreate', 'GptSystemsWrite'];

const Refunds = `# Refunds

Students who withdraw within 30 days of enrolment receive a full refund of their tuition fees.`;
const Hours = `# Opening hours

The library opens at 8 am and closes at midnight. Refunds of library fines are given at the front desk.`;
const Pages = [['Refunds of parking fees are given within the first week of term.'], ['Refunds of sports fees are given by the sports office on request.']];

describe('text index and metadata filters', () => {
  let t: TestApp;
  let base: string;
  let fake: FakeUpstream;
  let admin: { id: string; token: string };
  let reader: { id: string; token: string };
  let vectors: boolean;
  let plainId: string;
  let embeddedId: string;
  const files = new Map<string, string>();

  const call = jsonCaller(
    () => base,
    () => admin.token,
  );
  const detailsOf = (body: unknown) => (body as { details: { field: string; message: string }[] }).details;

  const fill = async (libraryId: string) => {
    const { payload, headers } = multipartFiles([
      { data: Buffer.from(Refunds), fileName: 'refunds.md' },
      { data: Buffer.from(Hours), fileName: 'hours.md' },
      { data: makePagedPdf(Pages), fileName: 'fees.pdf' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/internal/admin/fileLibraries/${libraryId}/files`,
      headers: { authorization: `Bearer ${admin.token}`, ...headers },
      payload,
    });
    for (const item of LibraryFileUploadResultSchema.parse(JSON.parse(res.body)).items) {
      files.set(`${libraryId}/${item.fileName}`, item.file.fileId);
      const done = await eventually(
        async () => LibraryFileSchema.parse((await call('GET', `/admin/fileLibraries/${libraryId}/files/${item.file.fileId}`)).body),
        (f) => f.status === 'Online' || f.status === 'Error',
        30_000,
      );
      expect(done.status).toBe('Online');
    }
  };
  const search = async (libraryId: string, filters?: LibraryFilter[], query = 'refunds') => {
    const res = await call('POST', `/admin/fileLibraries/${libraryId}/search`, { query, topK: 10, ...(filters ? { filters } : {}) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return LibrarySearchResultSchema.parse(res.body);
  };
  /** The jobs of the text index queue for a library, oldest first (pg-boss keeps finished ones a day). */
  const textIndexJobs = async (libraryId: string) =>
    (
      (await t.ctx.db.execute(
        sql`select state, retry_count as "retryCount" from pgboss.job where name = ${TextIndexQueue} and data->>'libraryId' = ${libraryId} order by created_on, id`,
      )) as unknown as { rows: { state: string; retryCount: number }[] }
    ).rows;
  const namesOf = (result: { passages: { fileName: string; pageStart: number | null }[] }) =>
    [...new Set(result.passages.map((p) => (p.pageStart === null ? p.fileName : `${p.fileName}#${p.pageStart}`)))].sort();

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = baseUrl(t);
    vectors = t.ctx.database.vectorAvailable;
    admin = await t.createUser({ actions: AllDataSources });
    reader = await t.createUser({ actions: ['DataSourcesRead'] });
    await connectFakeEmbedder(t.ctx, fake.url);
    plainId = FileLibrarySchema.parse((await call('POST', '/admin/fileLibraries', { name: 'Plain', embeddingDeploymentName: null })).body).dataSourceId;
    embeddedId = FileLibrarySchema.parse(
      (await call('POST', '/admin/fileLibraries', { name: 'Embedded', embeddingDeploymentName: 'small' })).body,
    ).dataSourceId;
    await fill(plainId);
    await fill(embeddedId);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('describes the index: language, weighted fields, filterable fields, vectors and counts', async () => {
    const res = await call('GET', `/admin/fileLibraries/${plainId}/textIndex/indexDefinition`, undefined, reader.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const definition = TextIndexDefinitionSchema.parse(res.body);
    expect(definition).toMatchObject({
      dataSourceId: plainId,
      enabled: true,
      language: 'english',
      query: { parser: 'websearch_to_tsquery', ranking: 'ts_rank_cd' },
      fields: [
        { name: 'headings', weight: 'A' },
        { name: 'text', weight: 'B' },
      ],
      vectors: null,
      counts: { onlineFiles: 3 },
      // no build asked for yet: the files' index steps built it
      buildStatus: 'Ready',
      buildQueuedAt: null,
      lastBuiltAt: null,
      buildError: null,
    });
    expect(definition.counts.chunks).toBeGreaterThanOrEqual(4);
    expect(definition.counts.indexedChunks).toBe(definition.counts.chunks);
    // every field is filterable until an administrator chooses
    expect(definition.filterableFields.map((f) => f.name)).toEqual(['fileName', 'mimeType', 'uploadedBy', 'uploadedAt', 'sizeBytes', 'page', 'fileId']);
    expect(definition.filterableFields.find((f) => f.name === 'uploadedAt')).toEqual({
      name: 'uploadedAt',
      type: 'date',
      operators: ['gt', 'gte', 'lt', 'lte'],
    });

    const embedded = TextIndexDefinitionSchema.parse((await call('GET', `/admin/fileLibraries/${embeddedId}/textIndex/indexDefinition`)).body);
    if (vectors) expect(embedded.vectors).toEqual({ embeddingDeploymentName: 'small', dimensions: 256, metric: 'cosine', count: embedded.counts.chunks });
    else expect(embedded.vectors).toBeNull();

    expect((await call('GET', `/admin/fileLibraries/${crypto.randomUUID()}/textIndex/indexDefinition`)).status).toBe(404);
  });

  it('filters "Try a question" by file name, type, page, upload date and id, in full text and vectors alike', async () => {
    for (const libraryId of [plainId, embeddedId]) {
      expect(namesOf(await search(libraryId))).toEqual(['fees.pdf#1', 'fees.pdf#2', 'hours.md', 'refunds.md']);
      expect(namesOf(await search(libraryId, [{ field: 'fileName', operator: 'eq', value: 'hours.md' }]))).toEqual(['hours.md']);
      expect(namesOf(await search(libraryId, [{ field: 'fileName', operator: 'contains', value: 'FUND' }]))).toEqual(['refunds.md']);
      expect(namesOf(await search(libraryId, [{ field: 'mimeType', operator: 'eq', value: 'application/pdf' }]))).toEqual(['fees.pdf#1', 'fees.pdf#2']);
      expect(namesOf(await search(libraryId, [{ field: 'page', operator: 'eq', value: 2 }]))).toEqual(['fees.pdf#2']);
      expect(
        namesOf(
          await search(libraryId, [
            { field: 'mimeType', operator: 'notIn', value: ['application/pdf'] },
            { field: 'fileName', operator: 'ne', value: 'hours.md' },
          ]),
        ),
      ).toEqual(['refunds.md']);
      expect(namesOf(await search(libraryId, [{ field: 'fileId', operator: 'in', value: [files.get(`${libraryId}/hours.md`)!] }]))).toEqual(['hours.md']);
      expect(namesOf(await search(libraryId, [{ field: 'uploadedAt', operator: 'lt', value: '2000-01-01' }]))).toEqual([]);
      expect(namesOf(await search(libraryId, [{ field: 'uploadedAt', operator: 'gte', value: '2000-01-01T00:00:00Z' }]))).toHaveLength(4);
    }
    if (!vectors) return;
    // a misspelt question only the vectors find: the filter holds there too
    const misspelt = await search(embeddedId, [{ field: 'fileName', operator: 'eq', value: 'hours.md' }], 'tution refundz');
    expect(misspelt.trace.retrievers.find((r) => r.name === 'FullText')!.candidates).toBe(0);
    expect(misspelt.passages.map((p) => [p.fileName, p.ranks.Vector?.rank])).toEqual([['hours.md', 1]]);
  });

  it('refuses a filter the library does not allow, naming the condition', async () => {
    const refused = async (filters: unknown[], field: string) => {
      const res = await call('POST', `/admin/fileLibraries/${plainId}/search`, { query: 'refunds', filters });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
      expect(detailsOf(res.body).map((d) => d.field)).toEqual([field]);
      return detailsOf(res.body)[0]!.message;
    };
    expect(await refused([{ field: 'author', operator: 'eq', value: 'x' }], 'filters.0.field')).toContain('author is not a filterable field');
    expect(
      await refused(
        [
          { field: 'fileName', operator: 'eq', value: 'a' },
          { field: 'page', operator: 'contains', value: '2' },
        ],
        'filters.1.operator',
      ),
    ).toContain('eq, ne, gt, gte, lt, lte');
    await refused([{ field: 'uploadedAt', operator: 'gt', value: 'yesterday' }], 'filters.0.value');
    await refused([{ field: 'fileId', operator: 'in', value: 'not-a-list' }], 'filters.0.value');
    await refused([{ field: 'fileId', operator: 'eq', value: 'not-a-uuid' }], 'filters.0.value');
    await refused([{ field: 'fileName', operator: 'like', value: 'x' }], 'filters.0.operator');
  });

  it('lets an administrator choose the filterable fields; filters then name only those', async () => {
    const bad = await call('PUT', `/admin/fileLibraries/${plainId}/textIndex/filters`, { filterableFields: ['fileName', 'author', 'fileName'] });
    expect(bad.status).toBe(400);
    expect(detailsOf(bad.body).map((d) => d.field)).toEqual(['filterableFields.1', 'filterableFields.2']);
    expect((await call('PUT', `/admin/fileLibraries/${plainId}/textIndex/filters`, { filterableFields: ['page'] }, reader.token)).status).toBe(403);

    const res = await call('PUT', `/admin/fileLibraries/${plainId}/textIndex/filters`, { filterableFields: ['page', 'fileName'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(TextIndexDefinitionSchema.parse(res.body).filterableFields.map((f) => f.name)).toEqual(['fileName', 'page']);
    expect(FileLibrarySchema.parse((await call('GET', `/admin/fileLibraries/${plainId}`)).body).filterableFields).toEqual(['fileName', 'page']);

    const refused = await call('POST', `/admin/fileLibraries/${plainId}/search`, {
      query: 'refunds',
      filters: [{ field: 'mimeType', operator: 'eq', value: 'text/markdown' }],
    });
    expect(refused.status).toBe(400);
    expect(detailsOf(refused.body)[0]!.message).toContain('Filterable fields: fileName, page.');
    expect(namesOf(await search(plainId, [{ field: 'page', operator: 'gte', value: 2 }]))).toEqual(['fees.pdf#2']);

    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.aggregateId, plainId), eq(auditLog.domainOperation, 'TextIndexFiltersUpdated')));
    expect(audit).toMatchObject({ details: { after: { filterableFields: ['fileName', 'page'] } } });
    // back to all of them for the other tests
    await call('PUT', `/admin/fileLibraries/${plainId}/textIndex/filters`, {
      filterableFields: ['fileName', 'mimeType', 'uploadedBy', 'uploadedAt', 'sizeBytes', 'page', 'fileId'],
    });
  });

  it('drops the text index: a library without vectors then gives nothing, one with vectors searches them alone', async () => {
    expect((await call('DELETE', `/admin/fileLibraries/${plainId}/textIndex`, undefined, reader.token)).status).toBe(403);
    for (const id of [plainId, embeddedId]) {
      expect((await call('DELETE', `/admin/fileLibraries/${id}/textIndex`)).status).toBe(204);
      expect((await call('DELETE', `/admin/fileLibraries/${id}/textIndex`)).status).toBe(204); // idempotent
    }
    expect(FileLibrarySchema.parse((await call('GET', `/admin/fileLibraries/${plainId}`)).body)).toMatchObject({
      textIndexEnabled: false,
      retrievalMode: 'None',
    });
    const nothing = await search(plainId);
    expect(nothing.passages).toEqual([]);
    expect(nothing.trace).toMatchObject({ mode: 'None', retrievers: [] });
    expect(TextIndexDefinitionSchema.parse((await call('GET', `/admin/fileLibraries/${plainId}/textIndex/indexDefinition`)).body).enabled).toBe(false);

    const embedded = await search(embeddedId, [{ field: 'fileName', operator: 'eq', value: 'refunds.md' }]);
    if (vectors) {
      expect(FileLibrarySchema.parse((await call('GET', `/admin/fileLibraries/${embeddedId}`)).body).retrievalMode).toBe('Vector');
      expect(embedded.trace.mode).toBe('Vector');
      expect(embedded.trace.retrievers.map((r) => r.name)).toEqual(['Vector']);
      expect(embedded.passages.map((p) => [p.fileName, p.ranks.FullText, p.ranks.Vector?.rank])).toEqual([['refunds.md', null, 1]]);
    } else {
      expect(embedded.trace.mode).toBe('None');
      expect(embedded.passages).toEqual([]);
    }
    // the chunks' full-text vectors stay: turning the index on again finds the same at once
    const drops = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.aggregateId, plainId), eq(auditLog.domainOperation, 'TextIndexDeleted')));
    expect(drops).toHaveLength(1);
  });

  it('builds the text index again in the library’s current language, and turns it on', async () => {
    const lexemes = async () =>
      (
        (await t.ctx.db.execute(
          sql`select string_agg(${libraryChunks.search}::text, ' ') as s from ${libraryChunks} where ${libraryChunks.libraryId} = ${plainId}::uuid`,
        )) as unknown as { rows: { s: string }[] }
      ).rows[0]!.s;
    expect(await lexemes()).toContain("'refund'"); // english stems
    const buildsBefore = (await textIndexJobs(plainId)).length;
    const renamed = await call('PUT', `/admin/fileLibraries/${plainId}`, { name: 'Plain', language: 'simple', embeddingDeploymentName: null });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);

    expect((await call('POST', `/admin/fileLibraries/${plainId}/textIndex`, undefined, reader.token)).status).toBe(403);
    const res = await call('POST', `/admin/fileLibraries/${plainId}/textIndex`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const queued = TextIndexDefinitionSchema.parse(res.body);
    expect(queued).toMatchObject({ enabled: true, language: 'simple' });
    // the build is on record at once (it may already have started, or even ended, on a fast machine)
    expect(['Queued', 'Building', 'Ready']).toContain(queued.buildStatus);
    expect(queued.buildQueuedAt).not.toBeNull();
    // the request queued the build: a job of the text index queue builds it in the new language
    const built = await eventually(
      () => textIndexJobs(plainId),
      (jobs) => jobs.length > buildsBefore && jobs.every((j) => j.state === 'completed'),
      30_000,
    );
    expect(built.map((j) => j.state)).toContain('completed');
    const ready = TextIndexDefinitionSchema.parse(
      (await call('GET', `/admin/fileLibraries/${plainId}/textIndex/indexDefinition`, undefined, reader.token)).body,
    );
    expect(ready).toMatchObject({ buildStatus: 'Ready', buildQueuedAt: queued.buildQueuedAt, buildError: null });
    expect(Date.parse(ready.lastBuiltAt!)).toBeGreaterThanOrEqual(Date.parse(queued.buildQueuedAt!));
    expect(await lexemes()).toContain("'refunds'"); // words as written
    expect(await lexemes()).not.toContain("'receiv'"); // no english stem is left
    expect((await call('POST', `/admin/fileLibraries/${plainId}/textIndex`)).status).toBe(200); // idempotent

    const found = await search(plainId, [{ field: 'fileName', operator: 'startsWith', value: 'REF' }]);
    expect(found.trace.mode).toBe('FullText');
    expect(namesOf(found)).toEqual(['refunds.md']);
    expect(FileLibrarySchema.parse((await call('GET', `/admin/fileLibraries/${plainId}`)).body)).toMatchObject({
      textIndexEnabled: true,
      retrievalMode: 'FullText',
    });
    const [created] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.aggregateId, plainId), eq(auditLog.domainOperation, 'TextIndexCreated')));
    expect(created).toMatchObject({ details: { after: { textIndexEnabled: true, language: 'simple' } } });
    await call('POST', `/admin/fileLibraries/${embeddedId}/textIndex`);
  });

  it('builds the text index as a durable job: a build that failed runs again after the jobs engine stopped and started', async () => {
    // (the builds asked for earlier are done)
    await eventually(
      () => textIndexJobs(embeddedId),
      (jobs) => jobs.every((j) => j.state === 'completed'),
      30_000,
    );
    // the library's language is one the database has no configuration for (as if it had been removed): the build fails
    await t.ctx.db.execute(sql`update file_libraries set language = 'klingon' where id = ${embeddedId}::uuid`);
    const before = (await textIndexJobs(embeddedId)).length;
    expect(await t.ctx.jobs.send(TextIndexQueue, { libraryId: embeddedId, language: 'klingon' })).not.toBeNull();
    const failed = await eventually(
      () => textIndexJobs(embeddedId),
      (jobs) => jobs.length > before && jobs.at(-1)!.state === 'retry',
      60_000,
    );
    expect(failed.at(-1)!.state).toBe('retry');
    const definitionOf = async () => TextIndexDefinitionSchema.parse((await call('GET', `/admin/fileLibraries/${embeddedId}/textIndex/indexDefinition`)).body);
    // waiting to be retried: queued again, with the reason of the failed try (read from the jobs: the library's language
    // is not one the definition may name)
    const retrying = await buildStatusOf(t.ctx, { id: embeddedId, textIndexEnabled: true } as FileLibraryRow);
    expect(retrying.buildStatus).toBe('Queued');
    expect(retrying.buildError).toMatch(/klingon/);
    // the process stops before the retry; the language is mended meanwhile; the next start runs the build again
    await t.ctx.jobs.stop();
    await t.ctx.db.execute(sql`update file_libraries set language = 'simple' where id = ${embeddedId}::uuid`);
    await t.ctx.jobs.start();
    const done = await eventually(
      () => textIndexJobs(embeddedId),
      (jobs) => jobs.at(-1)!.state === 'completed',
      60_000,
    );
    expect(done.at(-1)).toMatchObject({ state: 'completed', retryCount: 1 });
    expect(await definitionOf()).toMatchObject({ buildStatus: 'Ready', buildQueuedAt: retrying.buildQueuedAt, buildError: null });
    const lexemes = (
      (await t.ctx.db.execute(
        sql`select string_agg(${libraryChunks.search}::text, ' ') as s from ${libraryChunks} where ${libraryChunks.libraryId} = ${embeddedId}::uuid`,
      )) as unknown as { rows: { s: string }[] }
    ).rows[0]!.s;
    expect(lexemes).toContain("'refunds'");
    expect(lexemes).not.toContain("'receiv'");
  }, 120_000);

  it('checks an agent’s library filters when the draft is saved, and applies them when the agent searches', async () => {
    const created = await call<{ gptSystemId: string; configStateId: string }>('POST', '/admin/gptSystems', { gptSystemName: 'Registrar' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { configStateId, gptSystemId } = created.body;
    const put = (dataSources: unknown) => call('PUT', `/admin/gptSystems/configurationStates/${configStateId}`, { dataSources });

    const bad = await put([{ dataSourceId: plainId, filters: [{ field: 'author', operator: 'eq', value: 'x' }] }]);
    expect(bad.status).toBe(400);
    expect(detailsOf(bad.body).map((d) => d.field)).toEqual(['dataSources.0.filters.0.field']);

    const filters: LibraryFilter[] = [{ field: 'fileName', operator: 'eq', value: 'hours.md' }];
    const saved = await put([{ dataSourceId: plainId, filters }]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((saved.body as { dataSources: unknown }).dataSources).toEqual([{ dataSourceId: plainId, filters }]);

    // the agent's search (a preview answers with the draft) gives only the filtered file's passages
    const directory = createKnowledgeDirectory(t.ctx);
    const knowledge = await directory.forAgent({ gptSystemId, config: { dataSources: [{ dataSourceId: plainId, filters }] } } as never, true);
    const result = await knowledge!.search('refunds', new AbortController().signal);
    expect(result.passages.map((p) => p.fileName)).toEqual(['hours.md']);
  });
});

describe('a text index build’s status', () => {
  const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
  const job = (state: JobRecord['state'], created: number, completed: number | null = null, error: string | null = null): JobRecord => ({
    id: `${state}-${created}`,
    state,
    createdOn: at(created),
    startedOn: null,
    completedOn: completed === null ? null : at(completed),
    error,
  });
  const statusOf = (jobs: JobRecord[], textIndexEnabled = true) =>
    buildStatusOf({ jobs: { find: async () => jobs } } as never, { id: 'l', textIndexEnabled } as FileLibraryRow);

  it('follows the newest build, with the end of the last one that ended', async () => {
    expect(await statusOf([])).toEqual({ buildStatus: 'Ready', buildQueuedAt: null, lastBuiltAt: null, buildError: null });
    expect((await statusOf([], false)).buildStatus).toBe('NotBuilt');
    expect(await statusOf([job('active', 10), job('completed', 1, 5)])).toEqual({
      buildStatus: 'Building',
      buildQueuedAt: at(10).toISOString(),
      lastBuiltAt: at(5).toISOString(),
      buildError: null,
    });
    expect(await statusOf([job('failed', 10, 20, 'text search configuration "klingon" does not exist')])).toEqual({
      buildStatus: 'Failed',
      buildQueuedAt: at(10).toISOString(),
      lastBuiltAt: at(20).toISOString(),
      buildError: 'text search configuration "klingon" does not exist',
    });
    expect((await statusOf([job('created', 30), job('failed', 10, 20, 'gone')])).buildStatus).toBe('Queued');
  });
});
