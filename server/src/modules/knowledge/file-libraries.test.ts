// File libraries over HTTP: libraries and their settings, uploads that go Queued → Processing → Online through the
// ingestion jobs (PDF by page, DOCX and Markdown by headings, text), what people can inspect of a file (the text
// read, its chunks, its log), duplicates, reprocessing, bad input (415, 413, damaged and encrypted files ending in
// Error alone), deletion that leaves no rows or blobs behind, and who may see and change which library.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  FileLibraryDetailsForCreateSchema,
  FileLibraryListSchema,
  FileLibrarySchema,
  FileUploadConfigurationSchema,
  LibraryChunkSchema,
  LibraryFileExtractionSchema,
  LibraryFileListSchema,
  LibraryFileLogSchema,
  LibraryFileSchema,
  LibraryFileUploadResultSchema,
  type LibraryFile,
  type UserAction,
} from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { eventually } from '../../test/chat-stream.js';
import { auditLog, libraryChunks, libraryFileLogs, libraryFiles } from '../../db/schema/index.js';
import { damagedPdf, makePagedPdf, makePptx, makeStructuredDocx, makeXlsx, multipartFiles } from '../../test/library-fixtures.js';
import { makePng } from '../../test/upload-fixtures.js';

const AllDataSources: UserAction[] = ['DataSourcesRead', 'DataSourcesCreate', 'DataSourcesWrite'];

describe('file libraries', () => {
  let t: TestApp;
  let admin: { id: string; token: string };

  const call = async (method: string, url: string, token: string, payload?: unknown, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url: `/api/internal${url}`,
      headers: { authorization: `Bearer ${token}`, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const json = String(res.headers['content-type'] ?? '').includes('json');
    return { status: res.statusCode, body: (json && res.body ? JSON.parse(res.body) : undefined) as unknown, res };
  };
  const createLibrary = async (token: string, body: Record<string, unknown> = {}) => {
    const res = await call('POST', '/admin/fileLibraries', token, { name: 'Handbooks', ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return FileLibrarySchema.parse(res.body);
  };
  const upload = (token: string, libraryId: string, files: { data: Buffer; fileName: string }[]) => {
    const { payload, headers } = multipartFiles(files);
    return call('POST', `/admin/fileLibraries/${libraryId}/files`, token, payload, headers);
  };
  const uploadOk = async (token: string, libraryId: string, files: { data: Buffer; fileName: string }[]) => {
    const res = await upload(token, libraryId, files);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return LibraryFileUploadResultSchema.parse(res.body).items;
  };
  /** Waits until the file is Online or in Error. */
  const settled = async (libraryId: string, fileId: string): Promise<LibraryFile> => {
    const started = Date.now();
    for (;;) {
      const file = LibraryFileSchema.parse((await call('GET', `/admin/fileLibraries/${libraryId}/files/${fileId}`, admin.token)).body);
      if (file.status === 'Online' || file.status === 'Error') return file;
      if (Date.now() - started > 30_000) throw new Error(`file ${fileId} still ${file.status}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const blobFiles = () => {
    const dir = path.join(t.dataDir, 'blobs', 'file-libraries');
    return fs.existsSync(dir) ? (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[]).filter((d) => d.isFile()).length : 0;
  };
  const rows = async () => {
    const count = async (table: typeof libraryFiles | typeof libraryChunks | typeof libraryFileLogs) =>
      (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
    return { files: await count(libraryFiles), chunks: await count(libraryChunks), logs: await count(libraryFileLogs) };
  };

  beforeAll(async () => {
    t = await createTestApp({ LIBRARY_FILE_MAX_BYTES: String(256 * 1024) });
    admin = await t.createUser({ actions: [...AllDataSources, 'UserRolesRead', 'UserRolesWrite', 'UserRolePermissionsWrite'], displayName: 'Ada Admin' });
  });
  afterAll(() => t.close());

  it('creates, lists, reads, changes and describes libraries, with audit rows', async () => {
    const details = FileLibraryDetailsForCreateSchema.parse((await call('GET', '/admin/fileLibraries/detailsForCreate', admin.token)).body);
    expect(details.defaults).toEqual({ chunkSize: 1500, chunkOverlap: 200, language: 'english' });
    expect(details.embeddingDeployments).toEqual([]);
    expect(details.fileUpload.maxFileSizeBytes).toBe(256 * 1024);
    const config = FileUploadConfigurationSchema.parse((await call('GET', '/admin/fileLibraries/FileUploadConfiguration', admin.token)).body);
    expect(config.allowedFileTypes.flatMap((a) => a.extensions)).toEqual(expect.arrayContaining(['.pdf', '.docx', '.md', '.html', '.txt', '.csv', '.json']));
    expect((await call('GET', '/admin/fileLibraries/storageContainers', admin.token)).body).toEqual({ items: [], continuationToken: null });

    const library = await createLibrary(admin.token, {
      name: '  Policies ',
      description: 'Rules',
      skipResourceCreation: true,
      chunkSize: 800,
      chunkOverlap: 100,
    });
    expect(library).toMatchObject({
      name: 'Policies',
      description: 'Rules',
      chunkSize: 800,
      chunkOverlap: 100,
      language: 'english',
      retrievalMode: 'FullText',
      dataSourceType: 'FileLibrary',
      files: { total: 0 },
      createdBy: 'Ada Admin',
      currentUserActions: ['Edit', 'Delete'],
    });
    const list = FileLibraryListSchema.parse((await call('GET', '/admin/fileLibraries', admin.token)).body);
    expect(list.items.map((l) => l.dataSourceId)).toContain(library.dataSourceId);

    const changed = await call('PUT', `/admin/fileLibraries/${library.dataSourceId}`, admin.token, { name: 'Policies 2026', language: 'german' });
    expect(FileLibrarySchema.parse(changed.body)).toMatchObject({ name: 'Policies 2026', language: 'german', chunkSize: 1500 });

    const bad = await call('POST', '/admin/fileLibraries', admin.token, { name: '', chunkSize: 100, language: 'klingon' });
    expect(bad.status).toBe(400);
    expect((bad.body as { details: { field: string }[] }).details.map((d) => d.field).sort()).toEqual(['chunkSize', 'language', 'name']);
    const overlap = await call('POST', '/admin/fileLibraries', admin.token, { name: 'x', chunkSize: 500, chunkOverlap: 400 });
    expect(overlap.status).toBe(400);
    expect((overlap.body as { details: { field: string; message: string }[] }).details).toEqual([
      { field: 'chunkOverlap', message: 'The overlap may be at most half the chunk size' },
    ]);

    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.aggregateType, 'FileLibrary'), eq(auditLog.aggregateId, library.dataSourceId)));
    expect(audit.map((a) => a.domainOperation).sort()).toEqual(['Created', 'Updated']);
    expect((await call('GET', `/admin/fileLibraries/${crypto.randomUUID()}`, admin.token)).status).toBe(404);
  });

  it('reads, splits and indexes a PDF, a DOCX, Markdown and text, and shows what it did', async () => {
    const library = await createLibrary(admin.token, { name: 'Campus', chunkSize: 300, chunkOverlap: 40 });
    const id = library.dataSourceId;
    const pdf = makePagedPdf([
      ['The library opens at eight in the morning.', 'Students bring their card.'],
      ['Pelicans are not allowed in the reading room.'],
      ['Late returns cost one euro per day.'],
    ]);
    const docx = await makeStructuredDocx([
      { heading: 1, text: 'Housing' },
      { text: 'Rooms are given by lottery in June.' },
      { heading: 2, text: 'Deposits' },
      { text: 'The deposit is two hundred euros.' },
    ]);
    const markdown = Buffer.from('# Sports\n\nThe pool opens at seven.\n\n## Climbing\n\nThe wall needs a course first.\n');
    const text = Buffer.from('Parking permits are sold at the front desk.\n');
    const items = await uploadOk(admin.token, id, [
      { data: pdf, fileName: 'rules.pdf' },
      { data: docx, fileName: 'housing.docx' },
      { data: markdown, fileName: 'sports.md' },
      { data: text, fileName: 'parking.txt' },
    ]);
    expect(items.map((i) => [i.fileName, i.outcome, i.file.status])).toEqual([
      ['rules.pdf', 'Created', 'Queued'],
      ['housing.docx', 'Created', 'Queued'],
      ['sports.md', 'Created', 'Queued'],
      ['parking.txt', 'Created', 'Queued'],
    ]);
    expect(items[0]!.file).toMatchObject({ mimeType: 'application/pdf', sizeBytes: pdf.length, progressPercent: 0, stage: 'Extracting' });

    const [pdfFile, docxFile, mdFile, txtFile] = await Promise.all(items.map((i) => settled(id, i.file.fileId)));
    for (const f of [pdfFile, docxFile, mdFile, txtFile])
      expect(f, JSON.stringify(f)).toMatchObject({ status: 'Online', progressPercent: 100, stage: null, errorMessage: null });
    expect(pdfFile!.pageCount).toBe(3);
    expect(docxFile!.pageCount).toBeNull();
    expect(pdfFile!.processedAt).not.toBeNull();

    const extraction = LibraryFileExtractionSchema.parse(
      (await call('GET', `/admin/fileLibraries/${id}/files/${pdfFile!.fileId}/extraction`, admin.token)).body,
    );
    expect(extraction.pages.map((p) => p.pageNumber)).toEqual([1, 2, 3]);
    expect(extraction.pages[1]!.text).toBe('Pelicans are not allowed in the reading room.');
    expect(extraction.truncated).toBe(false);

    // the PDF's chunks keep their pages; the DOCX's and Markdown's their headings
    const pdfChunks = await Promise.all(
      Array.from({ length: pdfFile!.chunkCount }, async (_, i) =>
        LibraryChunkSchema.parse((await call('GET', `/admin/fileLibraries/${id}/files/${pdfFile!.fileId}/chunks/${i}`, admin.token)).body),
      ),
    );
    expect(pdfChunks[0]).toMatchObject({ index: 0, chunkCount: pdfFile!.chunkCount, pageStart: 1 });
    expect(pdfChunks.at(-1)!.pageEnd).toBe(3);
    expect(pdfChunks.map((c) => c.text).join(' ')).toContain('Late returns cost one euro per day.');
    const docxChunks = await Promise.all(
      Array.from({ length: docxFile!.chunkCount }, async (_, i) =>
        LibraryChunkSchema.parse((await call('GET', `/admin/fileLibraries/${id}/files/${docxFile!.fileId}/chunks/${i}`, admin.token)).body),
      ),
    );
    expect(docxChunks.map((c) => [c.headings, c.text])).toEqual([
      [['Housing'], 'Rooms are given by lottery in June.'],
      [['Housing', 'Deposits'], 'The deposit is two hundred euros.'],
    ]);
    const chunkPastEnd = await call('GET', `/admin/fileLibraries/${id}/files/${docxFile!.fileId}/chunks/${docxFile!.chunkCount}`, admin.token);
    expect(chunkPastEnd.status).toBe(404);

    // the full-text index finds chunks by stemmed words (english), headings included
    const found = await t.ctx.db
      .select({ fileId: libraryChunks.fileId, text: libraryChunks.text })
      .from(libraryChunks)
      .where(and(eq(libraryChunks.libraryId, id), sql`${libraryChunks.search} @@ websearch_to_tsquery('english', 'deposits euro')`));
    expect(found.map((f) => f.fileId)).toEqual([docxFile!.fileId]);
    const byHeading = await t.ctx.db
      .select({ fileId: libraryChunks.fileId })
      .from(libraryChunks)
      .where(and(eq(libraryChunks.libraryId, id), sql`${libraryChunks.search} @@ websearch_to_tsquery('english', 'climbing course')`));
    expect(byHeading.map((f) => f.fileId)).toEqual([mdFile!.fileId]);

    const log = LibraryFileLogSchema.parse((await call('GET', `/admin/fileLibraries/${id}/files/${pdfFile!.fileId}/logs/latest`, admin.token)).body);
    expect(log.run).toBe(1);
    expect(log.entries.map((e) => e.stage)).toEqual([null, 'Extracting', 'Extracting', 'Chunking', 'Indexing']);
    expect(log.entries.every((e) => e.level === 'INFO')).toBe(true);
    expect(log.entries[2]!.message).toMatch(/^Read 3 pages, \d+ characters/);
    expect(log.entries.at(-1)!.message).toMatch(/The file is online\.$/);

    const download = await call('GET', `/admin/fileLibraries/${id}/files/${pdfFile!.fileId}/Download`, admin.token);
    expect(download.status).toBe(200);
    expect(download.res.headers['content-type']).toBe('application/pdf');
    expect(download.res.headers['content-disposition']).toContain('rules.pdf');
    expect(download.res.rawPayload.equals(pdf)).toBe(true);

    const summary = FileLibrarySchema.parse((await call('GET', `/admin/fileLibraries/${id}`, admin.token)).body);
    expect(summary.files).toMatchObject({ total: 4, online: 4, error: 0, queued: 0, processing: 0 });
    expect(summary.chunkCount).toBe(pdfFile!.chunkCount + docxFile!.chunkCount + mdFile!.chunkCount + txtFile!.chunkCount);
    expect(summary.totalBytes).toBe(pdf.length + docx.length + markdown.length + text.length);
  });

  it('reads presentations by slide (with speaker notes), workbooks by sheet, HTML, CSV and JSON; tables by rows under their header', async () => {
    const library = await createLibrary(admin.token, { name: 'Formats', chunkSize: 200, chunkOverlap: 0 });
    const id = library.dataSourceId;
    const chunksOf = async (file: LibraryFile) =>
      Promise.all(
        Array.from({ length: file.chunkCount }, async (_, i) =>
          LibraryChunkSchema.parse((await call('GET', `/admin/fileLibraries/${id}/files/${file.fileId}/chunks/${i}`, admin.token)).body),
        ),
      );
    const items = await uploadOk(admin.token, id, [
      {
        data: await makePptx([
          { title: 'Orientation', paragraphs: ['The campus tour starts at the gate.'], notes: ['Point at the map.'] },
          { title: 'Meals', paragraphs: ['Lunch is served at noon.'] },
        ]),
        fileName: 'week.pptx',
      },
      {
        data: await makeXlsx([
          {
            name: 'Fees',
            rows: [
              ['Course', 'Fee', 'Starts'],
              ['Biology', 120, { value: 45356, format: 14 }],
            ],
          },
        ]),
        fileName: 'fees.xlsx',
      },
      { data: Buffer.from('<html><body><h2>Visitors</h2><p>Visitors sign in at reception.</p><script>x()</script></body></html>'), fileName: 'visit.html' },
      { data: Buffer.from('building,opens\nlibrary,8:00\ngym,6:00\n'), fileName: 'hours.csv' },
      { data: Buffer.from('{"canteen":{"closes":"15:00","menu":["soup","bread"]}}'), fileName: 'canteen.json' },
      {
        data: Buffer.from(['room\tseats\tfloor', ...Array.from({ length: 60 }, (_, i) => `Room ${i + 1}\t${10 + i}\t${i % 4}`)].join('\n')),
        fileName: 'rooms.tsv',
      },
    ]);
    expect(items.map((i) => i.file.mimeType)).toEqual([
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'text/html',
      'text/csv',
      'application/json',
      'text/tab-separated-values',
    ]);
    const [pptx, xlsx, html, csv, json, tsv] = await Promise.all(items.map((i) => settled(id, i.file.fileId)));
    for (const f of [pptx, xlsx, html, csv, json, tsv]) expect(f!.status, f!.errorMessage ?? '').toBe('Online');
    expect(pptx!.pageCount).toBe(2);
    expect((await chunksOf(pptx!)).map((c) => [c.headings, c.pageStart, c.text])).toEqual([
      [['Orientation'], 1, 'The campus tour starts at the gate.'],
      [['Orientation', 'Speaker notes'], 1, 'Point at the map.'],
      [['Meals'], 2, 'Lunch is served at noon.'],
    ]);
    expect((await chunksOf(xlsx!)).map((c) => [c.headings, c.text])).toEqual([
      [['Fees'], '| Course | Fee | Starts |\n| --- | --- | --- |\n| Biology | 120 | 2024-03-05 |'],
    ]);
    expect((await chunksOf(html!)).map((c) => [c.headings, c.text])).toEqual([[['Visitors'], 'Visitors sign in at reception.']]);
    expect((await chunksOf(csv!))[0]!.text).toBe('| building | opens |\n| --- | --- |\n| library | 8:00 |\n| gym | 6:00 |');
    // a longer table: every chunk starts with its header row and holds whole rows
    const rooms = await chunksOf(tsv!);
    expect(rooms.length).toBeGreaterThan(3);
    for (const c of rooms) expect(c.text).toMatch(/^\| room \| seats \| floor \|\n\| --- \| --- \| --- \|(\n\| Room \d+ \| \d+ \| \d \|)+$/);
    expect(rooms.flatMap((c) => [...c.text.matchAll(/Room (\d+)/g)].map((m) => Number(m[1])))).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect((await chunksOf(json!))[0]!.text).toContain('"closes": "15:00"');
    const log = LibraryFileLogSchema.parse((await call('GET', `/admin/fileLibraries/${id}/files/${pptx!.fileId}/logs/latest`, admin.token)).body);
    expect(log.entries.some((e) => /^Read 2 slides, /.test(e.message))).toBe(true);

    // an Office file is what its content says, whatever its name
    const renamed = await upload(admin.token, id, [{ data: await makePptx([{ title: 'x', paragraphs: [] }]), fileName: 'slides.xlsx' }]);
    expect(renamed.status).toBe(415);
  });

  it('answers identical content with the file already there, also twice in one request', async () => {
    const library = await createLibrary(admin.token, { name: 'Duplicates' });
    const data = Buffer.from('The same words twice.\n');
    const [first] = await uploadOk(admin.token, library.dataSourceId, [{ data, fileName: 'a.txt' }]);
    const again = await uploadOk(admin.token, library.dataSourceId, [
      { data, fileName: 'b.txt' },
      { data: Buffer.from('Something new.\n'), fileName: 'c.txt' },
      { data: Buffer.from('Something new.\n'), fileName: 'd.txt' },
    ]);
    expect(again.map((i) => [i.fileName, i.outcome])).toEqual([
      ['b.txt', 'Duplicate'],
      ['c.txt', 'Created'],
      ['d.txt', 'Duplicate'],
    ]);
    expect(again[0]!.file.fileId).toBe(first!.file.fileId);
    expect(again[2]!.file.fileId).toBe(again[1]!.file.fileId);
    const list = LibraryFileListSchema.parse((await call('GET', `/admin/fileLibraries/${library.dataSourceId}/files`, admin.token)).body);
    expect(list.items).toHaveLength(2);
  });

  it('lists files newest first, by name words and status, page by page', async () => {
    const library = await createLibrary(admin.token, { name: 'Paging' });
    const names = ['alpha notes.txt', 'beta notes.txt', 'gamma plan.txt', 'delta notes.txt', 'epsilon.txt'];
    for (const name of names) await uploadOk(admin.token, library.dataSourceId, [{ data: Buffer.from(`Content of ${name}\n`), fileName: name }]);
    const base = `/admin/fileLibraries/${library.dataSourceId}/files`;
    const seen: string[] = [];
    let token: string | null = null;
    do {
      const page = LibraryFileListSchema.parse((await call('GET', `${base}?top=2${token ? `&continuationToken=${token}` : ''}`, admin.token)).body);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((f) => f.fileName));
      token = page.continuationToken;
    } while (token);
    expect(seen).toEqual([...names].reverse());
    const notes = LibraryFileListSchema.parse((await call('GET', `${base}?keywords=NOTES%20a`, admin.token)).body);
    expect(notes.items.map((f) => f.fileName)).toEqual(['delta notes.txt', 'beta notes.txt', 'alpha notes.txt']);
    for (const f of notes.items) await settled(library.dataSourceId, f.fileId);
    const online = LibraryFileListSchema.parse((await call('GET', `${base}?status=Online&keywords=notes`, admin.token)).body);
    expect(online.items).toHaveLength(3);
    expect((await call('GET', `${base}?status=Nonsense`, admin.token)).status).toBe(400);
    expect((await call('GET', `${base}?continuationToken=garbage`, admin.token)).status).toBe(400);
    expect((await call('GET', `${base}?top=501`, admin.token)).status).toBe(400);
  });

  it('refuses a type it cannot read with 415 naming the allowed types, and a file too large with 413, storing nothing', async () => {
    const library = await createLibrary(admin.token, { name: 'Refusals' });
    // the earlier tests' files still being read would add log lines meanwhile
    await eventually(
      () =>
        t.ctx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(libraryFiles)
          .where(sql`${libraryFiles.status} in ('Queued', 'Processing')`),
      (r) => r[0]!.n === 0,
      30_000,
    );
    const before = { ...(await rows()), blobs: blobFiles() };
    const png = await upload(admin.token, library.dataSourceId, [
      { data: Buffer.from('Fine text.\n'), fileName: 'ok.txt' },
      { data: await makePng(8, 8), fileName: 'photo.png' },
    ]);
    expect(png.status).toBe(415);
    expect((png.body as { message: string }).message).toMatch(
      /^photo\.png: .*Allowed types: PDF \(\.pdf\), Word \(\.docx\), PowerPoint \(\.pptx\), Excel \(\.xlsx\), Markdown \(\.md, \.markdown\)/,
    );
    const binary = await upload(admin.token, library.dataSourceId, [{ data: Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 3]), fileName: 'tool.exe' }]);
    expect(binary.status).toBe(415);
    const fakePdf = await upload(admin.token, library.dataSourceId, [{ data: Buffer.from('just text'), fileName: 'report.pdf' }]);
    expect(fakePdf.status).toBe(415);
    expect((fakePdf.body as { message: string }).message).toMatch(/not what its name says/);
    const big = await upload(admin.token, library.dataSourceId, [{ data: Buffer.alloc(256 * 1024 + 1, 'a'), fileName: 'big.txt' }]);
    expect(big.status).toBe(413);
    expect((big.body as { code: string }).code).toBe('payload_too_large');
    const notMultipart = await call('POST', `/admin/fileLibraries/${library.dataSourceId}/files`, admin.token, { file: 'x' });
    expect(notMultipart.status).toBe(415);
    expect({ ...(await rows()), blobs: blobFiles() }).toEqual(before);
  });

  it('ends a damaged and an encrypted PDF in Error with a readable log line, and reads the other files', async () => {
    const library = await createLibrary(admin.token, { name: 'Broken' });
    const items = await uploadOk(admin.token, library.dataSourceId, [
      { data: damagedPdf(), fileName: 'damaged.pdf' },
      { data: makePagedPdf([['top secret']], { encrypted: true }), fileName: 'locked.pdf' },
      { data: makePagedPdf([[]]), fileName: 'scanned.pdf' },
      { data: Buffer.from('Healthy text.\n'), fileName: 'healthy.txt' },
    ]);
    const [damaged, locked, scanned, healthy] = await Promise.all(items.map((i) => settled(library.dataSourceId, i.file.fileId)));
    expect(healthy!.status).toBe('Online');
    expect(damaged).toMatchObject({ status: 'Error', stage: null, chunkCount: 0 });
    expect(damaged!.errorMessage).toMatch(/^The file could not be read: /);
    expect(locked!.status).toBe('Error');
    expect(locked!.errorMessage).toMatch(/password/i);
    expect(scanned!.errorMessage).toMatch(/No text was found.*OCR/);
    const log = LibraryFileLogSchema.parse(
      (await call('GET', `/admin/fileLibraries/${library.dataSourceId}/files/${locked!.fileId}/logs/latest`, admin.token)).body,
    );
    expect(log.entries.at(-1)).toMatchObject({ level: 'ERROR', stage: 'Extracting', message: locked!.errorMessage });
    // nothing to show of a file that was never read
    expect((await call('GET', `/admin/fileLibraries/${library.dataSourceId}/files/${locked!.fileId}/extraction`, admin.token)).status).toBe(409);
    expect((await call('GET', `/admin/fileLibraries/${library.dataSourceId}/files/${locked!.fileId}/chunks/0`, admin.token)).status).toBe(409);
  });

  it('reprocesses a file with the library’s new settings in a new run', async () => {
    const library = await createLibrary(admin.token, { name: 'Reprocess', chunkSize: 2000, chunkOverlap: 0 });
    const paragraphs = Array.from({ length: 12 }, (_, i) => `Paragraph ${i} tells about the campus garden and its bees.`).join('\n\n');
    const [item] = await uploadOk(admin.token, library.dataSourceId, [{ data: Buffer.from(paragraphs), fileName: 'garden.md' }]);
    const first = await settled(library.dataSourceId, item!.file.fileId);
    expect(first.chunkCount).toBe(1);
    await call('PUT', `/admin/fileLibraries/${library.dataSourceId}`, admin.token, { name: 'Reprocess', chunkSize: 200, chunkOverlap: 0 });
    const reprocessed = await call('PUT', `/admin/fileLibraries/${library.dataSourceId}/files/${first.fileId}/Reprocess`, admin.token);
    expect(reprocessed.status).toBe(200);
    expect(LibraryFileSchema.parse(reprocessed.body)).toMatchObject({ status: 'Queued', progressPercent: 0 });
    const second = await settled(library.dataSourceId, first.fileId);
    expect(second.status).toBe('Online');
    expect(second.chunkCount).toBeGreaterThan(3);
    // only the new run's chunks remain
    const chunks = await t.ctx.db.select().from(libraryChunks).where(eq(libraryChunks.fileId, first.fileId));
    expect(chunks).toHaveLength(second.chunkCount);
    expect(new Set(chunks.map((c) => c.run))).toEqual(new Set([2]));
    const log = LibraryFileLogSchema.parse(
      (await call('GET', `/admin/fileLibraries/${library.dataSourceId}/files/${first.fileId}/logs/latest`, admin.token)).body,
    );
    expect(log.run).toBe(2);
    expect(log.entries[0]!.message).toMatch(/^Reprocessing requested by Ada Admin/);
  });

  it('removes a file’s and a library’s rows and blobs when they are deleted', async () => {
    const library = await createLibrary(admin.token, { name: 'Deleting' });
    const items = await uploadOk(admin.token, library.dataSourceId, [
      { data: makePagedPdf([['One page about owls.'], ['Another about larks.']]), fileName: 'birds.pdf' },
      { data: Buffer.from('# Trees\n\nOaks and beeches.\n'), fileName: 'trees.md' },
    ]);
    await Promise.all(items.map((i) => settled(library.dataSourceId, i.file.fileId)));
    const before = { ...(await rows()), blobs: blobFiles() };
    const pdf = items[0]!.file;
    const pdfChunks = (await t.ctx.db.select().from(libraryChunks).where(eq(libraryChunks.fileId, pdf.fileId))).length;
    const pdfLogs = (await t.ctx.db.select().from(libraryFileLogs).where(eq(libraryFileLogs.fileId, pdf.fileId))).length;
    expect(pdfChunks).toBeGreaterThan(0);

    expect((await call('DELETE', `/admin/fileLibraries/${library.dataSourceId}/files/${pdf.fileId}`, admin.token)).status).toBe(204);
    // the original and the text read from it
    expect({ ...(await rows()), blobs: blobFiles() }).toEqual({
      files: before.files - 1,
      chunks: before.chunks - pdfChunks,
      logs: before.logs - pdfLogs,
      blobs: before.blobs - 2,
    });
    expect((await call('GET', `/admin/fileLibraries/${library.dataSourceId}/files/${pdf.fileId}`, admin.token)).status).toBe(404);

    const md = items[1]!.file;
    const mdChunks = (await t.ctx.db.select().from(libraryChunks).where(eq(libraryChunks.fileId, md.fileId))).length;
    const mdLogs = (await t.ctx.db.select().from(libraryFileLogs).where(eq(libraryFileLogs.fileId, md.fileId))).length;
    expect((await call('DELETE', `/admin/fileLibraries/${library.dataSourceId}`, admin.token)).status).toBe(204);
    expect({ ...(await rows()), blobs: blobFiles() }).toEqual({
      files: before.files - 2,
      chunks: before.chunks - pdfChunks - mdChunks,
      logs: before.logs - pdfLogs - mdLogs,
      blobs: before.blobs - 4,
    });
    expect((await call('GET', `/admin/fileLibraries/${library.dataSourceId}`, admin.token)).status).toBe(404);
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.aggregateType, 'FileLibrary'), eq(auditLog.aggregateId, library.dataSourceId)));
    expect(audit.map((a) => a.domainOperation).sort()).toEqual(['Created', 'Deleted', 'FileDeleted', 'FileUploaded', 'FileUploaded']);
  });

  it('shows …Specific holders only the libraries of their roles, and lets creators change only their own', async () => {
    const scoped = await createLibrary(admin.token, { name: 'Scoped' });
    const other = await createLibrary(admin.token, { name: 'Other' });
    const roleWith = async (actions: UserAction[], dataSourceIds: string[]) => {
      const role = await call('POST', '/admin/userRoles', admin.token, { name: `role ${crypto.randomUUID()}`, userActions: actions });
      const roleId = (role.body as { userRoleId: string }).userRoleId;
      expect((await call('PUT', `/admin/userRoles/${roleId}/EntityConfiguration`, admin.token, { gptSystemIds: [], dataSourceIds })).status).toBe(200);
      const user = await t.createUser({ actions: [] });
      expect((await call('POST', `/admin/users/${user.id}/userRoles/${roleId}`, admin.token)).status).toBe(200);
      return user;
    };
    const reader = await roleWith(['DataSourcesReadSpecific'], [scoped.dataSourceId]);
    const writer = await roleWith(['DataSourcesWriteSpecific'], [scoped.dataSourceId]);
    const creator = await t.createUser({ actions: ['DataSourcesCreate'] });
    const nobody = await t.createUser({ actions: ['GptSystemsRead'] });

    const visible = FileLibraryListSchema.parse((await call('GET', '/admin/fileLibraries', reader.token)).body);
    expect(visible.items.map((l) => l.name)).toEqual(['Scoped']);
    expect(visible.items[0]!.currentUserActions).toEqual([]);
    expect((await call('GET', `/admin/fileLibraries/${other.dataSourceId}`, reader.token)).status).toBe(404);
    expect((await call('GET', `/admin/fileLibraries/${other.dataSourceId}/files`, reader.token)).status).toBe(404);
    expect((await upload(reader.token, scoped.dataSourceId, [{ data: Buffer.from('x\n'), fileName: 'x.txt' }])).status).toBe(403);
    expect((await call('POST', '/admin/fileLibraries', reader.token, { name: 'Mine' })).status).toBe(403);

    expect((await uploadOk(writer.token, scoped.dataSourceId, [{ data: Buffer.from('Scoped words.\n'), fileName: 's.txt' }]))[0]!.outcome).toBe('Created');
    expect((await upload(writer.token, other.dataSourceId, [{ data: Buffer.from('y\n'), fileName: 'y.txt' }])).status).toBe(404);
    expect((await call('DELETE', `/admin/fileLibraries/${other.dataSourceId}`, writer.token)).status).toBe(404);

    const own = await createLibrary(creator.token, { name: 'Made by creator' });
    expect(own.currentUserActions).toEqual(['Edit', 'Delete']);
    expect((await uploadOk(creator.token, own.dataSourceId, [{ data: Buffer.from('Own words.\n'), fileName: 'o.txt' }]))[0]!.outcome).toBe('Created');
    // creators see every library but change only theirs
    expect((await call('GET', `/admin/fileLibraries/${other.dataSourceId}`, creator.token)).status).toBe(200);
    expect((await call('PUT', `/admin/fileLibraries/${other.dataSourceId}`, creator.token, { name: 'Taken' })).status).toBe(403);

    for (const url of ['/admin/fileLibraries', `/admin/fileLibraries/${scoped.dataSourceId}`, '/admin/fileLibraries/detailsForCreate']) {
      expect((await call('GET', url, nobody.token)).status).toBe(403);
    }
  });
});
