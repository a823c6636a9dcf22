// First start from the environment: connections and deployments created once, the first model as
// the default deployment and the System agent's, the offline engine when nothing is configured.
import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../../config.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { seed, SystemAgentName } from '../../seed.js';
import { auditLog, connections, deployments, gptSystems } from '../../db/schema/index.js';
import { seedConnectionsFromEnvironment } from './connections.seed.js';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const systemAgentDeployment = async (app: TestApp) => {
  const [agent] = await app.ctx.db.select().from(gptSystems).where(eq(gptSystems.name, SystemAgentName));
  return agent?.publishedConfig?.deploymentName ?? null;
};

describe('seedConnectionsFromEnvironment', () => {
  it('creates OpenAI-compatible, Azure and Anthropic connections once, with the first model as default', async () => {
    t = await createTestApp({
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
      OPENAI_MODELS: 'llama3.1:8b, qwen2.5-vl',
      AZURE_OPENAI_ENDPOINT: 'https://contoso.openai.azure.com',
      AZURE_OPENAI_API_KEY: 'azure-secret-key',
      AZURE_OPENAI_DEPLOYMENTS: 'gpt-4o-prod',
      AZURE_OPENAI_API_VERSION: '2024-10-21',
      AZURE_OPENAI_IMAGE_DEPLOYMENT: 'gpt-image-1-prod',
      AZURE_OPENAI_EMBEDDING_DEPLOYMENT: 'embeddings-prod',
      ANTHROPIC_API_KEY: 'anthropic-secret-key',
      ANTHROPIC_MODELS: 'claude-sonnet-4-5',
    });
    const rows = await t.ctx.db.select().from(connections);
    expect(rows.map((r) => [r.providerType, r.createdFromEnvironment]).sort()).toEqual([
      ['Anthropic', true],
      ['AzureOpenAI', true],
      ['OpenAICompatible', true],
    ]);
    expect(rows.find((r) => r.providerType === 'AzureOpenAI')).toMatchObject({ endpoint: 'https://contoso.openai.azure.com', apiVersion: '2024-10-21' });
    expect(JSON.stringify(rows)).not.toContain('secret-key');
    const seeded = await t.ctx.db.select().from(deployments);
    expect(seeded.map((d) => d.name).sort()).toEqual(['claude-sonnet-4-5', 'embeddings-prod', 'gpt-4o-prod', 'gpt-image-1-prod', 'llama3.1:8b', 'qwen2.5-vl']);
    expect(seeded.filter((d) => d.isDefault).map((d) => [d.name, d.kind])).toEqual([
      ['llama3.1:8b', 'Chat'],
      ['gpt-image-1-prod', 'ImageGeneration'],
      ['embeddings-prod', 'Embedding'],
    ]);
    expect((await t.ctx.models.embeddingDeployments()).map((d) => [d.name, d.providerType, d.isDefault])).toEqual([['embeddings-prod', 'AzureOpenAI', true]]);
    expect(await t.ctx.models.imageDeployment()).toMatchObject({ name: 'gpt-image-1-prod', providerType: 'AzureOpenAI' });
    expect(seeded.find((d) => d.name === 'qwen2.5-vl')?.vision).toBe(true);
    expect(await systemAgentDeployment(t)).toBe('llama3.1:8b');
    expect(await t.ctx.models.resolve(null)).toMatchObject({ name: 'llama3.1:8b', providerType: 'OpenAICompatible' });
    expect((await t.ctx.db.select().from(auditLog).where(eq(auditLog.aggregateType, 'Connection'))).length).toBe(3);

    // idempotent: a second start (and a direct second call) adds nothing
    await seed(t.ctx);
    await seedConnectionsFromEnvironment(t.ctx);
    expect((await t.ctx.db.select().from(connections)).length).toBe(3);
    expect((await t.ctx.db.select().from(deployments)).length).toBe(6);
  });

  it('makes RERANK_* a Rerank deployment, the rerank default: on a connection of its own, or on the same server’s', async () => {
    t = await createTestApp({
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
      OPENAI_MODELS: 'llama3.1:8b',
      RERANK_URL: 'https://api.jina.ai/v1/',
      RERANK_MODEL: 'jina-reranker-v2-base-multilingual',
      RERANK_API_KEY: 'jina-secret-key',
    });
    const rows = await t.ctx.db.select().from(connections);
    const reranker = rows.find((r) => r.name === 'Reranker (api.jina.ai)')!;
    expect(reranker).toMatchObject({ providerType: 'OpenAICompatible', endpoint: 'https://api.jina.ai/v1', createdFromEnvironment: true });
    expect(JSON.stringify(rows)).not.toContain('jina-secret-key');
    const [rerank] = await t.ctx.db.select().from(deployments).where(eq(deployments.kind, 'Rerank'));
    expect(rerank).toMatchObject({ connectionId: reranker.id, name: 'jina-reranker-v2-base-multilingual', isDefault: true, enabled: true });
    // the registry hands the reranker its URL and key (for the Authorization header only)
    expect(await t.ctx.models.reranker()).toMatchObject({
      deployment: { name: 'jina-reranker-v2-base-multilingual', model: 'jina-reranker-v2-base-multilingual' },
      baseUrl: 'https://api.jina.ai/v1',
      apiKey: 'jina-secret-key',
    });
    // once: a second start adds nothing, and the OpenAI-compatible server's connection is not mistaken for it
    await seed(t.ctx);
    expect((await t.ctx.db.select().from(connections)).length).toBe(2);
    expect((await t.ctx.db.select().from(deployments)).map((d) => d.kind).sort()).toEqual(['Chat', 'Rerank']);
    await t.close();

    t = await createTestApp({
      OPENAI_BASE_URL: 'http://127.0.0.1:8000/v1',
      OPENAI_MODELS: 'Qwen/Qwen3-8B',
      RERANK_URL: 'http://127.0.0.1:8000/v1',
      RERANK_MODEL: 'BAAI/bge-reranker-v2-m3',
    });
    const [only, ...others] = await t.ctx.db.select().from(connections);
    expect(others).toEqual([]);
    expect((await t.ctx.db.select().from(deployments).where(eq(deployments.connectionId, only!.id))).map((d) => [d.name, d.kind, d.isDefault])).toEqual(
      expect.arrayContaining([
        ['Qwen/Qwen3-8B', 'Chat', true],
        ['BAAI/bge-reranker-v2-m3', 'Rerank', true],
      ]),
    );
    expect(await t.ctx.models.reranker()).toMatchObject({ baseUrl: 'http://127.0.0.1:8000/v1', apiKey: null });
  });

  it('uses the OpenAI provider for api.openai.com and keeps an administrator’s choice of System agent deployment', async () => {
    t = await createTestApp({
      OPENAI_API_KEY: 'sk-openai-key',
      OPENAI_MODELS: 'gpt-4o-mini',
      OPENAI_IMAGE_MODEL: 'gpt-image-1',
      OPENAI_EMBEDDING_MODEL: 'text-embedding-3-small',
    });
    expect((await t.ctx.db.select().from(deployments)).map((d) => [d.name, d.kind, d.isDefault, d.dimensions])).toEqual([
      ['gpt-4o-mini', 'Chat', true, null],
      ['gpt-image-1', 'ImageGeneration', true, null],
      ['text-embedding-3-small', 'Embedding', true, null],
    ]);
    // new file libraries embed with it
    const details = await t.app.inject({
      method: 'GET',
      url: '/api/internal/admin/fileLibraries/detailsForCreate',
      headers: { authorization: `Bearer ${(await t.createUser({ actions: ['DataSourcesRead', 'DataSourcesCreate'] })).token}` },
    });
    expect(details.json()).toMatchObject({ embeddingDeployments: [{ name: 'text-embedding-3-small', displayName: 'text-embedding-3-small' }] });
    const [row] = await t.ctx.db.select().from(connections);
    expect(row).toMatchObject({ providerType: 'OpenAI', name: 'OpenAI', endpoint: null });
    expect(t.ctx.secrets.decrypt(row!.apiKeyEncrypted!)).toBe('sk-openai-key');
    expect(await systemAgentDeployment(t)).toBe('gpt-4o-mini');

    await t.ctx.db
      .update(gptSystems)
      .set({ publishedConfig: { ...(await t.ctx.db.select().from(gptSystems))[0]!.publishedConfig!, deploymentName: 'offline' } });
    await t.ctx.db.delete(connections);
    await seedConnectionsFromEnvironment(t.ctx);
    expect(await systemAgentDeployment(t)).toBe('offline');
  });

  it('leaves the offline engine in charge when no provider is configured', async () => {
    t = await createTestApp();
    expect(await t.ctx.db.select().from(connections)).toEqual([]);
    expect(await systemAgentDeployment(t)).toBeNull();
    expect(await t.ctx.models.resolve(null)).toMatchObject({ name: 'offline', providerType: 'Offline' });
  });
});

describe('provider configuration', () => {
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/x', ...env });

  it('reads the provider variables', () => {
    expect(load({ OPENAI_API_KEY: 'k' }).modelProviders.openai).toEqual({
      apiKey: 'k',
      baseUrl: null,
      models: ['gpt-4o-mini'],
      imageModel: null,
      embeddingModel: null,
    });
    expect(load({ OPENAI_API_KEY: 'k', OPENAI_EMBEDDING_MODEL: ' text-embedding-3-large ' }).modelProviders.openai?.embeddingModel).toBe(
      'text-embedding-3-large',
    );
    expect(load({ ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9/' }).modelProviders.anthropic).toMatchObject({
      baseUrl: 'http://127.0.0.1:9',
      models: ['claude-sonnet-4-5'],
    });
    expect(load({}).modelProviders).toEqual({ openai: null, azureOpenai: null, anthropic: null });
  });

  it.each([
    [{ OPENAI_BASE_URL: 'http://localhost:11434/v1' }, 'OPENAI_MODELS'],
    [{ OPENAI_BASE_URL: 'not a url', OPENAI_MODELS: 'a' }, 'OPENAI_BASE_URL'],
    [{ AZURE_OPENAI_ENDPOINT: 'https://x.openai.azure.com', AZURE_OPENAI_DEPLOYMENTS: 'a' }, 'AZURE_OPENAI_API_KEY'],
    [{ AZURE_OPENAI_ENDPOINT: 'https://x.openai.azure.com', AZURE_OPENAI_API_KEY: 'k' }, 'AZURE_OPENAI_DEPLOYMENTS'],
    [
      { AZURE_OPENAI_API_KEY: 'k', AZURE_OPENAI_DEPLOYMENTS: 'a', AZURE_OPENAI_ENDPOINT: 'https://x', AZURE_OPENAI_API_VERSION: 'latest' },
      'AZURE_OPENAI_API_VERSION',
    ],
    [{ ANTHROPIC_MODELS: 'claude-sonnet-4-5' }, 'ANTHROPIC_API_KEY'],
    [{ OPENAI_API_KEY: 'k', OPENAI_MODELS: 'openai|gpt-4o' }, 'OPENAI_MODELS'],
    [{ OPENAI_IMAGE_MODEL: 'gpt-image-1' }, 'OPENAI_API_KEY'],
    [{ OPENAI_API_KEY: 'k', OPENAI_IMAGE_MODEL: 'gpt-image-1,dall-e-3' }, 'OPENAI_IMAGE_MODEL'],
    [{ AZURE_OPENAI_IMAGE_DEPLOYMENT: 'gpt-image-1' }, 'AZURE_OPENAI_ENDPOINT'],
    [{ OPENAI_EMBEDDING_MODEL: 'text-embedding-3-small' }, 'OPENAI_API_KEY'],
    [{ OPENAI_API_KEY: 'k', OPENAI_EMBEDDING_MODEL: 'a,b' }, 'OPENAI_EMBEDDING_MODEL'],
    [{ AZURE_OPENAI_EMBEDDING_DEPLOYMENT: 'embeddings' }, 'AZURE_OPENAI_ENDPOINT'],
  ])('stops start-up on %o naming %s', (env, variable) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(variable);
  });
});
