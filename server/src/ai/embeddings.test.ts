// The embeddings client: batches (inputs and characters per call), retries of 429 and 5xx that honour
// Retry-After, no retry of other refusals, the OpenAI, OpenAI-compatible and Azure (v1 and dated) URLs, keys
// kept out of errors, HIPAA mode, and the fake embedding model's meaning-like nearness.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { fakeEmbedding, startFakeOpenAI, type FakeUpstream, type RecordedRequest } from '../test/fake-upstreams.js';
import { createModelGateway } from './model-registry.js';
import { createConnection, listConnections, updateDeployment } from '../modules/connections/connections.service.js';
import { embedInBatches, embeddingBatches, EmbeddingBatchLimits } from './embeddings.js';
import { azureOpenaiProvider } from './providers/azure-openai.js';
import { ModelError, type EmbeddingDeployment, type ModelGateway } from './model.types.js';

let t: TestApp;
let fake: FakeUpstream;
let hipaa = false;
let models: ModelGateway;
const actor = { userId: null, userName: 'test' };
const Key = 'sk-embed-abcdefghijklmnopqrstuvwxyz0123456789';
const signal = () => new AbortController().signal;

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: Key });
  t = await createTestApp();
  models = createModelGateway({ db: t.ctx.db, config: t.ctx.config, secrets: t.ctx.secrets, logger: t.ctx.logger, hipaaMode: async () => hipaa });
  await createConnection(t.ctx, actor, {
    name: 'OpenAI',
    providerType: 'OpenAI',
    endpoint: fake.url,
    apiKey: Key,
    deployments: [
      { name: 'chat', model: 'gpt-4o-mini' },
      { name: 'small', model: 'text-embedding-3-small', kind: 'Embedding', hipaaCompliant: true },
    ],
  });
  await createConnection(t.ctx, actor, {
    name: 'Azure v1',
    providerType: 'AzureOpenAI',
    endpoint: `${fake.origin}/openai`,
    apiKey: Key,
    deployments: [{ name: 'azure-embed', model: 'my-embedder', kind: 'Embedding' }],
  });
  await createConnection(t.ctx, actor, {
    name: 'Azure dated',
    providerType: 'AzureOpenAI',
    endpoint: fake.origin,
    apiVersion: '2024-10-21',
    apiKey: Key,
    deployments: [{ name: 'azure-classic', model: 'classic-embedder', kind: 'Embedding' }],
  });
  await createConnection(t.ctx, actor, {
    name: 'Ollama',
    providerType: 'OpenAICompatible',
    endpoint: fake.url,
    apiKey: Key,
    deployments: [{ name: 'nomic', model: 'nomic-embed-text', kind: 'Embedding' }],
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const deployment = async (name: string): Promise<EmbeddingDeployment> => {
  const found = (await models.embeddingDeployments()).find((d) => d.name === name);
  if (!found) throw new Error(`no embedding deployment ${name}`);
  return found;
};
const embeddingRequests = (since: number): RecordedRequest[] => fake.requests.slice(since).filter((r) => r.path.split('?')[0]!.endsWith('/embeddings'));
const cosine = (a: number[], b: number[]) => a.reduce((n, x, i) => n + x * b[i]!, 0);

describe('batches', () => {
  it('cuts at 64 inputs and at 100,000 characters, in order, and gives a longer input a call of its own', () => {
    const many = Array.from({ length: 130 }, (_, i) => `text ${i}`);
    expect(embeddingBatches(many, (s) => s).map((b) => b.length)).toEqual([64, 64, 2]);
    expect(embeddingBatches(many, (s) => s).flat()).toEqual(many);
    const long = ['a'.repeat(60_000), 'b'.repeat(60_000), 'c'.repeat(150_000), 'd'];
    expect(embeddingBatches(long, (s) => s).map((b) => b.map((s) => s[0]))).toEqual([['a'], ['b'], ['c'], ['d']]);
    expect(embeddingBatches([], (s: string) => s)).toEqual([]);
    expect(EmbeddingBatchLimits).toEqual({ inputs: 64, characters: 100_000 });
  });
});

describe('the embeddings client', () => {
  it('lists the embedding deployments (never the chat ones), the default first', async () => {
    const list = await models.embeddingDeployments();
    expect(list.map((d) => [d.name, d.isDefault])).toEqual([
      ['small', true],
      ['azure-classic', false],
      ['azure-embed', false],
      ['nomic', false],
    ]);
    expect(await models.resolve('chat')).toMatchObject({ name: 'chat' });
    await expect(models.resolve('small')).rejects.toThrow(/Unknown deployment/);
  });

  it('posts OpenAI batches to {base}/embeddings with the key, and answers one vector per input in order', async () => {
    const since = fake.requests.length;
    const inputs = Array.from({ length: 130 }, (_, i) => `Paragraph ${i} about tuition fees`);
    const result = await models.embed({ deployment: await deployment('small'), inputs, signal: signal() });
    expect(result.vectors).toHaveLength(130);
    expect(result.dimensions).toBe(256);
    expect(result.vectors[7]).toEqual(fakeEmbedding(inputs[7]!));
    expect(result.tokens).toBeGreaterThan(0);
    const calls = embeddingRequests(since);
    expect(calls.map((r) => [r.path, (r.body.input as string[]).length])).toEqual([
      ['/v1/embeddings', 64],
      ['/v1/embeddings', 64],
      ['/v1/embeddings', 2],
    ]);
    expect(calls[0]!.body.model).toBe('text-embedding-3-small');
    expect(calls[0]!.headers.authorization).toBe(`Bearer ${Key}`);
    // no vector length set: none asked, the model's own
    expect(calls.map((r) => r.body.dimensions)).toEqual([undefined, undefined, undefined]);
  });

  it("asks for the deployment's vector length (dimensions) on OpenAI, OpenAI-compatible and Azure servers", async () => {
    const setDimensions = async (name: string, dimensions: number | null) => {
      const { items } = await listConnections(t.ctx);
      const connection = items.find((c) => c.deployments.some((d) => d.name === name))!;
      const found = connection.deployments.find((d) => d.name === name)!;
      const updated = await updateDeployment(t.ctx, actor, connection.connectionId, found.deploymentId, { dimensions });
      expect(updated.dimensions).toBe(dimensions);
      models.invalidate();
    };
    try {
      for (const [name, dimensions] of [
        ['small', 64],
        ['nomic', 96],
        ['azure-embed', 128],
      ] as const) {
        await setDimensions(name, dimensions);
        const since = fake.requests.length;
        const result = await models.embed({ deployment: await deployment(name), inputs: ['Tuition refunds', 'Opening hours'], signal: signal() });
        expect(embeddingRequests(since).map((r) => r.body.dimensions)).toEqual([dimensions]);
        expect(result.dimensions).toBe(dimensions);
        expect(result.vectors[0]).toEqual(fakeEmbedding('Tuition refunds', dimensions));
      }
    } finally {
      for (const name of ['small', 'nomic', 'azure-embed']) await setDimensions(name, null);
    }
    const since = fake.requests.length;
    expect((await models.embed({ deployment: await deployment('small'), inputs: ['one'], signal: signal() })).dimensions).toBe(256);
    expect(embeddingRequests(since)[0]!.body).not.toHaveProperty('dimensions');
  });

  it('posts to an OpenAI-compatible server and to Azure (the v1 API and a dated deployment URL) with the api-key header', async () => {
    let since = fake.requests.length;
    await models.embed({ deployment: await deployment('nomic'), inputs: ['one'], signal: signal() });
    expect(embeddingRequests(since).map((r) => [r.path, r.body.model])).toEqual([['/v1/embeddings', 'nomic-embed-text']]);

    // the v1 API on a host that is not Azure's (a gateway, this fake) is {endpoint}/openai/embeddings, as for chat
    since = fake.requests.length;
    await models.embed({ deployment: await deployment('azure-embed'), inputs: ['one'], signal: signal() });
    const v1 = embeddingRequests(since);
    expect(v1.map((r) => [r.path, r.body.model])).toEqual([['/openai/embeddings', 'my-embedder']]);
    expect(v1[0]!.headers['api-key']).toBe(Key);

    since = fake.requests.length;
    await models.embed({ deployment: await deployment('azure-classic'), inputs: ['one'], signal: signal() });
    expect(embeddingRequests(since).map((r) => r.path)).toEqual(['/openai/deployments/classic-embedder/embeddings?api-version=2024-10-21']);
  });

  it("calls an Azure resource's v1 embeddings URL with the deployment as the model", async () => {
    const seen: { url: string; body: unknown; key: string | null }[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push({ url: String(input), body: JSON.parse(String(init?.body)), key: new Headers(init?.headers).get('api-key') });
      return new Response(JSON.stringify({ data: [{ index: 0, embedding: [0.6, 0.8] }], usage: { prompt_tokens: 1, total_tokens: 1 } }), {
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch;
    try {
      const model = azureOpenaiProvider.embeddingModel!(
        { connectionId: 'c', name: 'Azure', endpoint: 'https://my-resource.openai.azure.com/', apiVersion: null, apiKey: Key },
        'my-embedder',
      );
      const result = await embedInBatches(model, ['one'], signal());
      expect(result).toMatchObject({ vectors: [[0.6, 0.8]], dimensions: 2, calls: 1 });
    } finally {
      globalThis.fetch = original;
    }
    expect(seen).toEqual([
      {
        url: 'https://my-resource.openai.azure.com/openai/v1/embeddings?api-version=v1',
        body: expect.objectContaining({ model: 'my-embedder', input: ['one'] }),
        key: Key,
      },
    ]);
  });

  it('retries 429 as Retry-After asks and a 5xx with backoff, then answers', async () => {
    const since = fake.requests.length;
    fake.failEmbeddings(2, 429, { retryAfterMs: 150 });
    let started = performance.now();
    const result = await models.embed({ deployment: await deployment('small'), inputs: ['retried'], signal: signal() });
    const waited = performance.now() - started;
    expect(result.vectors[0]).toEqual(fakeEmbedding('retried'));
    expect(embeddingRequests(since)).toHaveLength(3);
    // two waits of 150 ms, not the 2 s and 4 s of the backoff without the header
    expect(waited).toBeGreaterThanOrEqual(290);
    expect(waited).toBeLessThan(1900);

    // a 503 without Retry-After waits the backoff's first 2 s
    fake.failEmbeddings(1, 503);
    started = performance.now();
    await models.embed({ deployment: await deployment('small'), inputs: ['retried again'], signal: signal() });
    expect(performance.now() - started).toBeGreaterThanOrEqual(1900);
  });

  it('gives up after the retries with the status, and does not retry a request the provider refuses', async () => {
    fake.failEmbeddings(3, 500, { retryAfterMs: 10 });
    let since = fake.requests.length;
    const failed = await models.embed({ deployment: await deployment('small'), inputs: ['x'], signal: signal(), retries: 2 }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ModelError);
    expect(failed).toMatchObject({ kind: 'upstream', status: 500 });
    expect(embeddingRequests(since)).toHaveLength(3);

    fake.failEmbeddings(1, 400, { message: 'This model does not take inputs this long' });
    since = fake.requests.length;
    const refused = await models.embed({ deployment: await deployment('small'), inputs: ['x'], signal: signal() }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ kind: 'upstream', status: 400 });
    expect((refused as Error).message).toMatch(/This model does not take inputs this long/);
    expect(embeddingRequests(since)).toHaveLength(1);
  });

  it('never repeats the key the provider quotes', async () => {
    fake.failEmbeddings(1, 401, { message: `Incorrect API key provided: ${Key}` });
    const failed = await models.embed({ deployment: await deployment('small'), inputs: ['x'], signal: signal() }).catch((e: unknown) => e);
    expect(failed).toMatchObject({ status: 401 });
    expect((failed as Error).message).toMatch(/Incorrect API key provided: \[redacted\]/);
    expect((failed as Error).message).not.toContain(Key);
  });

  it('embeds in HIPAA mode only with a compliant deployment, and stops when cancelled', async () => {
    hipaa = true;
    try {
      await expect(models.embed({ deployment: await deployment('nomic'), inputs: ['x'], signal: signal() })).rejects.toMatchObject({
        kind: 'not_configured',
        message: expect.stringMatching(/HIPAA/),
      });
      expect((await models.embed({ deployment: await deployment('small'), inputs: ['x'], signal: signal() })).vectors).toHaveLength(1);
    } finally {
      hipaa = false;
    }
    fake.setEmbeddingDelay(5_000);
    try {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 100);
      await expect(models.embed({ deployment: await deployment('small'), inputs: ['x'], signal: controller.signal })).rejects.toMatchObject({
        kind: 'aborted',
      });
    } finally {
      fake.setEmbeddingDelay(0);
    }
  });
});

describe('the fake embedding model', () => {
  it('puts texts about the same things near each other', () => {
    const question = fakeEmbedding('How are refunds of tuition fees handled?');
    const about = fakeEmbedding('Tuition fee refund policy: a refund is handled within 30 days.');
    const other = fakeEmbedding('The library opens at 8 am on weekdays and closes at noon on Saturdays.');
    expect(cosine(question, about)).toBeGreaterThan(0.3);
    expect(cosine(question, about)).toBeGreaterThan(cosine(question, other) + 0.2);
    expect(cosine(about, about)).toBeCloseTo(1, 5);
  });
});
