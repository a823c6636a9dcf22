// The figures of library files over HTTP (GET …/files/{fileId}/figures and …/figures/{index}): a DOCX's and a PDF's
// images listed and served with their type, none for a text file or a damaged document (never a 500), and who may
// see them: 404 for an index the list does not have, for a file asked for under another library and for a library
// outside a reader's scope; 403 without a DataSources action.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { LibraryFigureListSchema, LibraryFileUploadResultSchema, FileLibrarySchema, type UserAction } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { docxWithMedia, pdfWithImages } from '../../test/figure-fixtures.js';
import { multipartFiles } from '../../test/library-fixtures.js';
import { makePng } from '../../test/upload-fixtures.js';

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
