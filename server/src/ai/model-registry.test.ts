// The registry on a real database: which deployment answers (name, "<provider>|<model>", default,
// offline), HIPAA mode, streaming through the stored connection, titles, and cache refresh.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/harness.js';
import { FakeImagePng, startFakeAnthropic, startFakeOpenAI, type FakeUpstream } from '../test/fake-upstreams.js';
import { createModelGateway, cleanTitle } from './model-registry.js';
import { createConnection, updateConnection } from '../modules/connections/connections.service.js';
import { instanceSettings } from '../db/schema/index.js';
import { AppError } from '../platform/errors.js';
import type { AnswerRequest, ModelGateway, ResolvedDeployment, StreamPart } from './model.types.js';

let t: TestApp;
let openai: FakeUpstream;
let anthropic: FakeUpstream;
const actor = { userId: null, userName: 'test' };

beforeAll(async () => {
  openai = await startFakeOpenAI();
  anthropic = await startFakeAnthropic();
  t = await createTestApp();
  await createConnection(t.ctx, actor, {
    name: 'Local vLLM',
    providerType: 'OpenAICompatible',
    endpoint: openai.url,
    deployments: [
      { name: 'llama', displayName: 'Llama 3.1', model: 'meta-llama/Llama-3.1-8B', isDefault: true },
      { name: 'qwen-off', model: 'qwen', enabled: false },
    ],
  });
  await createConnection(t.ctx, actor, {
    name: 'Claude',
    providerType: 'Anthropic',
    endpoint: anthropic.origin,
    apiKey: 'sk-ant-test',
    deployments: [{ name: 'claude', model: 'claude-sonnet-4-5', hipaaCompliant: true, vision: true }],
  });
});
afterAll(async () => {
  await t.close();
  await openai.close();
  await anthropic.close();
});

const statusOf = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e: unknown) => (e instanceof AppError ? e.status : 500),
  );

async function answer(models: ModelGateway, deployment: ResolvedDeployment, signal = new AbortController().signal): Promise<StreamPart[]> {
  const request: AnswerRequest = {
    deployment,
    system: 'Be brief.',
    messages: [{ role: 'user', content: 'Hi' }],
    params: { temperature: null, topP: null, frequencyPenalty: null, maxTokens: null },
    passages: [],
    signal,
  };
  const parts: StreamPart[] = [];
  for await (const p of models.stream(request)) parts.push(p);
  return parts;
}

describe('resolve', () => {
  it('finds enabled deployments by name, case-insensitively, and the default for null', async () => {
    expect(await t.ctx.models.resolve('LLAMA')).toMatchObject({
      name: 'llama',
      displayName: 'Llama 3.1',
      providerType: 'OpenAICompatible',
      category: 'OpenAICompatible',
    });
    expect(await t.ctx.models.resolve(null)).toMatchObject({ name: 'llama' });
    expect(await t.ctx.models.resolve('')).toMatchObject({ name: 'llama' });
    expect(await t.ctx.models.resolve('offline')).toMatchObject({ providerType: 'Offline' });
  });

  it('accepts docs/wire-protocol.md deploymentIdentifier "<provider>|<model>"', async () => {
    expect(await t.ctx.models.resolve('Anthropic|claude-sonnet-4-5')).toMatchObject({ name: 'claude' });
    expect(await t.ctx.models.resolve('claude|claude')).toMatchObject({ name: 'claude' });
    expect(await t.ctx.models.resolve('OpenAICompatible|meta-llama/Llama-3.1-8B')).toMatchObject({ name: 'llama' });
    expect(await t.ctx.models.resolve('Offline|atrium-offline')).toMatchObject({ providerType: 'Offline' });
    expect(await statusOf(t.ctx.models.resolve('OpenAI|gpt-4o'))).toBe(400);
  });

  it('refuses unknown and disabled deployments with 400', async () => {
    expect(await statusOf(t.ctx.models.resolve('gpt-17'))).toBe(400);
    expect(await statusOf(t.ctx.models.resolve('qwen-off'))).toBe(400);
  });

  it('lets only HIPAA-compliant deployments answer in HIPAA mode', async () => {
    let hipaa = true;
    const models = createModelGateway({ db: t.ctx.db, config: t.ctx.config, secrets: t.ctx.secrets, logger: t.ctx.logger, hipaaMode: async () => hipaa });
    expect(await statusOf(models.resolve('llama'))).toBe(400);
    expect(await statusOf(models.resolve(null))).toBe(400);
    expect(await models.resolve('claude')).toMatchObject({ hipaaCompliant: true });
    expect(await models.resolve('offline')).toMatchObject({ providerType: 'Offline' });
    hipaa = false;
    expect(await models.resolve('llama')).toMatchObject({ name: 'llama' });
  });

  it('reads HIPAA mode from the instance settings by default', async () => {
    await t.ctx.db.update(instanceSettings).set({ value: true }).where(eq(instanceSettings.name, 'hipaaMode'));
    // the registry caches the setting with its deployments; a settings write invalidates it
    t.ctx.models.invalidate();
    try {
      expect(await statusOf(t.ctx.models.resolve('llama'))).toBe(400);
    } finally {
      await t.ctx.db.update(instanceSettings).set({ value: false }).where(eq(instanceSettings.name, 'hipaaMode'));
      t.ctx.models.invalidate();
    }
  });
});

describe('stream', () => {
  it('answers through the stored connection and its decrypted key', async () => {
    anthropic.setScript({ chunks: ['Hi', ' there'], usage: { promptTokens: 9, completionTokens: 2 } });
    const parts = await answer(t.ctx.models, await t.ctx.models.resolve('claude'));
    expect(parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('')).toBe('Hi there');
    expect(parts.at(-1)).toEqual({ type: 'usage', promptTokens: 9, completionTokens: 2, estimated: false });
    expect(anthropic.requests.at(-1)!.headers['x-api-key']).toBe('sk-ant-test');
    expect(anthropic.requests.at(-1)!.body.model).toBe('claude-sonnet-4-5');
  });

  it('streams the offline engine for the offline deployment', async () => {
    const parts = await answer(t.ctx.models, await t.ctx.models.resolve('offline'));
    expect(parts.some((p) => p.type === 'text' && p.text.includes('No'))).toBe(true);
  });

  it('streams an OpenAI-compatible text turn (the lean stream) to the connection as it is now: a changed endpoint and key are used at once', async () => {
    const other = await startFakeOpenAI({ script: { chunks: ['From', ' the', ' new', ' server'] } });
    try {
      const connection = await createConnection(t.ctx, actor, {
        name: 'Moving vLLM',
        providerType: 'OpenAICompatible',
        endpoint: openai.url,
        apiKey: 'sk-old',
        deployments: [{ name: 'moving', model: 'moving-model' }],
      });
      openai.setScript({ chunks: ['Old', ' server'], usage: { promptTokens: 5, completionTokens: 2 } });
      const before = await answer(t.ctx.models, await t.ctx.models.resolve('moving'));
      expect(before.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('')).toBe('Old server');
      expect(openai.requests.at(-1)!.headers.authorization).toBe('Bearer sk-old');
      // the lean stream, not the AI SDK (which names itself in the user agent)
      expect(String(openai.requests.at(-1)!.headers['user-agent'] ?? '')).not.toContain('ai-sdk');
      openai.setScript({});

      await updateConnection(t.ctx, actor, connection.connectionId, { endpoint: other.url, apiKey: 'sk-new' });
      const after = await answer(t.ctx.models, await t.ctx.models.resolve('moving'));
      expect(after.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('')).toBe('From the new server');
      expect(other.requests.at(-1)!.headers.authorization).toBe('Bearer sk-new');
      expect(other.requests.at(-1)!.body.model).toBe('moving-model');
    } finally {
      await other.close();
    }
  });

  it('sees admin changes at once after invalidate', async () => {
    await createConnection(t.ctx, actor, {
      name: 'Second',
      providerType: 'OpenAICompatible',
      endpoint: openai.url,
      deployments: [{ name: 'mistral', model: 'mistral' }],
    });
    expect(await t.ctx.models.resolve('mistral')).toMatchObject({ name: 'mistral' });
  });
});

describe('generateTitle', () => {
  it('asks the default deployment for a short title and cleans it', async () => {
    openai.setScript({ chunks: ['"Planning a trip to Lisbon in spring."'] });
    const title = await t.ctx.models.generateTitle('Help me plan a trip to Lisbon', 'Sure…', new AbortController().signal);
    expect(title).toBe('Planning a trip to Lisbon in spring');
    expect(openai.requests.at(-1)!.body.stream).not.toBe(true);
    openai.setScript({});
  });

  it('returns null when the provider fails, and without a language model', async () => {
    openai.setScript({ status: 500 });
    expect(await t.ctx.models.generateTitle('q', 'a', new AbortController().signal)).toBeNull();
    openai.setScript({});
    const bare = await createTestApp();
    try {
      expect(await bare.ctx.models.generateTitle('q', 'a', new AbortController().signal)).toBeNull();
    } finally {
      await bare.close();
    }
  });

  it('keeps titles to one line of at most 60 characters without quotes', () => {
    expect(cleanTitle('Title: “Quarterly report”\nmore')).toBe('Quarterly report');
    expect(cleanTitle("What's new in TypeScript")).toBe("What's new in TypeScript");
    const long = cleanTitle('A very long title that goes on and on about many different things at once');
    expect(long!.length).toBeLessThanOrEqual(60);
    expect(long).toBe('A very long title that goes on and on about many different');
    expect(cleanTitle('  \n ')).toBeNull();
  });
});

describe('image deployments', () => {
  it('draws with the default image deployment, never offers it to chat, and in HIPAA mode only a compliant one', async () => {
    let hipaa = false;
    const models = createModelGateway({ db: t.ctx.db, config: t.ctx.config, secrets: t.ctx.secrets, logger: t.ctx.logger, hipaaMode: async () => hipaa });
    expect(await models.imageDeployment()).toBeNull();
    await createConnection(t.ctx, actor, {
      name: 'Images',
      providerType: 'OpenAI',
      endpoint: openai.url,
      apiKey: 'sk-images',
      deployments: [
        { name: 'painter-compliant', model: 'gpt-image-1', kind: 'ImageGeneration', hipaaCompliant: true },
        { name: 'painter', model: 'dall-e-3', kind: 'ImageGeneration', isDefault: true },
      ],
    });
    models.invalidate();
    const painter = await models.imageDeployment();
    expect(painter).toMatchObject({ name: 'painter', model: 'dall-e-3' });
    // an image model cannot answer questions
    expect(await statusOf(models.resolve('painter'))).toBe(400);

    const image = await models.generateImage({ deployment: painter!, prompt: 'A red kite', signal: new AbortController().signal });
    expect(Buffer.from(image.data).equals(await FakeImagePng())).toBe(true);
    const drawn = openai.requests.at(-1)!;
    expect(drawn.path).toBe('/v1/images/generations');
    expect(drawn.headers.authorization).toBe('Bearer sk-images');
    expect(drawn.body).toMatchObject({ model: 'dall-e-3', prompt: 'A red kite', n: 1 });

    hipaa = true;
    models.invalidate();
    expect(await models.imageDeployment()).toMatchObject({ name: 'painter-compliant' });
    await expect(models.generateImage({ deployment: painter!, prompt: 'A red kite', signal: new AbortController().signal })).rejects.toThrow(/HIPAA/);

    openai.setImageScript({ status: 500, errorMessage: 'image model down' });
    try {
      const compliant = (await models.imageDeployment())!;
      await expect(models.generateImage({ deployment: compliant, prompt: 'A red kite', signal: new AbortController().signal })).rejects.toThrow(
        /image model down/,
      );
    } finally {
      openai.setImageScript({});
    }
  });
});
