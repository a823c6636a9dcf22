// Custom metadata of library files and the filters on it (docs/knowledge.md, "Text index and metadata filters"):
// metadata at upload (the multipart field `metadata`) and with PUT …/files/{fileId}, refused with 400 naming the key;
// filters on `metadata.<key>` narrowing "Try a question"; the filterable fields and the index definition listing the
// keys in use; a data source link's filter (ragDataSources `filters`) checked when saved and narrowing what a chat
// turn answers from; and two uploads of the same content at the same moment storing it once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import {
  FileLibrarySchema,
  LibraryFileListSchema,
  LibraryFileSchema,
  LibraryFileUploadResultSchema,
  LibrarySearchResultSchema,
  RagDataSourceSchema,
  TextIndexDefinitionSchema,
  type UserAction,
} from '@atrium/contract';
import { auditLog, libraryFiles } from '../../db/schema/index.js';
import { startFakeOpenAI, type FakeUpstream, type RecordedRequest } from '../../test/fake-upstreams.js';
import { answerRequests, isTitleRequest, startModelTestApp, type ModelTestApp } from '../../test/model-app.js';
import { eventually, jsonCaller, postStream } from '../../test/chat-stream.js';
import { multipartFiles } from '../../test/library-fixtures.js';

const Admin: UserAction[] = ['DataSourcesRead', 'DataSourcesCreate', 'DataSourcesWrite', 'GptSystemsRead', 'GptSystemsWrite', 'GptSystemsCreate'];

const StudentsText = '# Parking\n\nParking permits for students cost 120 euros a year and are sold at the front desk.';
const StaffText = '# Parking\n\nParking permits for staff cost 300 euros a year and are sold by the personnel office.';

/** The system message of a recorded request to the model (where the passages go). */
const systemOf = (r: RecordedRequest) => {
  const messages = (r.body as { messages: { role: string; content: unknown }[] }).messages;
  return String(messages.find((m) => m.role === 'system')?.content ?? '');
};

describe('metadata of library files and filters on it', () => {
  let app: ModelTestApp;
  let model: FakeUpstream;
  let admin: { id: string; token: string };
  let person: { id: string; token: string };
  let libraryId: string;
  let studentsId: string;
  let staffId: string;
  const call = jsonCaller(
    () => app.base,
    () => admin.token,
  );

  const upload = async (library: string, files: { data: Buffer; fileName: string }[], fields: Record<string, string> = {}) => {
    const { payload, headers } = multipartFiles(files, 'file', fields);
    const res = await app.t.app.inject({
      method: 'POST',
      url: `/api/internal/admin/fileLibraries/${library}/files`,
      headers: { authorization: `Bearer ${admin.token}`, ...headers },
      payload,
    });
    return { status: res.statusCode, body: JSON.parse(res.body) as unknown };
  };
  const waitOnline = (library: string, fileId: string) =>
    eventually(
      async () => LibraryFileSchema.parse((await call('GET', `/admin/fileLibraries/${library}/files/${fileId}`)).body),
      (f) => f.status === 'Online' || f.status === 'Error',
      30_000,
    );
  const search = async (filters: unknown[]) => {
    const res = await call('POST', `/admin/fileLibraries/${libraryId}/search`, { query: 'How much does a parking permit cost?', filters });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return LibrarySearchResultSchema.parse(res.body).passages.map((p) => p.fileId);
  };

  beforeAll(async () => {
    model = await startFakeOpenAI();
    app = await startModelTestApp([
      {
        name: 'Local vLLM',
        providerType: 'OpenAICompatible',
        endpoint: model.url,
        apiKey: 'sk-test',
        deployments: [{ name: 'fake-gpt', displayName: 'Fake GPT', model: 'fake-gpt-model', isDefault: true }],
      },
    ]);
    admin = await app.t.createUser({ actions: Admin, displayName: 'Ada Admin' });
    person = await app.t.createUser({ actions: ['GptSystemsRead'] });
    libraryId = FileLibrarySchema.parse((await call('POST', '/admin/fileLibraries', { name: 'Parking' })).body).dataSourceId;

    const students = await upload(libraryId, [{ data: Buffer.from(StudentsText), fileName: 'students.md' }], {
      metadata: JSON.stringify({ audience: 'students', 'campus.site': 'North' }),
    });
    expect(students.status, JSON.stringify(students.body)).toBe(200);
    const [created] = LibraryFileUploadResultSchema.parse(students.body).items;
    expect(created).toMatchObject({ outcome: 'Created', file: { metadata: { audience: 'students', 'campus.site': 'North' } } });
    studentsId = created!.file.fileId;
    const staff = await upload(libraryId, [{ data: Buffer.from(StaffText), fileName: 'staff.md' }]);
    staffId = LibraryFileUploadResultSchema.parse(staff.body).items[0]!.file.fileId;
    expect((await waitOnline(libraryId, studentsId)).status).toBe('Online');
    expect((await waitOnline(libraryId, staffId)).status).toBe('Online');
  });
  afterAll(async () => {
    await app?.close();
    await model?.close();
  });

  it('refuses metadata that breaks the rules with 400 naming the key, at upload and with PUT', async () => {
    const bad = async (metadata: unknown) => {
      const res = await upload(libraryId, [{ data: Buffer.from(`Never stored ${randomUUID()}`), fileName: 'x.md' }], {
        metadata: typeof metadata === 'string' ? metadata : JSON.stringify(metadata),
      });
      expect(res.status).toBe(400);
      return res.body as { code: string; message: string; details: { field: string; message: string }[] };
    };
    expect((await bad({ '1st': 'x' })).details[0]!.field).toBe('metadata.1st');
    expect((await bad({ ok: 'x'.repeat(501) })).details[0]).toMatchObject({ field: 'metadata.ok', message: expect.stringContaining('500') });
    expect((await bad({ ok: 3 })).details[0]!.field).toBe('metadata.ok');
    expect((await bad(Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])))).details[0]!.field).toBe('metadata');
    expect((await bad('{not json')).details[0]!.field).toBe('metadata');
    const body = await bad(['a']);
    expect(body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    // nothing of the refused uploads was stored
    const listed = LibraryFileListSchema.parse((await call('GET', `/admin/fileLibraries/${libraryId}/files`)).body);
    expect(listed.items.map((f) => f.fileName).sort()).toEqual(['staff.md', 'students.md']);

    const put = (fileId: string, metadata: unknown, library = libraryId) => call('PUT', `/admin/fileLibraries/${library}/files/${fileId}`, { metadata });
    const refused = await put(staffId, { 'bad key': 'x' });
    expect(refused.status).toBe(400);
    expect((refused.body as { details: { field: string }[] }).details[0]!.field).toBe('metadata.bad key');
    expect((await put(randomUUID(), { a: 'b' })).status).toBe(404);
    // a file of another library is not found through this one
    const other = FileLibrarySchema.parse((await call('POST', '/admin/fileLibraries', { name: 'Other' })).body).dataSourceId;
    expect((await put(staffId, { a: 'b' }, other)).status).toBe(404);
    // and one who may only read may not change it
    expect((await call('PUT', `/admin/fileLibraries/${libraryId}/files/${staffId}`, { metadata: {} }, person.token)).status).toBe(403);
  });

  it('changes a file’s metadata with PUT (audited) and answers it in the file and the list', async () => {
    const res = await call('PUT', `/admin/fileLibraries/${libraryId}/files/${staffId}`, { metadata: { audience: 'staff' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(LibraryFileSchema.parse(res.body).metadata).toEqual({ audience: 'staff' });
    const listed = LibraryFileListSchema.parse((await call('GET', `/admin/fileLibraries/${libraryId}/files`)).body);
    expect(Object.fromEntries(listed.items.map((f) => [f.fileName, f.metadata]))).toEqual({
      'staff.md': { audience: 'staff' },
      'students.md': { audience: 'students', 'campus.site': 'North' },
    });
    const audits = await app.t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.aggregateId, libraryId), eq(auditLog.domainOperation, 'FileMetadataUpdated')));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits[0])).toContain('"audience":"staff"');
  });

  it('filters on metadata.<key> narrow "Try a question"; the library lists the keys its files use', async () => {
    expect((await search([])).sort()).toEqual([staffId, studentsId].sort());
    expect(await search([{ field: 'metadata.audience', operator: 'eq', value: 'staff' }])).toEqual([staffId]);
    expect(await search([{ field: 'metadata.audience', operator: 'in', value: ['students', 'alumni'] }])).toEqual([studentsId]);
    expect(await search([{ field: 'metadata.campus.site', operator: 'startsWith', value: 'nor' }])).toEqual([studentsId]);
    // a file without the key is not among those that are one of a list, and is among those that are not equal
    expect(await search([{ field: 'metadata.campus.site', operator: 'notIn', value: ['South'] }])).toEqual([studentsId]);
    expect((await search([{ field: 'metadata.campus.site', operator: 'ne', value: 'North' }])).sort()).toEqual([staffId]);
    // a value that would be SQL is a value
    const badKey = await call('POST', `/admin/fileLibraries/${libraryId}/search`, {
      query: 'parking',
      filters: [{ field: "metadata.audience'--", operator: 'eq', value: 'x' }],
    });
    expect(badKey.status).toBe(400);
    expect(await search([{ field: 'metadata.audience', operator: 'eq', value: "staff' or '1'='1" }])).toEqual([]);
    // a string field takes no number comparison
    const wrong = await call('POST', `/admin/fileLibraries/${libraryId}/search`, {
      query: 'parking',
      filters: [{ field: 'metadata.audience', operator: 'gt', value: 'a' }],
    });
    expect(wrong.status).toBe(400);
    expect((wrong.body as { details: { field: string }[] }).details[0]!.field).toBe('filters.0.operator');

    const library = FileLibrarySchema.parse((await call('GET', `/admin/fileLibraries/${libraryId}`)).body);
    expect(library.filterableFields).toEqual(expect.arrayContaining(['fileName', 'metadata.audience', 'metadata.campus.site']));
    const definition = TextIndexDefinitionSchema.parse((await call('GET', `/admin/fileLibraries/${libraryId}/textIndex/indexDefinition`)).body);
    expect(definition.availableFilterFields.filter((f) => f.name.startsWith('metadata.'))).toEqual([
      { name: 'metadata.audience', type: 'string', operators: ['eq', 'ne', 'in', 'notIn', 'contains', 'startsWith'] },
      { name: 'metadata.campus.site', type: 'string', operators: ['eq', 'ne', 'in', 'notIn', 'contains', 'startsWith'] },
    ]);

    // the filterable fields may name metadata keys; a key outside them is then refused
    const bad = await call('PUT', `/admin/fileLibraries/${libraryId}/textIndex/filters`, { filterableFields: ['fileName', 'metadata.', 'metadata.1x'] });
    expect(bad.status).toBe(400);
    expect((bad.body as { details: { field: string }[] }).details.map((d) => d.field)).toEqual(['filterableFields.1', 'filterableFields.2']);
    const set = await call('PUT', `/admin/fileLibraries/${libraryId}/textIndex/filters`, { filterableFields: ['metadata.audience', 'fileName'] });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(TextIndexDefinitionSchema.parse(set.body).filterableFields.map((f) => f.name)).toEqual(['fileName', 'metadata.audience']);
    expect(await search([{ field: 'metadata.audience', operator: 'eq', value: 'students' }])).toEqual([studentsId]);
    const notChosen = await call('POST', `/admin/fileLibraries/${libraryId}/search`, {
      query: 'parking',
      filters: [{ field: 'metadata.campus.site', operator: 'eq', value: 'North' }],
    });
    expect(notChosen.status).toBe(400);
    expect((notChosen.body as { details: { field: string }[] }).details[0]!.field).toBe('filters.0.field');
  });

  it('a data source link carries a filter: checked when saved, returned, and narrowing what the chat answers from', async () => {
    const links = `/admin/gptSystems/${app.agentId}/ragDataSources`;
    const refused = await call('POST', links, { dataSourceId: libraryId, topK: 3, filters: [{ field: 'sizeBytes', operator: 'eq', value: 1 }] });
    expect(refused.status).toBe(400);
    expect((refused.body as { details: { field: string }[] }).details[0]!.field).toBe('filters.0.field');
    const notLibrary = await call('POST', links, { dataSourceId: randomUUID(), filters: [{ field: 'fileName', operator: 'eq', value: 'a' }] });
    expect(notLibrary.status).toBe(400);

    const filters = [{ field: 'metadata.audience', operator: 'eq', value: 'staff' }];
    const created = await call('POST', links, { dataSourceId: libraryId, topK: 3, filters });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const link = RagDataSourceSchema.parse(created.body);
    expect(link.filters).toEqual(filters);
    expect(RagDataSourceSchema.parse((await call('GET', `${links}/${link.ragDataSourceId}`)).body).filters).toEqual(filters);

    const ask = async () => {
      model.setScript((r) => (isTitleRequest(r) ? {} : { chunks: ['It costs [1].'] }));
      const before = answerRequests(model).length;
      await postStream(
        app.base,
        `/userConversations/byGptSystemId/${app.agentId}`,
        {
          question: 'How much does a parking permit cost?',
          visionImageIds: [],
          attachmentIds: [],
          session: { sessionIdentifier: randomUUID() },
          segmentTraceLogLevel: 'NonPersisted',
        },
        { token: person.token },
      );
      return systemOf(answerRequests(model)[before]!);
    };
    const narrowed = await ask();
    expect(narrowed).toContain('300 euros');
    expect(narrowed).not.toContain('120 euros');

    // PUT checks the filter too, and [] removes it
    const badPut = await call('PUT', `${links}/${link.ragDataSourceId}`, { filters: [{ field: 'metadata.audience', operator: 'lt', value: 'x' }] });
    expect(badPut.status).toBe(400);
    expect((badPut.body as { details: { field: string }[] }).details[0]!.field).toBe('filters.0.operator');
    const cleared = await call('PUT', `${links}/${link.ragDataSourceId}`, { filters: [] });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(RagDataSourceSchema.parse(cleared.body).filters).toEqual([]);
    const widened = await ask();
    expect(widened).toContain('300 euros');
    expect(widened).toContain('120 euros');
  });

  it('two uploads of the same content at the same moment store it once', async () => {
    const library = FileLibrarySchema.parse((await call('POST', '/admin/fileLibraries', { name: 'Race' })).body).dataSourceId;
    for (let round = 0; round < 3; round++) {
      const data = Buffer.from(`# Same\n\nThe same content, round ${round} ${randomUUID()}.`);
      const results = await Promise.all([
        upload(library, [{ data, fileName: `a${round}.md` }]),
        upload(library, [{ data, fileName: `b${round}.md` }]),
        upload(library, [{ data, fileName: `c${round}.md` }]),
      ]);
      const items = results.map((r) => {
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        return LibraryFileUploadResultSchema.parse(r.body).items[0]!;
      });
      expect(items.map((i) => i.outcome).sort()).toEqual(['Created', 'Duplicate', 'Duplicate']);
      expect(new Set(items.map((i) => i.file.fileId)).size).toBe(1);
    }
    const rows = await app.t.ctx.db.select({ id: libraryFiles.id }).from(libraryFiles).where(eq(libraryFiles.libraryId, library));
    expect(rows).toHaveLength(3);
  });
});
