// The figures of library files over HTTP (GET …/files/{fileId}/figures and …/figures/{index}): a DOCX's and a PDF's
// images listed and served with their type, none for a text file or a damaged document (never a 500), and who may
// see them: 404 for an index the list does not have, for a file asked for under another library and for a library
// outside a reader's scope; 403 without a DataSources action. The documents are read on the extraction threads: a PDF
// that takes longer than a thread's deadline has none (a warning in the log) while the server's thread keeps running.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import sharp from 'sharp';
import { LibraryFigureListSchema, LibraryFileUploadResultSchema, FileLibrarySchema, type UserAction } from '@atrium/contract';
import { Caches } from '../../platform/caches.js';
import { DefaultExtractionOptions, ExtractionPool } from '../../platform/extraction/extraction-pool.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { docxWithMedia, pdfWithImages } from '../../test/figure-fixtures.js';
import { multipartFiles } from '../../test/library-fixtures.js';
import { makePng, pdfOf } from '../../test/upload-fixtures.js';
import { figureImage, figuresOf, type FiguresContext } from './library-figures.js';
import type { LibraryFileRow } from './knowledge.repository.js';

describe('figures of library files', () => {
  let t: TestApp;
  let admin: { id: string; token: string };

  const call = async (url: string, token: string, method = 'GET', payload?: unknown) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url: `/api/internal${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const json = String(res.headers['content-type'] ?? '').includes('json');
    return { status: res.statusCode, body: (json && res.body ? JSON.parse(res.body) : undefined) as unknown, res };
  };
  const createLibrary = async (name: string) => {
    const res = await call('/admin/fileLibraries', admin.token, 'POST', { name });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return FileLibrarySchema.parse(res.body).dataSourceId;
  };
  const upload = async (libraryId: string, data: Buffer, fileName: string) => {
    const { payload, headers } = multipartFiles([{ data, fileName }]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/internal/admin/fileLibraries/${libraryId}/files`,
      headers: { authorization: `Bearer ${admin.token}`, ...headers },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return LibraryFileUploadResultSchema.parse(JSON.parse(res.body)).items[0]!.file.fileId;
  };
  const figuresUrl = (libraryId: string, fileId: string) => `/admin/fileLibraries/${libraryId}/files/${fileId}/figures`;

  let libraryId: string;
  let otherLibraryId: string;
  let png: Buffer;
  let docxId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({
      actions: ['DataSourcesRead', 'DataSourcesCreate', 'DataSourcesWrite', 'UserRolesRead', 'UserRolesWrite', 'UserRolePermissionsWrite'],
    });
    libraryId = await createLibrary('Reports');
    otherLibraryId = await createLibrary('Elsewhere');
    png = await makePng(120, 90);
    const photo = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#aa3300' } })
      .jpeg()
      .toBuffer();
    docxId = await upload(libraryId, await docxWithMedia({ 'image1.png': png, 'image2.jpeg': photo, 'image3.png': await makePng(12, 12) }), 'report.docx');
  });
  afterAll(() => t.close());

  it('lists a DOCX’s images and serves each with its type, privately and not to be sniffed', async () => {
    const list = await call(figuresUrl(libraryId, docxId), admin.token);
    expect(list.status).toBe(200);
    expect(LibraryFigureListSchema.parse(list.body).items).toEqual([
      { index: 0, page: null, contentType: 'image/png', width: 120, height: 90, byteSize: png.length },
      { index: 1, page: null, contentType: 'image/jpeg', width: 48, height: 32, byteSize: expect.any(Number) },
    ]);

    const first = await call(`${figuresUrl(libraryId, docxId)}/0`, admin.token);
    expect(first.status).toBe(200);
    expect(first.res.headers['content-type']).toBe('image/png');
    expect(first.res.headers['cache-control']).toBe('private');
    expect(first.res.headers['x-content-type-options']).toBe('nosniff');
    expect(first.res.rawPayload.equals(png)).toBe(true);
    const second = await call(`${figuresUrl(libraryId, docxId)}/1`, admin.token);
    expect(second.res.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(second.res.rawPayload).metadata()).format).toBe('jpeg');
  });

  it('lists a PDF’s images by page, as PNG', async () => {
    const pdf = pdfWithImages([[], [{ width: 40, height: 30, rgb: [0, 128, 0] }]]);
    const pdfId = await upload(libraryId, pdf, 'scan.pdf');
    const items = LibraryFigureListSchema.parse((await call(figuresUrl(libraryId, pdfId), admin.token)).body).items;
    expect(items).toEqual([{ index: 0, page: 2, contentType: 'image/png', width: 40, height: 30, byteSize: expect.any(Number) }]);
    const image = await call(`${figuresUrl(libraryId, pdfId)}/0`, admin.token);
    expect(image.res.headers['content-type']).toBe('image/png');
    expect(image.res.rawPayload.length).toBe(items[0]!.byteSize);
    expect(await sharp(image.res.rawPayload).metadata()).toMatchObject({ format: 'png', width: 40, height: 30 });
  });

  it('has none for a text file, nor for a damaged document (not an error)', async () => {
    const textId = await upload(libraryId, Buffer.from('Just words.\n'), 'notes.txt');
    expect((await call(figuresUrl(libraryId, textId), admin.token)).body).toEqual({ items: [] });
    // starts like a DOCX (the upload's check), is no archive at all
    const damaged = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('[Content_Types].xml word/document.xml and nothing else')]);
    const damagedId = await upload(libraryId, damaged, 'broken.docx');
    const res = await call(figuresUrl(libraryId, damagedId), admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [] });
    expect((await call(`${figuresUrl(libraryId, damagedId)}/0`, admin.token)).status).toBe(404);
  });

  it('refuses an index the list does not have (404) and one that is no number (400)', async () => {
    const missing = await call(`${figuresUrl(libraryId, docxId)}/2`, admin.token);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: expect.any(String), message: 'Figure 2 was not found.' });
    const bad = await call(`${figuresUrl(libraryId, docxId)}/first`, admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ details: [expect.objectContaining({ field: expect.stringContaining('index') })] });
  });

  it('shows a file only under its own library, to those who may see that library', async () => {
    expect((await call(figuresUrl(otherLibraryId, docxId), admin.token)).status).toBe(404);
    expect((await call(`${figuresUrl(otherLibraryId, docxId)}/0`, admin.token)).status).toBe(404);

    // a reader of the other library only
    const role = await call('/admin/userRoles', admin.token, 'POST', {
      name: 'Readers of Elsewhere',
      userActions: ['DataSourcesReadSpecific'] satisfies UserAction[],
    });
    const roleId = (role.body as { userRoleId: string }).userRoleId;
    expect(
      (await call(`/admin/userRoles/${roleId}/EntityConfiguration`, admin.token, 'PUT', { gptSystemIds: [], dataSourceIds: [otherLibraryId] })).status,
    ).toBe(200);
    const reader = await t.createUser({ actions: [] });
    expect((await call(`/admin/users/${reader.id}/userRoles/${roleId}`, admin.token, 'POST')).status).toBe(200);
    expect((await call(figuresUrl(libraryId, docxId), reader.token)).status).toBe(404);
    expect((await call(`${figuresUrl(libraryId, docxId)}/0`, reader.token)).status).toBe(404);

    const nobody = await t.createUser({ actions: [] });
    expect((await call(figuresUrl(libraryId, docxId), nobody.token)).status).toBe(403);
    expect((await call(`${figuresUrl(libraryId, docxId)}/0`, nobody.token)).status).toBe(403);
  });
});

/**
 * A PDF whose pages each draw a large photo-like JPEG: pdf.js decodes a JPEG in JavaScript, about a second of the
 * thread's time per page at 2,500 pixels square (measured: 12 pages, 12 s, with the thread stalled for up to 0.6 s at
 * a time when it was read on the server's thread).
 */
async function slowPdf(pages: number, side: number): Promise<Buffer> {
  const noise = { type: 'gaussian' as const, mean: 128, sigma: 30 };
  const jpeg = await sharp({ create: { width: side, height: side, channels: 3, background: '#336699', noise } })
    .jpeg({ quality: 40 })
    .toBuffer();
  const stream = jpeg.toString('latin1'); // pdfOf writes latin1: the bytes as they are
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', ''];
  const add = (o: string) => objects.push(o);
  const kids: number[] = [];
  for (let page = 0; page < pages; page++) {
    // an image object per page: pdf.js would decode an image drawn by several pages once
    const image = add(
      `<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n${stream}\nendstream`,
    );
    const draw = 'q 400 0 0 400 72 300 cm /Im0 Do Q';
    const content = add(`<< /Length ${draw.length} >>\nstream\n${draw}\nendstream`);
    kids.push(add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${content} 0 R /Resources << /XObject << /Im0 ${image} 0 R >> >> >>`));
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  return pdfOf(objects);
}

describe('figures of library files on the extraction threads', () => {
  const logs: { level: number; msg: string; err?: { message: string } }[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => void logs.push(JSON.parse(line) as (typeof logs)[number]) });
  const pools: ExtractionPool[] = [];
  afterAll(() => Promise.all(pools.map((p) => p.close())));

  /** a context whose files' originals are these, read by this pool */
  const contextOf = (extraction: ExtractionPool, originals: Map<string, Buffer>): FiguresContext => ({
    blobs: { get: async (key: string) => originals.get(key) ?? null } as unknown as FiguresContext['blobs'],
    logger,
    caches: new Caches(),
    extraction,
  });
  const fileOf = (id: string, kind: string) => ({ id, libraryId: 'library', kind, blobKey: id, contentHash: `hash-${id}` }) as LibraryFileRow;

  it('lists and reads a document’s figures on the pool’s threads, not on the server’s', async () => {
    const pool = new ExtractionPool({ ...DefaultExtractionOptions, threads: 1 });
    pools.push(pool);
    const png = await makePng(64, 48);
    const ctx = contextOf(pool, new Map([['report', await docxWithMedia({ 'image1.png': png })]]));
    const report = fileOf('report', 'docx');

    expect(pool.completed).toBe(0);
    expect((await figuresOf(ctx, report)).map((f) => [f.index, f.width, f.height])).toEqual([[0, 64, 48]]);
    expect(pool.completed).toBe(1);
    expect(await figureImage(ctx, report, 0)).toEqual({ contentType: 'image/png', data: png });
    // the listing was kept: the image took one task more, the listing none
    expect(pool.completed).toBe(2);
  });

  it('has none for a PDF that takes longer than a thread’s deadline (a warning), turns others away meanwhile, and the server’s thread runs on', async () => {
    const timeoutMs = 3000;
    const pool = new ExtractionPool({ ...DefaultExtractionOptions, threads: 1, maxWaiting: 0, timeoutMs });
    pools.push(pool);
    const small = pdfWithImages([[{ width: 40, height: 30, rgb: [255, 0, 0] }]]);
    const originals = new Map([
      ['warm', small],
      ['small', small],
      ['slow', await slowPdf(12, 2500)],
    ]);
    const ctx = contextOf(pool, originals);
    // the thread is started (and tsx has loaded the worker) before the deadline is measured against the slow one
    expect(await figuresOf(ctx, fileOf('warm', 'pdf'))).toHaveLength(1);

    // the time the server's thread could not run its timers: beyond their 10 ms, a gap of over 50 ms
    let last = performance.now();
    let stalled = 0;
    const ticks = setInterval(() => {
      const now = performance.now();
      if (now - last > 50) stalled += now - last - 10;
      last = now;
    }, 10);
    const started = performance.now();
    const slow = figuresOf(ctx, fileOf('slow', 'pdf'));
    // the one thread is busy and no file may wait: the other file has none for now, and that answer is not kept
    expect(await figuresOf(ctx, fileOf('small', 'pdf'))).toEqual([]);
    try {
      expect(await slow).toEqual([]);
    } finally {
      clearInterval(ticks);
    }
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(timeoutMs - 50);
    // read on this thread, the slow PDF stalls it half a second at a time, over a third of the time (measured: 1.1 s
    // of the first 3); on the pool's, the timers keep their beat (40 ms in all)
    expect(stalled).toBeLessThan(took / 8);

    expect(logs).toContainEqual(expect.objectContaining({ level: 40, msg: 'the figures of a library file were not read: every extraction thread is busy' }));
    expect(logs).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: 'could not read the figures of a library file',
        err: expect.objectContaining({ message: 'Reading the file takes longer than 3 s.' }),
      }),
    );
    expect(await figuresOf(ctx, fileOf('small', 'pdf'))).toHaveLength(1);
    expect(await figuresOf(ctx, fileOf('slow', 'pdf'))).toEqual([]); // kept: it would take as long again
  });
});
