// Admin Connections over HTTP: CRUD with deployments, validation, permissions, keys that never come
// back, and the audit trail written with every change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Connection, Deployment } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { auditLog, connections } from '../../db/schema/index.js';

let t: TestApp;
let admin: string;
let reader: string;
let nobody: string;
let agentAuthor: string;
let chatter: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.createUser({ actions: ['ConnectionsRead', 'ConnectionsWrite'] })).token;
  reader = (await t.createUser({ actions: ['ConnectionsRead'] })).token;
  nobody = (await t.createUser({ actions: [] })).token;
  agentAuthor = (await t.createUser({ actions: ['GptSystemsWrite'] })).token;
  chatter = (await t.createUser({ actions: ['GptSystemsRead'] })).token;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/internal${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const SecretKey = 'sk-live-0123456789abcdef-very-secret';

async function auditRows(connectionId: string) {
  return t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.aggregateType, 'Connection'), eq(auditLog.aggregateId, connectionId)));
}

describe('Admin Connections', () => {
  let created: Connection;

  it('lists the provider types with their fields', async () => {
    const res = await call('GET', '/admin/connections/Providers', reader);
    expect(res.statusCode).toBe(200);
    const types = (res.json() as { items: { providerType: string }[] }).items.map((p) => p.providerType);
    expect(types).toEqual(expect.arrayContaining(['Offline', 'OpenAI', 'AzureOpenAI', 'OpenAICompatible', 'Anthropic']));
    const azure = await call('GET', '/admin/connections/providers/azureopenai', reader);
    expect(azure.statusCode).toBe(200);
    expect(azure.json()).toMatchObject({
      providerType: 'AzureOpenAI',
      fields: expect.arrayContaining([expect.objectContaining({ name: 'endpoint', required: true })]),
    });
    expect((await call('GET', '/admin/connections/Providers/Gemini', reader)).statusCode).toBe(404);
    // names of Object.prototype's members are unknown providers too (was 500)
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect((await call('GET', `/admin/connections/Providers/${name}`, reader)).statusCode, name).toBe(404);
    }
  });

  it('creates a connection with deployments; the key is sealed and never returned; an audit row is written', async () => {
    const res = await call('POST', '/admin/connections', admin, {
      name: 'OpenAI production',
      providerType: 'OpenAI',
      apiKey: SecretKey,
      deployments: [{ name: 'gpt-4o', model: 'gpt-4o', vision: true, tools: true, hipaaCompliant: true, contextWindow: 128000, maxOutputTokens: 4096 }],
    });
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toContain(SecretKey);
    created = res.json();
    expect(created).toMatchObject({ name: 'OpenAI production', providerType: 'OpenAI', hasApiKey: true, createdFromEnvironment: false });
    expect(created.deployments).toEqual([expect.objectContaining({ name: 'gpt-4o', isDefault: true, enabled: true, vision: true })]);

    const [row] = await t.ctx.db.select().from(connections).where(eq(connections.id, created.connectionId));
    expect(row!.apiKeyEncrypted).toMatch(/^v1:/);
    expect(row!.apiKeyEncrypted).not.toContain(SecretKey);
    expect(t.ctx.secrets.decrypt(row!.apiKeyEncrypted!)).toBe(SecretKey);

    const audit = await auditRows(created.connectionId);
    expect(audit).toEqual([expect.objectContaining({ domainOperation: 'Created', userName: expect.any(String), userId: expect.any(String) })]);
    expect(JSON.stringify(audit)).not.toContain(SecretKey);
    expect(audit[0]!.details).toMatchObject({ after: { hasApiKey: true } });
  });

  it('reads connections without keys, for readers too', async () => {
    const list = await call('GET', '/admin/connections', reader);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(SecretKey);
    expect((list.json() as { items: Connection[] }).items.map((c) => c.connectionId)).toContain(created.connectionId);
    const one = await call('GET', `/admin/connections/${created.connectionId}`, reader);
    expect(one.json()).toMatchObject({ connectionId: created.connectionId, hasApiKey: true });
    expect(one.body).not.toContain('apiKeyEncrypted');
  });

  it('updates a connection, keeps the key unless given, and audits before and after', async () => {
    const res = await call('PUT', `/admin/connections/${created.connectionId}`, admin, { name: 'OpenAI (renamed)', endpoint: 'https://proxy.example.test/v1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'OpenAI (renamed)', endpoint: 'https://proxy.example.test/v1', hasApiKey: true });
    const rotated = await call('PUT', `/admin/connections/${created.connectionId}`, admin, { apiKey: 'sk-rotated-key-value' });
    expect(rotated.body).not.toContain('sk-rotated-key-value');
    const audit = await auditRows(created.connectionId);
    const updates = audit.filter((a) => a.domainOperation === 'Updated');
    expect(updates.length).toBe(2);
    expect(updates.map((u) => u.details)).toContainEqual(
      expect.objectContaining({ before: expect.objectContaining({ name: 'OpenAI production' }), after: expect.objectContaining({ name: 'OpenAI (renamed)' }) }),
    );
    expect(JSON.stringify(audit)).not.toContain('sk-rotated-key-value');
  });

  it('manages deployments: create, rename, switch the default, delete', async () => {
    const base = `/admin/connections/${created.connectionId}/deployments`;
    const mini = await call('POST', base, admin, { name: 'gpt-4o-mini', model: 'gpt-4o-mini', isDefault: true });
    expect(mini.statusCode).toBe(201);
    const miniDeployment = mini.json() as Deployment;
    expect(miniDeployment.isDefault).toBe(true);
    const all = (await call('GET', base, reader)).json() as { items: Deployment[] };
    expect(all.items.filter((d) => d.isDefault).map((d) => d.name)).toEqual(['gpt-4o-mini']);

    expect((await call('POST', base, admin, { name: 'GPT-4O', model: 'gpt-4o' })).statusCode).toBe(409);
    const renamed = await call('PUT', `${base}/${miniDeployment.deploymentId}`, admin, { displayName: 'GPT-4o mini', maxOutputTokens: 2048 });
    expect(renamed.json()).toMatchObject({ displayName: 'GPT-4o mini', maxOutputTokens: 2048, isDefault: true });
    expect((await call('PUT', `${base}/${miniDeployment.deploymentId}`, admin, { enabled: false })).statusCode).toBe(400);
    expect((await call('GET', `${base}/${miniDeployment.deploymentId}`, reader)).statusCode).toBe(200);
    expect((await call('DELETE', `${base}/${miniDeployment.deploymentId}`, admin)).statusCode).toBe(204);
    expect((await call('GET', `${base}/${miniDeployment.deploymentId}`, reader)).statusCode).toBe(404);
  });

  it('keeps prices per million tokens as decimals, with at most six decimals and never negative', async () => {
    const base = `/admin/connections/${created.connectionId}/deployments`;
    const priced = await call('POST', base, admin, {
      name: 'priced',
      model: 'gpt-4.1-nano',
      inputPricePerMillionTokens: 0.1,
      outputPricePerMillionTokens: 0.4,
    });
    expect(priced.statusCode).toBe(201);
    const deployment = priced.json() as Deployment;
    expect(deployment).toMatchObject({ inputPricePerMillionTokens: 0.1, outputPricePerMillionTokens: 0.4 });
    const changed = await call('PUT', `${base}/${deployment.deploymentId}`, admin, { inputPricePerMillionTokens: 2.123456, outputPricePerMillionTokens: null });
    expect(changed.json()).toMatchObject({ inputPricePerMillionTokens: 2.123456, outputPricePerMillionTokens: null });
    expect((await call('GET', `${base}/${deployment.deploymentId}`, reader)).json()).toMatchObject({ inputPricePerMillionTokens: 2.123456 });
    for (const bad of [-1, 0.1234567, 'free']) {
      const res = await call('PUT', `${base}/${deployment.deploymentId}`, admin, { outputPricePerMillionTokens: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().details).toEqual([expect.objectContaining({ field: 'outputPricePerMillionTokens' })]);
    }
    // agents' editors pick models, they are not shown prices
    const forAgents = (await call('GET', '/admin/gptSystems/deployments', agentAuthor)).json() as { items: Record<string, unknown>[] };
    expect(forAgents.items.find((d) => d.name === 'priced')).not.toHaveProperty('inputPricePerMillionTokens');
    expect((await call('DELETE', `${base}/${deployment.deploymentId}`, admin)).statusCode).toBe(204);
  });

  it('lists enabled deployments for agents, with the HIPAA filter and the built-in offline engine', async () => {
    const res = await call('GET', '/admin/gptSystems/deployments', agentAuthor);
    expect(res.statusCode).toBe(200);
    const items = (res.json() as { items: { name: string; providerType: string; connectionName: string; hipaaCompliant: boolean }[] }).items;
    expect(items).toContainEqual(expect.objectContaining({ name: 'gpt-4o', providerType: 'OpenAI', connectionName: 'OpenAI (renamed)', hipaaCompliant: true }));
    expect(items.at(-1)).toMatchObject({ name: 'offline', providerType: 'Offline' });
    const hipaa = (await call('GET', '/admin/gptSystems/deployments?hipaaCompliant=false', agentAuthor)).json() as { items: { hipaaCompliant: boolean }[] };
    expect(hipaa.items.every((i) => !i.hipaaCompliant)).toBe(true);
    expect((await call('GET', '/admin/gptSystems/deployments?hipaaCompliant=maybe', agentAuthor)).statusCode).toBe(400);
  });

  it('refuses bad input with field details and writes nothing', async () => {
    const before = (await t.ctx.db.select().from(connections)).length;
    const missingKey = await call('POST', '/admin/connections', admin, { name: 'Claude', providerType: 'Anthropic' });
    expect(missingKey.statusCode).toBe(400);
    expect(missingKey.json().details).toContainEqual(expect.objectContaining({ field: 'apiKey' }));
    const azure = await call('POST', '/admin/connections', admin, { name: 'Azure', providerType: 'AzureOpenAI', apiKey: 'k' });
    expect(azure.json().details).toContainEqual(expect.objectContaining({ field: 'endpoint' }));
    expect((await call('POST', '/admin/connections', admin, { name: 'X', providerType: 'Gemini', apiKey: 'k' })).statusCode).toBe(400);
    expect((await call('POST', '/admin/connections', admin, { name: 'X', providerType: 'OpenAICompatible', endpoint: 'ftp://x' })).statusCode).toBe(400);
    const badDeployment = await call('POST', '/admin/connections', admin, {
      name: 'X',
      providerType: 'OpenAICompatible',
      endpoint: 'http://localhost:11434/v1',
      deployments: [{ name: 'a|b', model: 'm' }],
    });
    expect(badDeployment.statusCode).toBe(400);
    expect((await t.ctx.db.select().from(connections)).length).toBe(before);
    expect((await call('GET', '/admin/connections/not-a-uuid', admin)).statusCode).toBe(400);
  });

  it('answers 404 for unknown connections and deployments', async () => {
    const unknown = '6f1c1d3e-0000-4000-8000-000000000000';
    expect((await call('GET', `/admin/connections/${unknown}`, admin)).statusCode).toBe(404);
    expect((await call('PUT', `/admin/connections/${unknown}`, admin, { name: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/admin/connections/${unknown}`, admin)).statusCode).toBe(404);
    expect((await call('POST', `/admin/connections/${unknown}/deployments`, admin, { name: 'zzz', model: 'z' })).statusCode).toBe(404);
    expect((await call('GET', `/admin/connections/${created.connectionId}/deployments/${unknown}`, admin)).statusCode).toBe(404);
  });

  it('refuses callers without the actions: 401 without a token, 403 without ConnectionsWrite or Read', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/internal/admin/connections' })).statusCode).toBe(401);
    expect((await call('GET', '/admin/connections', nobody)).statusCode).toBe(403);
    expect((await call('GET', '/admin/gptSystems/deployments', nobody)).statusCode).toBe(403);
    // every person holds GptSystemsRead to chat: alone it does not show the instance's deployments
    expect((await call('GET', '/admin/gptSystems/deployments', chatter)).statusCode).toBe(403);
    expect((await call('POST', '/admin/connections', reader, { name: 'x', providerType: 'Offline' })).statusCode).toBe(403);
    expect((await call('PUT', `/admin/connections/${created.connectionId}`, reader, { name: 'x' })).statusCode).toBe(403);
    expect((await call('DELETE', `/admin/connections/${created.connectionId}`, reader)).statusCode).toBe(403);
    expect((await call('POST', `/admin/connections/${created.connectionId}/deployments`, agentAuthor, { name: 'y', model: 'y' })).statusCode).toBe(403);
  });

  it('keeps image deployments apart: their own default, not offered to agents, refused where the provider draws none', async () => {
    const base = `/admin/connections/${created.connectionId}/deployments`;
    const providers = (await call('GET', '/admin/connections/Providers', reader)).json() as { items: { providerType: string; deploymentKinds: string[] }[] };
    expect(providers.items.find((p) => p.providerType === 'OpenAI')!.deploymentKinds).toEqual(['Chat', 'ImageGeneration', 'Embedding', 'Speech']);
    expect(providers.items.find((p) => p.providerType === 'Anthropic')!.deploymentKinds).toEqual(['Chat']);

    const gpt4o = ((await call('GET', base, reader)).json() as { items: Deployment[] }).items.find((d) => d.name === 'gpt-4o')!;
    expect((await call('PUT', `${base}/${gpt4o.deploymentId}`, admin, { isDefault: true })).json()).toMatchObject({ isDefault: true });

    // the first image deployment becomes the image default; the chat default stays where it was
    const image = await call('POST', base, admin, { name: 'gpt-image-1', model: 'gpt-image-1', kind: 'ImageGeneration' });
    expect(image.statusCode).toBe(201);
    const imageDeployment = image.json() as Deployment;
    expect(imageDeployment).toMatchObject({ kind: 'ImageGeneration', isDefault: true });
    const all = ((await call('GET', base, reader)).json() as { items: Deployment[] }).items;
    expect(all.filter((d) => d.isDefault).map((d) => [d.name, d.kind])).toEqual([
      ['gpt-4o', 'Chat'],
      ['gpt-image-1', 'ImageGeneration'],
    ]);
    // a second one marked default takes the image default only
    const second = (await call('POST', base, admin, { name: 'dall-e-3', model: 'dall-e-3', kind: 'ImageGeneration', isDefault: true })).json() as Deployment;
    expect(second.isDefault).toBe(true);
    expect((await call('GET', `${base}/${imageDeployment.deploymentId}`, reader)).json()).toMatchObject({ isDefault: false });
    expect(((await call('GET', base, reader)).json() as { items: Deployment[] }).items.find((d) => d.name === 'gpt-4o')!.isDefault).toBe(true);

    // agents cannot pick an image model to chat with
    const forAgents = ((await call('GET', '/admin/gptSystems/deployments', agentAuthor)).json() as { items: { name: string }[] }).items.map((d) => d.name);
    expect(forAgents).toContain('gpt-4o');
    expect(forAgents).not.toContain('gpt-image-1');
    expect(forAgents).not.toContain('dall-e-3');

    // the default of a kind keeps its kind; another deployment may change
    const refused = await call('PUT', `${base}/${gpt4o.deploymentId}`, admin, { kind: 'ImageGeneration' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toContainEqual(expect.objectContaining({ field: 'kind' }));
    const turned = await call('PUT', `${base}/${imageDeployment.deploymentId}`, admin, { kind: 'Chat' });
    expect(turned.json()).toMatchObject({ kind: 'Chat', isDefault: false });
    expect((await call('DELETE', `${base}/${imageDeployment.deploymentId}`, admin)).statusCode).toBe(204);
    expect((await call('DELETE', `${base}/${second.deploymentId}`, admin)).statusCode).toBe(204);

    // Anthropic draws no images: 400 naming the field, nothing written
    const claude = await call('POST', '/admin/connections', admin, {
      name: 'Claude images?',
      providerType: 'Anthropic',
      apiKey: 'k',
      deployments: [{ name: 'claude-pictures', model: 'claude-sonnet-4-5', kind: 'ImageGeneration' }],
    });
    expect(claude.statusCode).toBe(400);
    expect(claude.json().details).toContainEqual(expect.objectContaining({ field: 'deployments.0.kind' }));
    expect((await call('GET', '/admin/connections', reader)).body).not.toContain('Claude images?');
  });

  it('takes Rerank deployments on OpenAI-compatible connections only, with their own default, kept from agents', async () => {
    const providers = (await call('GET', '/admin/connections/Providers', reader)).json() as { items: { providerType: string; deploymentKinds: string[] }[] };
    expect(providers.items.find((p) => p.providerType === 'OpenAICompatible')!.deploymentKinds).toEqual([
      'Chat',
      'ImageGeneration',
      'Embedding',
      'Rerank',
      'Speech',
    ]);
    // OpenAI serves no /rerank: 400 naming the field and the provider that does
    const base = `/admin/connections/${created.connectionId}/deployments`;
    const onOpenAI = await call('POST', base, admin, { name: 'rerank-v3.5', model: 'rerank-v3.5', kind: 'Rerank' });
    expect(onOpenAI.statusCode).toBe(400);
    expect(onOpenAI.json().details).toEqual([{ field: 'kind', message: 'Use a connection of one of these providers for Rerank: OpenAI-compatible server' }]);

    const jina = await call('POST', '/admin/connections', admin, {
      name: 'Jina',
      providerType: 'OpenAICompatible',
      endpoint: 'https://api.jina.ai/v1',
      apiKey: 'jina-secret-key',
      deployments: [{ name: 'jina-reranker', model: 'jina-reranker-v2-base-multilingual', kind: 'Rerank' }],
    });
    expect(jina.statusCode).toBe(201);
    const connection = jina.json() as { connectionId: string; deployments: Deployment[]; hasApiKey: boolean };
    expect(connection.hasApiKey).toBe(true);
    expect(jina.body).not.toContain('jina-secret-key');
    expect(connection.deployments[0]).toMatchObject({ kind: 'Rerank', isDefault: true, dimensions: null });
    expect(((await call('GET', '/admin/gptSystems/deployments', agentAuthor)).json() as { items: { name: string }[] }).items.map((d) => d.name)).not.toContain(
      'jina-reranker',
    );
    expect(await t.ctx.models.reranker()).toMatchObject({
      deployment: { name: 'jina-reranker' },
      baseUrl: 'https://api.jina.ai/v1',
      apiKey: 'jina-secret-key',
    });
    // the rerank default keeps its kind
    const refused = await call('PUT', `/admin/connections/${connection.connectionId}/deployments/${connection.deployments[0]!.deploymentId}`, admin, {
      kind: 'Chat',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The default rerank deployment cannot change its kind.');
    expect((await call('DELETE', `/admin/connections/${connection.connectionId}`, admin)).statusCode).toBe(204);
    expect(await t.ctx.models.reranker()).toBeNull();
  });

  it('gives embedding deployments their own default, keeps them from agents and refuses them where the provider embeds nothing', async () => {
    const base = `/admin/connections/${created.connectionId}/deployments`;
    const embedder = (
      await call('POST', base, admin, { name: 'text-embedding-3-small', model: 'text-embedding-3-small', kind: 'Embedding' })
    ).json() as Deployment;
    expect(embedder).toMatchObject({ kind: 'Embedding', isDefault: true });
    const all = ((await call('GET', base, reader)).json() as { items: Deployment[] }).items;
    expect(all.filter((d) => d.isDefault).map((d) => d.kind)).toEqual(expect.arrayContaining(['Chat', 'Embedding']));
    const forAgents = ((await call('GET', '/admin/gptSystems/deployments', agentAuthor)).json() as { items: { name: string }[] }).items.map((d) => d.name);
    expect(forAgents).not.toContain('text-embedding-3-small');
    const refused = await call('PUT', `${base}/${embedder.deploymentId}`, admin, { kind: 'Chat' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The default embedding deployment cannot change its kind.');
    expect((await call('DELETE', `${base}/${embedder.deploymentId}`, admin)).statusCode).toBe(204);

    const claude = await call('POST', '/admin/connections', admin, {
      name: 'Claude embeddings?',
      providerType: 'Anthropic',
      apiKey: 'k',
      deployments: [{ name: 'claude-embed', model: 'claude-sonnet-4-5', kind: 'Embedding' }],
    });
    expect(claude.statusCode).toBe(400);
    expect(claude.json().details).toContainEqual(expect.objectContaining({ field: 'deployments.0.kind' }));
  });

  it("keeps an embedding deployment's vector length (dimensions): within bounds, and only for Embedding deployments", async () => {
    const base = `/admin/connections/${created.connectionId}/deployments`;
    const short = await call('POST', base, admin, { name: 'embed-short', model: 'text-embedding-3-large', kind: 'Embedding', dimensions: 1024 });
    expect(short.statusCode).toBe(201);
    const embedder = short.json() as Deployment;
    expect(embedder).toMatchObject({ kind: 'Embedding', dimensions: 1024 });
    expect((await call('GET', `${base}/${embedder.deploymentId}`, reader)).json()).toMatchObject({ dimensions: 1024 });
    const gpt4o = ((await call('GET', base, reader)).json() as { items: Deployment[] }).items.find((d) => d.name === 'gpt-4o')!;
    expect(gpt4o.dimensions).toBeNull();

    for (const [body, field, message] of [
      [{ name: 'e0', model: 'm', kind: 'Embedding', dimensions: 0 }, 'dimensions', 'Use a whole number from 1 to 16,000'],
      [{ name: 'e1', model: 'm', kind: 'Embedding', dimensions: 16_001 }, 'dimensions', 'Use a whole number from 1 to 16,000'],
      [{ name: 'e2', model: 'm', kind: 'Embedding', dimensions: 2.5 }, 'dimensions', 'Use a whole number from 1 to 16,000'],
      [{ name: 'c1', model: 'm', dimensions: 256 }, 'dimensions', 'Only Embedding deployments have a vector length'],
    ] as const) {
      const refused = await call('POST', base, admin, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().details).toContainEqual({ field, message });
    }
    const onChat = await call('PUT', `${base}/${gpt4o.deploymentId}`, admin, { dimensions: 256 });
    expect(onChat.statusCode).toBe(400);
    expect(onChat.json().details).toEqual([{ field: 'dimensions', message: 'Only Embedding deployments have a vector length' }]);
    expect((await call('PUT', `${base}/${embedder.deploymentId}`, admin, { dimensions: 0 })).statusCode).toBe(400);

    // omitted it stays, null takes the model's own; another kind has none
    expect((await call('PUT', `${base}/${embedder.deploymentId}`, admin, { displayName: 'Short vectors' })).json()).toMatchObject({ dimensions: 1024 });
    expect((await call('PUT', `${base}/${embedder.deploymentId}`, admin, { dimensions: 256 })).json()).toMatchObject({ dimensions: 256 });
    expect((await call('PUT', `${base}/${embedder.deploymentId}`, admin, { dimensions: null })).json()).toMatchObject({ dimensions: null });
    await call('PUT', `${base}/${embedder.deploymentId}`, admin, { dimensions: 512 });
    const other = (
      await call('POST', base, admin, { name: 'embed-other', model: 'text-embedding-3-small', kind: 'Embedding', dimensions: 512 })
    ).json() as Deployment;
    expect(other.isDefault).toBe(false);
    expect((await call('PUT', `${base}/${other.deploymentId}`, admin, { kind: 'Chat' })).json()).toMatchObject({ kind: 'Chat', dimensions: null });
    for (const d of [embedder, other]) expect((await call('DELETE', `${base}/${d.deploymentId}`, admin)).statusCode).toBe(204);
  });

  it('deletes a connection with its deployments and audits it', async () => {
    expect((await call('DELETE', `/admin/connections/${created.connectionId}`, admin)).statusCode).toBe(204);
    expect((await call('GET', `/admin/connections/${created.connectionId}`, admin)).statusCode).toBe(404);
    const audit = await auditRows(created.connectionId);
    expect(audit.find((a) => a.domainOperation === 'Deleted')?.details).toMatchObject({ before: { name: 'OpenAI (renamed)' } });
    const items = ((await call('GET', '/admin/gptSystems/deployments', agentAuthor)).json() as { items: { name: string; isDefault: boolean }[] }).items;
    expect(items).toEqual([expect.objectContaining({ name: 'offline', isDefault: true })]);
  });
});
