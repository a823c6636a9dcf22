// The older /admin/dataSources calls over HTTP: data sources with default endpoints (the instance's default
// embedding deployment) and explicit ones (a chosen deployment) are the file libraries of the libraries' pages;
// uploaded files go Online through the same ingestion, come back by their base64-encoded name and go by name, with
// the same checks (415, 413, …Specific scopes, 403 without DataSources actions) and 400s naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  DataSourceFileListSchema,
  DataSourceFilesUploadResultSchema,
  DataSourceListSchema,
  DataSourceSchema,
  FileLibrarySchema,
  type DataSource,
  type UserAction,
} from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { startFakeOpenAI, type FakeUpstream } from '../../test/fake-upstreams.js';
import { multipartFiles } from '../../test/library-fixtures.js';
import { makePng } from '../../test/upload-fixtures.js';
import { createConnection } from '../connections/connections.service.js';
import { auditLog, libraryChunks, libraryFileLogs, libraryFiles } from '../../db/schema/index.js';
import { decodeFileName } from './data-sources.service.js';

const AllDataSources: UserAction[] = ['DataSourcesRead', 'DataSourcesCreate', 'DataSourcesWrite'];

describe('the older /admin/dataSources calls', () => {
  let t: TestApp;
  let fake: FakeUpstream;
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
  const fieldsOf = (body: unknown) => (body as { details: { field: string }[] }).details.map((d) => d.field);
  const created = async (kind: 'Default' | 'Explicit', body: Record<string, unknown>): Promise<DataSource> => {
    const res = await call('POST', `/admin/dataSources/With${kind}Endpoints`, admin.token, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return DataSourceSchema.parse(res.body);
  };
  const upload = (token: string, id: string, files: { data: Buffer; fileName: string }[]) => {
    const { payload, headers } = multipartFiles(files);
    return call('POST', `/admin/dataSources/${id}/uploadedFiles`, token, payload, headers);
  };
  const filesOf = async (id: string) => DataSourceFileListSchema.parse((await call('GET', `/admin/dataSources/${id}/uploadedFiles`, admin.token)).body).items;
  const settled = async (id: string, fileName: string) => {
    const started = Date.now();
    for (;;) {
      const file = (await filesOf(id)).find((f) => f.fileName === fileName)!;
      if (file.status === 'Online' || file.status === 'Error') return file;
      if (Date.now() - started > 30_000) throw new Error(`${fileName} still ${file.status}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
  const b64url = (s: string) => Buffer.from(s, 'utf8').toString('base64url');

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await createTestApp({ LIBRARY_FILE_MAX_BYTES: String(64 * 1024) });
    admin = await t.createUser({ actions: [...AllDataSources, 'UserRolesRead', 'UserRolesWrite', 'UserRolePermissionsWrite'], displayName: 'Ada Admin' });
    await createConnection(
      t.ctx,
      { userId: null, userName: 'test' },
      {
        name: 'OpenAI',
        providerType: 'OpenAI',
        endpoint: fake.url,
        apiKey: 'sk-test',
        deployments: [
          { name: 'small', displayName: 'Small embedder', model: 'text-embedding-3-small', kind: 'Embedding' },
          { name: 'large', displayName: 'Large embedder', model: 'text-embedding-3-large', kind: 'Embedding' },
        ],
      },
    );
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('creates data sources with default and explicit endpoints, lists them as the libraries they are, changes and deletes them', async () => {
    const plain = await created('Default', { name: ' Handbook ', description: 'Staff rules' });
    expect(plain).toMatchObject({
      name: 'Handbook',
      description: 'Staff rules',
      dataSourceType: 'UploadedFiles',
      endpointsType: 'Default',
      embeddingDeploymentName: 'small',
      files: 0,
      createdBy: 'Ada Admin',
      currentUserActions: ['Edit', 'Delete'],
    });
    const chosen = await created('Explicit', { name: 'Research', embeddingDeploymentName: 'LARGE' });
    expect(chosen).toMatchObject({ endpointsType: 'Explicit', embeddingDeploymentName: 'large', description: '' });

    // the same libraries as the File Libraries pages
    const library = FileLibrarySchema.parse((await call('GET', `/admin/fileLibraries/${chosen.dataSourceId}`, admin.token)).body);
    expect(library).toMatchObject({ name: 'Research', embeddingDeploymentName: 'large', chunkSize: 1500, language: 'english' });

    const list = DataSourceListSchema.parse((await call('GET', '/admin/dataSources', admin.token)).body);
    expect(list.items.map((d) => [d.name, d.endpointsType])).toEqual([
      ['Handbook', 'Default'],
      ['Research', 'Explicit'],
    ]);

    for (const kind of ['Default', 'Explicit']) {
      expect(DataSourceSchema.parse((await call('GET', `/admin/dataSources/With${kind}Endpoints/${plain.dataSourceId}`, admin.token)).body)).toEqual(plain);
    }

    // explicit → default: back to the instance's default deployment; default → explicit: the one named
    const toDefault = await call('PUT', `/admin/dataSources/WithDefaultEndpoints/${chosen.dataSourceId}`, admin.token, { name: 'Research 2' });
    expect(DataSourceSchema.parse(toDefault.body)).toMatchObject({
      name: 'Research 2',
      description: '',
      endpointsType: 'Default',
      embeddingDeploymentName: 'small',
    });
    const toExplicit = await call('PUT', `/admin/dataSources/WithExplicitEndpoints/${chosen.dataSourceId}`, admin.token, {
      name: 'Research 3',
      description: 'Papers',
      embeddingDeploymentName: 'large',
    });
    expect(DataSourceSchema.parse(toExplicit.body)).toMatchObject({ name: 'Research 3', description: 'Papers', endpointsType: 'Explicit' });
    const audited = await t.ctx.db.select().from(auditLog).where(eq(auditLog.aggregateId, chosen.dataSourceId));
    expect(audited.map((a) => a.domainOperation)).toEqual(['Created', 'Updated', 'Updated']);

    expect((await call('DELETE', `/admin/dataSources/WithExplicitEndpoints/${chosen.dataSourceId}`, admin.token)).status).toBe(204);
    expect((await call('GET', `/admin/dataSources/WithExplicitEndpoints/${chosen.dataSourceId}`, admin.token)).status).toBe(404);
    expect((await call('DELETE', `/admin/dataSources/WithDefaultEndpoints/${plain.dataSourceId}`, admin.token)).status).toBe(204);
    expect((await call('GET', '/admin/fileLibraries', admin.token)).body).toMatchObject({ items: [] });
  });

  it('answers 400 naming the field for a missing, unknown or disabled deployment and bad input', async () => {
    const missing = await call('POST', '/admin/dataSources/WithExplicitEndpoints', admin.token, { name: 'x' });
    expect(missing.status).toBe(400);
    expect(fieldsOf(missing.body)).toContain('embeddingDeploymentName');
    const unknown = await call('POST', '/admin/dataSources/WithExplicitEndpoints', admin.token, { name: 'x', embeddingDeploymentName: 'gpt-4o' });
    expect(unknown.status).toBe(400);
    expect(fieldsOf(unknown.body)).toEqual(['embeddingDeploymentName']);
    const noName = await call('POST', '/admin/dataSources/WithDefaultEndpoints', admin.token, { name: '  ' });
    expect(noName.status).toBe(400);
    expect(fieldsOf(noName.body)).toContain('name');
    expect((await call('GET', '/admin/dataSources/WithDefaultEndpoints/not-a-uuid', admin.token)).status).toBe(400);
    expect((await call('GET', `/admin/dataSources/WithDefaultEndpoints/${crypto.randomUUID()}`, admin.token)).status).toBe(404);
    expect((await call('GET', '/admin/dataSources', admin.token)).body).toMatchObject({ items: [] });

    // a deployment disabled since: no longer one a data source may name
    const source = await created('Explicit', { name: 'Soon without', embeddingDeploymentName: 'large' });
    await t.ctx.db.execute(sql`update deployments set enabled = false where name = 'large'`);
    t.ctx.models.invalidate();
    try {
      const disabled = await call('PUT', `/admin/dataSources/WithExplicitEndpoints/${source.dataSourceId}`, admin.token, {
        name: 'x',
        embeddingDeploymentName: 'large',
      });
      expect(disabled.status).toBe(400);
      expect(fieldsOf(disabled.body)).toEqual(['embeddingDeploymentName']);
    } finally {
      await t.ctx.db.execute(sql`update deployments set enabled = true where name = 'large'`);
      t.ctx.models.invalidate();
    }
    expect((await call('DELETE', `/admin/dataSources/WithExplicitEndpoints/${source.dataSourceId}`, admin.token)).status).toBe(204);
  });

  it('uploads files that go Online, gives one back by its base64 name and deletes by name, leaving no rows', async () => {
    const source = await created('Default', { name: 'Uploads' });
    const id = source.dataSourceId;
    const name = 'Über die Regeln ?~>?.txt';
    expect(b64(name)).toContain('/'); // sent as %2F
    const res = await upload(admin.token, id, [
      { data: Buffer.from('Refunds are paid within 30 days.\n'), fileName: name },
      { data: Buffer.from('# Leave\n\nTwenty days a year.\n'), fileName: 'leave.md' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(DataSourceFilesUploadResultSchema.parse(res.body).items.map((i) => [i.fileName, i.outcome])).toEqual([
      [name, 'Created'],
      ['leave.md', 'Created'],
    ]);
    expect(await settled(id, name)).toMatchObject({ status: 'Online', sizeBytes: 33, mimeType: 'text/plain', errorMessage: null });
    expect((await settled(id, 'leave.md')).status).toBe('Online');
    expect(DataSourceSchema.parse((await call('GET', `/admin/dataSources/WithDefaultEndpoints/${id}`, admin.token)).body)).toMatchObject({
      files: 2,
      onlineFiles: 2,
    });

    for (const encoded of [b64(name), b64url(name), b64url(name).replace(/=+$/, '')]) {
      const got = await call('GET', `/admin/dataSources/${id}/uploadedFiles/${encodeURIComponent(encoded)}`, admin.token);
      expect(got.status, encoded).toBe(200);
      expect(got.res.body).toBe('Refunds are paid within 30 days.\n');
      expect(got.res.headers['content-disposition']).toMatch(/^attachment;/);
      expect(got.res.headers['content-disposition']).toContain("filename*=UTF-8''%C3%9Cber");
    }
    for (const bad of ['***', 'a', 'QQ=Q', '_w']) {
      const refused = await call('GET', `/admin/dataSources/${id}/uploadedFiles/${encodeURIComponent(bad)}`, admin.token);
      expect(refused.status, bad).toBe(400);
      expect(fieldsOf(refused.body)).toEqual(['base64FileName']);
    }
    expect((await call('GET', `/admin/dataSources/${id}/uploadedFiles/${b64('absent.txt')}`, admin.token)).status).toBe(404);

    expect((await call('DELETE', `/admin/dataSources/${id}/uploadedFiles?fileName=absent.txt`, admin.token)).status).toBe(404);
    const noName = await call('DELETE', `/admin/dataSources/${id}/uploadedFiles`, admin.token);
    expect(noName.status).toBe(400);
    expect(fieldsOf(noName.body)).toEqual(['querystring.fileName']);
    const fileIds = (await filesOf(id)).map((f) => f.fileId);
    expect((await call('DELETE', `/admin/dataSources/${id}/uploadedFiles?fileName=${encodeURIComponent(name)}`, admin.token)).status).toBe(204);
    expect((await filesOf(id)).map((f) => f.fileName)).toEqual(['leave.md']);
    const left = await t.ctx.db.select({ id: libraryFiles.id }).from(libraryFiles).where(eq(libraryFiles.libraryId, id));
    expect(left).toHaveLength(1);
    const removed = fileIds.filter((f) => f !== left[0]!.id);
    expect(removed).toHaveLength(1);
    expect(await t.ctx.db.select().from(libraryChunks).where(eq(libraryChunks.fileId, removed[0]!))).toEqual([]);
    expect(await t.ctx.db.select().from(libraryFileLogs).where(eq(libraryFileLogs.fileId, removed[0]!))).toEqual([]);
    expect((await call('GET', `/admin/dataSources/${id}/uploadedFiles/${b64(name)}`, admin.token)).status).toBe(404);
    expect((await call('DELETE', `/admin/dataSources/WithDefaultEndpoints/${id}`, admin.token)).status).toBe(204);
  });

  it('refuses uploads as the libraries do: 415 for a type it cannot read, 413 for a file too large, storing nothing', async () => {
    const source = await created('Default', { name: 'Refusals' });
    const id = source.dataSourceId;
    const png = await upload(admin.token, id, [
      { data: Buffer.from('Fine text.\n'), fileName: 'ok.txt' },
      { data: await makePng(8, 8), fileName: 'photo.png' },
    ]);
    expect(png.status).toBe(415);
    const big = await upload(admin.token, id, [{ data: Buffer.alloc(64 * 1024 + 1, 'a'), fileName: 'big.txt' }]);
    expect(big.status).toBe(413);
    expect((await call('POST', `/admin/dataSources/${id}/uploadedFiles`, admin.token, { file: 'x' })).status).toBe(415);
    expect(await filesOf(id)).toEqual([]);
    expect((await call('DELETE', `/admin/dataSources/WithDefaultEndpoints/${id}`, admin.token)).status).toBe(204);
  });

  it('refuses callers without DataSources actions (403) and keeps …Specific scopes', async () => {
    const scoped = await created('Default', { name: 'Scoped' });
    const other = await created('Default', { name: 'Other' });
    const nobody = await t.createUser({ actions: ['GptSystemsRead'] });
    for (const [method, url, body] of [
      ['GET', '/admin/dataSources'],
      ['POST', '/admin/dataSources/WithDefaultEndpoints', { name: 'x' }],
      ['POST', '/admin/dataSources/WithExplicitEndpoints', { name: 'x', embeddingDeploymentName: 'small' }],
      ['GET', `/admin/dataSources/WithDefaultEndpoints/${scoped.dataSourceId}`],
      ['PUT', `/admin/dataSources/WithExplicitEndpoints/${scoped.dataSourceId}`, { name: 'x', embeddingDeploymentName: 'small' }],
      ['DELETE', `/admin/dataSources/WithDefaultEndpoints/${scoped.dataSourceId}`],
      ['GET', `/admin/dataSources/${scoped.dataSourceId}/uploadedFiles`],
      ['DELETE', `/admin/dataSources/${scoped.dataSourceId}/uploadedFiles?fileName=a.txt`],
      ['GET', `/admin/dataSources/${scoped.dataSourceId}/uploadedFiles/${b64('a.txt')}`],
    ] as [string, string, unknown?][]) {
      expect((await call(method, url, nobody.token, body)).status, `${method} ${url}`).toBe(403);
    }
    expect((await upload(nobody.token, scoped.dataSourceId, [{ data: Buffer.from('x\n'), fileName: 'x.txt' }])).status).toBe(403);

    const role = await call('POST', '/admin/userRoles', admin.token, { name: `role ${crypto.randomUUID()}`, userActions: ['DataSourcesReadSpecific'] });
    const roleId = (role.body as { userRoleId: string }).userRoleId;
    expect(
      (await call('PUT', `/admin/userRoles/${roleId}/EntityConfiguration`, admin.token, { gptSystemIds: [], dataSourceIds: [scoped.dataSourceId] })).status,
    ).toBe(200);
    const reader = await t.createUser({ actions: [] });
    expect((await call('POST', `/admin/users/${reader.id}/userRoles/${roleId}`, admin.token)).status).toBe(200);
    const visible = DataSourceListSchema.parse((await call('GET', '/admin/dataSources', reader.token)).body);
    expect(visible.items.map((d) => [d.name, d.currentUserActions])).toEqual([['Scoped', []]]);
    expect((await call('GET', `/admin/dataSources/WithDefaultEndpoints/${other.dataSourceId}`, reader.token)).status).toBe(404);
    expect((await upload(reader.token, scoped.dataSourceId, [{ data: Buffer.from('x\n'), fileName: 'x.txt' }])).status).toBe(403);
    expect((await call('DELETE', `/admin/dataSources/${scoped.dataSourceId}/uploadedFiles?fileName=x.txt`, reader.token)).status).toBe(403);
    expect((await call('GET', `/admin/dataSources/${other.dataSourceId}/uploadedFiles`, reader.token)).status).toBe(404);
  });

  it('decodes file names sent base64 encoded, url-safe or standard, and refuses what is not', () => {
    expect(decodeFileName(b64('a/b+c?.txt'))).toBe('a/b+c?.txt');
    expect(decodeFileName(b64url('ÿþ.txt'))).toBe('ÿþ.txt');
    expect(decodeFileName('YQ')).toBe('a');
    expect(decodeFileName('YQ==')).toBe('a');
    for (const bad of ['', '=', 'YQ===', 'Y', 'YR', '/w', 'Y Q', 'IA']) expect(() => decodeFileName(bad), bad).toThrow(/not base64/);
  });
});
