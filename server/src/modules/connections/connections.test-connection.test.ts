// "Test connection" over HTTP against real fake providers: typed settings before saving, a saved
// connection, an edit form that keeps the stored key, what each provider is asked, failures told in the
// provider's words without the key, bad input and permissions.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionTestResultSchema, type Connection, type ConnectionTestResult } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { startFakeAnthropic, startFakeOpenAI, type FakeUpstream } from '../../test/fake-upstreams.js';

const Key = 'sk-test-0123456789abcdefghij-secret';

let t: TestApp;
let admin: string;
let reader: string;
let nobody: string;
let openai: FakeUpstream;
let keyed: FakeUpstream;
let anthropic: FakeUpstream;
let html: http.Server;
let htmlUrl: string;

beforeAll(async () => {
  [t, openai, keyed, anthropic] = await Promise.all([
    createTestApp(),
    startFakeOpenAI(),
    startFakeOpenAI({ apiKey: Key, models: ['gpt-4o-mini', 'dall-e-3'] }),
    startFakeAnthropic({ apiKey: Key }),
  ]);
  admin = (await t.createUser({ actions: ['ConnectionsRead', 'ConnectionsWrite'] })).token;
  reader = (await t.createUser({ actions: ['ConnectionsRead'] })).token;
  nobody = (await t.createUser({ actions: ['GptSystemsWrite'] })).token;
  // a web server that is not an API: answers a page to everything
  html = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Welcome</body></html>'));
  await new Promise<void>((resolve) => html.listen(0, '127.0.0.1', resolve));
  htmlUrl = `http://127.0.0.1:${(html.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await Promise.all([t.close(), openai.close(), keyed.close(), anthropic.close(), new Promise((r) => html.close(r))]);
});

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/internal${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function test(payload: unknown, token = admin): Promise<ConnectionTestResult> {
  const res = await call('POST', '/admin/connections/test', token, payload);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.body).not.toContain(Key);
  return ConnectionTestResultSchema.parse(res.json());
}

/** A port nothing listens on (just closed). */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const lastRequest = (fake: FakeUpstream) => fake.requests[fake.requests.length - 1]!;

describe('Test connection with settings not saved yet', () => {
  it("lists an OpenAI-compatible server's models with their kinds, without a key when none is given", async () => {
    const result = await test({ providerType: 'OpenAICompatible', endpoint: openai.url });
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;
    expect(result.models.map((m) => [m.id, m.kind])).toEqual([
      ['fake-model', 'Chat'],
      ['gpt-image-1', 'ImageGeneration'],
      ['text-embedding-3-small', 'Embedding'],
    ]);
    expect(lastRequest(openai)).toMatchObject({ method: 'GET', path: '/v1/models' });
    expect(lastRequest(openai).headers.authorization).toBeUndefined();
  });

  it('asks OpenAI with the key as a bearer token', async () => {
    const result = await test({ providerType: 'OpenAI', endpoint: keyed.url, apiKey: Key });
    expect(result.ok && result.models.map((m) => m.id)).toEqual(['dall-e-3', 'gpt-4o-mini']);
    expect(lastRequest(keyed).headers.authorization).toBe(`Bearer ${Key}`);
  });

  it("tells a refused key in the provider's words, without the key", async () => {
    const wrong = 'sk-wrong-abcdefghijklmnopqrstuvwxyz012345';
    const res = await call('POST', '/admin/connections/test', admin, { providerType: 'OpenAI', endpoint: keyed.url, apiKey: wrong });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(wrong);
    const result = ConnectionTestResultSchema.parse(res.json());
    expect(result).toMatchObject({ ok: false, status: 401 });
    expect(!result.ok && result.message).toMatch(/answered 401: Incorrect API key provided: \[redacted\]/);
  });

  it("lists Anthropic's models with their names, sending the key and the API version", async () => {
    const result = await test({ providerType: 'Anthropic', endpoint: anthropic.origin, apiKey: Key });
    expect(result.ok && result.models).toEqual([
      { id: 'claude-sonnet-4-5', displayName: 'Claude sonnet 4 5', baseModel: null, kind: 'Chat', contextWindow: null },
      { id: 'claude-haiku-4-5', displayName: 'Claude haiku 4 5', baseModel: null, kind: 'Chat', contextWindow: null },
    ]);
    expect(lastRequest(anthropic).path).toBe('/v1/models?limit=1000');
    expect(lastRequest(anthropic).headers).toMatchObject({ 'x-api-key': Key, 'anthropic-version': '2023-06-01' });
  });

  it("lists an Azure resource's deployments with the models behind them", async () => {
    const result = await test({ providerType: 'AzureOpenAI', endpoint: `${keyed.origin}/openai`, apiKey: Key });
    expect(result.ok && result.models).toEqual([
      { id: 'dall-e-3', displayName: null, baseModel: 'dall-e-3', kind: 'ImageGeneration', contextWindow: null },
      { id: 'gpt-4o-mini', displayName: null, baseModel: 'gpt-4o-mini', kind: 'Chat', contextWindow: null },
    ]);
    expect(lastRequest(keyed).path).toBe('/openai/deployments?api-version=2022-12-01');
    expect(lastRequest(keyed).headers['api-key']).toBe(Key);
  });

  it('says when the server cannot be reached, or is not an API', async () => {
    const closed = await closedPort();
    const unreachable = await test({ providerType: 'OpenAICompatible', endpoint: `http://127.0.0.1:${closed}/v1` });
    expect(unreachable).toMatchObject({ ok: false, status: null });
    expect(!unreachable.ok && unreachable.message).toBe(`Could not reach http://127.0.0.1:${closed}/v1/models (ECONNREFUSED).`);

    const page = await test({ providerType: 'OpenAICompatible', endpoint: htmlUrl });
    expect(page).toMatchObject({ ok: false, status: 200, message: `${htmlUrl}/models did not answer JSON: is this the API's base URL?` });
  });

  it('refuses settings that miss what the provider needs, and bad values, with field details', async () => {
    const missing = await call('POST', '/admin/connections/test', admin, { providerType: 'OpenAICompatible' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'validation_error', details: [expect.objectContaining({ field: 'endpoint' })] });
    const badUrl = await call('POST', '/admin/connections/test', admin, { providerType: 'OpenAI', endpoint: 'ftp://x', apiKey: Key });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().details).toEqual([expect.objectContaining({ field: 'endpoint' })]);
    const unknown = await call('POST', '/admin/connections/test', admin, { providerType: 'Gemini', endpoint: openai.url });
    expect(unknown.statusCode).toBe(400);
  });

  it('is for those who may change connections', async () => {
    expect((await call('POST', '/admin/connections/test', reader, { providerType: 'OpenAICompatible', endpoint: openai.url })).statusCode).toBe(403);
    expect((await call('POST', '/admin/connections/test', nobody, { providerType: 'OpenAICompatible', endpoint: openai.url })).statusCode).toBe(403);
  });
});

describe('Test connection of a saved connection', () => {
  let saved: Connection;
  beforeAll(async () => {
    const res = await call('POST', '/admin/connections', admin, { name: 'Keyed', providerType: 'OpenAI', endpoint: keyed.url, apiKey: Key });
    expect(res.statusCode).toBe(201);
    saved = res.json();
  });

  it('tests with the stored settings and key, for readers too', async () => {
    const res = await call('POST', `/admin/connections/${saved.connectionId}/test`, reader);
    expect(res.statusCode).toBe(200);
    expect(ConnectionTestResultSchema.parse(res.json())).toMatchObject({ ok: true, models: [{ id: 'dall-e-3' }, { id: 'gpt-4o-mini' }] });
    expect(lastRequest(keyed).headers.authorization).toBe(`Bearer ${Key}`);
    expect((await call('POST', `/admin/connections/${saved.connectionId}/test`, nobody)).statusCode).toBe(403);
    expect((await call('POST', '/admin/connections/3f1b2c4d-0000-4000-8000-000000000000/test', reader)).statusCode).toBe(404);
  });

  it('an edit form tries a changed endpoint with the stored key, or with a newly typed one', async () => {
    const stored = await test({ providerType: 'OpenAI', connectionId: saved.connectionId, endpoint: `${keyed.origin}/v1/` });
    expect(stored.ok).toBe(true);
    const typed = await test({ providerType: 'OpenAI', connectionId: saved.connectionId, apiKey: 'sk-another-key-0000000000000000000' });
    expect(typed).toMatchObject({ ok: false, status: 401 });
    // nothing was saved by testing
    const after = (await call('GET', `/admin/connections/${saved.connectionId}`, reader)).json() as Connection;
    expect(after.endpoint).toBe(keyed.url);
    expect(after.updatedAt).toBe(saved.updatedAt);
  });

  it('refuses another provider type for a saved connection', async () => {
    const res = await call('POST', '/admin/connections/test', admin, { providerType: 'Anthropic', connectionId: saved.connectionId });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([expect.objectContaining({ field: 'providerType' })]);
  });
});
