// Admin gptSystems over real HTTP: create, drafts, publishing with history and rollback (a turn in
// flight keeps its configuration), prompts, data-source links, form data, admin previews, audit rows,
// and the refusals: no agents action 403, …Specific scopes, unknown 404, bad input 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AdminAgent, AdminAgentList, AvailableConfiguration, ConfigState, PublishedVersion, StarterPrompt } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { answerOf, baseUrl, jsonCaller, postStream, questionBody, scriptedGateway, sleep } from '../../test/chat-stream.js';
import { auditLog } from '../../db/schema/index.js';
import { scopeUserTo } from './agents.test-factory.js';

describe('admin agents', () => {
  let t: TestApp;
  let base: string;
  let admin: { id: string; token: string };
  let user: { id: string; token: string };
  let hold: Promise<void> | null = null;
  const gateway = scriptedGateway(async function* (request) {
    if (hold) await hold;
    yield { type: 'text', text: `SYSTEM[${request.system.split('\n\n')[0]}]` };
  });

  beforeAll(async () => {
    t = await createTestApp();
    t.ctx.models = gateway;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = baseUrl(t);
    admin = await t.createUser({ actions: ['GptSystemsRead', 'GptSystemsCreate', 'GptSystemsWrite'], displayName: 'Ada Admin' });
    user = await t.createUser({ actions: ['GptSystemsRead'] });
  });
  afterAll(() => t.close());

  const call = jsonCaller(
    () => base,
    () => admin.token,
  );
  const newTurn = questionBody;

  async function createAgent(name: string, systemPrompt: string) {
    const res = await call<{ gptSystemId: string; configStateId: string }>('POST', '/admin/gptSystems', {
      gptSystemName: name,
      description: 'd',
      config: { systemPrompt },
    });
    expect(res.status).toBe(201);
    return res.body;
  }

  it('creates an unpublished agent with a draft, publishes it for users, and keeps a history with who and when', async () => {
    const { gptSystemId, configStateId } = await createAgent('Librarian', 'You are {{gptSystemName}}.');
    const got = await call<AdminAgent>('GET', `/admin/gptSystems/${gptSystemId}`);
    expect(got.body).toMatchObject({
      name: 'Librarian',
      isPublished: false,
      publishedConfig: null,
      configStateId,
      currentUserActions: ['Edit', 'Delete', 'Publish'],
    });
    expect((await postStream(base, `/userConversations/byGptSystemId/${gptSystemId}`, newTurn('hi'), { token: user.token })).status).toBe(404);

    const pub = await call<{ version: PublishedVersion }>('PUT', `/admin/gptSystems/${gptSystemId}/publishing`, { configStateId });
    expect(pub.status).toBe(200);
    expect(pub.body.version).toMatchObject({ version: 1, publishedBy: { userId: admin.id, displayName: 'Ada Admin' }, isCurrent: true });
    const r = await postStream(base, `/userConversations/byGptSystemId/${gptSystemId}`, newTurn('hi'), { token: user.token });
    expect(answerOf(r.events)).toBe('SYSTEM[You are Librarian.]');
    const details = await call<{ gptSystem: { name: string }; status: string }>('GET', `/admin/gptSystems/${gptSystemId}/detailsForConversation`);
    expect(details.body).toMatchObject({ gptSystem: { name: 'Librarian' }, status: 'Active' });

    await call('PUT', `/admin/gptSystems/configurationStates/${configStateId}`, { systemPrompt: 'Version two.' });
    await call('PUT', `/admin/gptSystems/${gptSystemId}/publishing/V2`, {});
    const history = await call<{ items: PublishedVersion[] }>('GET', `/admin/gptSystems/${gptSystemId}/publishing`);
    expect(history.body.items.map((v) => [v.version, v.systemPrompt, v.isCurrent])).toEqual([
      [2, 'Version two.', true],
      [1, 'You are {{gptSystemName}}.', false],
    ]);
    const list = await call<AdminAgentList>('GET', '/admin/gptSystems');
    expect(list.body.items.find((a) => a.gptSystemId === gptSystemId)).toMatchObject({ isPublished: true, publishedVersion: 2 });

    // roll back to version 1: a new version restoring it
    const v1 = history.body.items[1]!;
    const back = await call<{ version: PublishedVersion }>('PUT', `/admin/gptSystems/${gptSystemId}/publishing/rollback`, { versionId: v1.versionId });
    expect(back.body.version).toMatchObject({ version: 3, restoredFromVersion: 1, systemPrompt: 'You are {{gptSystemName}}.' });
    expect(answerOf((await postStream(base, `/userConversations/byGptSystemId/${gptSystemId}`, newTurn('again'), { token: user.token })).events)).toBe(
      'SYSTEM[You are Librarian.]',
    );
    expect((await call('PUT', `/admin/gptSystems/${gptSystemId}/publishing/rollback`, { versionId: randomUUID() })).status).toBe(404);

    const ops = (await t.ctx.db.select().from(auditLog).where(eq(auditLog.aggregateId, gptSystemId))).map((a) => a.domainOperation);
    expect(ops).toEqual(expect.arrayContaining(['Created', 'Published', 'RolledBack']));
    const draftOps = (await t.ctx.db.select().from(auditLog).where(eq(auditLog.aggregateId, configStateId))).map((a) => a.domainOperation);
    expect(draftOps).toEqual(expect.arrayContaining(['Created', 'Updated']));
  });

  it('publishes without disturbing a turn in flight: it finishes with the configuration it started with', async () => {
    const { gptSystemId, configStateId } = await createAgent('Steady', 'Old prompt.');
    await call('PUT', `/admin/gptSystems/${gptSystemId}/publishing`, {});
    let release!: () => void;
    hold = new Promise((r) => (release = r));
    const before = gateway.requests.length;
    const inFlight = postStream(base, `/userConversations/byGptSystemId/${gptSystemId}`, newTurn('slow'), { token: user.token });
    while (gateway.requests.length === before) await sleep(10);
    await call('PUT', `/admin/gptSystems/configurationStates/${configStateId}`, { systemPrompt: 'New prompt.' });
    expect((await call('PUT', `/admin/gptSystems/${gptSystemId}/publishing`, {})).status).toBe(200);
    hold = null;
    release();
    expect(answerOf((await inFlight).events)).toBe('SYSTEM[Old prompt.]');
    expect(answerOf((await postStream(base, `/userConversations/byGptSystemId/${gptSystemId}`, newTurn('next'), { token: user.token })).events)).toBe(
      'SYSTEM[New prompt.]',
    );
  });

  it('refuses publishing a draft with errors (400 with the list) and drafts of other agents (404)', async () => {
    const a = await createAgent('Erroneous', 'p');
    const b = await createAgent('Other', 'p');
    await call('PUT', `/admin/gptSystems/configurationStates/${a.configStateId}`, { deploymentName: 'missing-model' });
    const refused = await call<{ details: { field: string }[] }>('PUT', `/admin/gptSystems/${a.gptSystemId}/publishing`, {});
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([expect.objectContaining({ field: 'deploymentName' })]);
    expect((await call('PUT', `/admin/gptSystems/${a.gptSystemId}/publishing`, { configStateId: b.configStateId })).status).toBe(404);
    expect((await call('POST', '/admin/gptSystems', { gptSystemName: 'x'.repeat(151) })).status).toBe(400);
    expect((await call('GET', `/admin/gptSystems/${randomUUID()}`)).status).toBe(404);
  });

  it('creates from an empty POST, edits metadata, adds drafts, creates and updates agents from drafts, and deletes', async () => {
    const empty = await call<{ gptSystemId: string }>('POST', '/admin/gptSystems');
    expect(empty.status).toBe(201);
    const put = await call<AdminAgent>('PUT', `/admin/gptSystems/${empty.body.gptSystemId}`, { gptSystemName: 'Renamed', isPublic: true });
    expect(put.body).toMatchObject({ name: 'Renamed', isPublic: true });
    const draft = await call<{ configStateId: string }>('POST', `/admin/gptSystems/${empty.body.gptSystemId}/configurationStates`);
    expect(draft.status).toBe(201);
    const drafts = await call<{ items: ConfigState[] }>('GET', `/admin/gptSystems/${empty.body.gptSystemId}/configurationStates`);
    expect(drafts.body.items).toHaveLength(2);

    const lone = await call<{ configStateId: string }>('POST', '/admin/gptSystems/configurationStates');
    await call('PUT', `/admin/gptSystems/configurationStates/${lone.body.configStateId}`, { gptSystemName: 'From draft' });
    const made = await call<{ gptSystemId: string }>('PUT', `/admin/gptSystems/configurationStates/${lone.body.configStateId}/createGptSystem`);
    expect(made.status).toBe(200);
    expect((await call('PUT', `/admin/gptSystems/configurationStates/${lone.body.configStateId}/createGptSystem`)).status).toBe(409);
    await call('PUT', `/admin/gptSystems/configurationStates/${lone.body.configStateId}`, { gptSystemName: 'From draft, renamed' });
    expect((await call('PUT', `/admin/gptSystems/configurationStates/${lone.body.configStateId}/updateGptSystem`)).status).toBe(200);
    expect((await call<AdminAgent>('GET', `/admin/gptSystems/${made.body.gptSystemId}`)).body.name).toBe('From draft, renamed');

    expect((await call('DELETE', `/admin/gptSystems/${made.body.gptSystemId}`)).status).toBe(204);
    expect((await call('GET', `/admin/gptSystems/${made.body.gptSystemId}`)).status).toBe(404);
    expect((await call('DELETE', `/admin/gptSystems/configurationStates/${draft.body.configStateId}`)).status).toBe(204);
  });

  it('manages starter prompts, which users see on a new chat', async () => {
    const { gptSystemId } = await createAgent('Prompted', 'p');
    await call('PUT', `/admin/gptSystems/${gptSystemId}/publishing`, {});
    const p1 = await call<StarterPrompt>('POST', `/admin/gptSystems/${gptSystemId}/prompts`, { title: 'One', prompt: 'First' });
    expect(p1.status).toBe(201);
    await call('POST', `/admin/gptSystems/${gptSystemId}/prompts`, { title: 'Two', prompt: 'Second' });
    expect((await call('POST', `/admin/gptSystems/${gptSystemId}/prompts`, { title: '', prompt: 'x' })).status).toBe(400);
    const up = await call<StarterPrompt>('PUT', `/admin/gptSystems/${gptSystemId}/prompts/${p1.body.promptId}`, { title: 'Uno', prompt: 'Primero' });
    expect(up.body).toMatchObject({ title: 'Uno', sortOrder: 0 });
    const seen = await call<{ items: { title: string }[] }>(
      'GET',
      `/userConversations/gptSystems/${gptSystemId}/promptsForConversation`,
      undefined,
      user.token,
    );
    expect(seen.body.items.map((p) => p.title)).toEqual(['Uno', 'Two']);
    expect((await call('DELETE', `/admin/gptSystems/${gptSystemId}/prompts/${p1.body.promptId}`)).status).toBe(204);
    expect((await call('GET', `/admin/gptSystems/${gptSystemId}/prompts/${p1.body.promptId}`)).status).toBe(404);
  });

  it('links data sources by id (400 bad shape, 409 twice) and offers the form its choices', async () => {
    const { gptSystemId } = await createAgent('Knowledgeable', 'p');
    const dataSourceId = randomUUID();
    const link = await call<{ ragDataSourceId: string; topK: number }>('POST', `/admin/gptSystems/${gptSystemId}/ragDataSources`, { dataSourceId });
    expect(link.status).toBe(201);
    expect(link.body.topK).toBe(5);
    expect((await call('POST', `/admin/gptSystems/${gptSystemId}/ragDataSources`, { dataSourceId })).status).toBe(409);
    expect((await call('POST', `/admin/gptSystems/${gptSystemId}/ragDataSources`, { dataSourceId: 'nope' })).status).toBe(400);
    expect((await call<{ topK: number }>('PUT', `/admin/gptSystems/${gptSystemId}/ragDataSources/${link.body.ragDataSourceId}`, { topK: 8 })).body.topK).toBe(
      8,
    );
    expect((await call<{ items: unknown[] }>('GET', `/admin/gptSystems/${gptSystemId}/ragDataSources`)).body.items).toHaveLength(1);
    expect((await call('DELETE', `/admin/gptSystems/${gptSystemId}/ragDataSources/${link.body.ragDataSourceId}`)).status).toBe(204);

    const available = await call<AvailableConfiguration>('GET', '/admin/gptSystems/AvailableConfiguration');
    expect(available.body.deployments.map((d) => d.name)).toContain('offline');
    expect(available.body.variables.map((v) => v.name)).toEqual(expect.arrayContaining(['userName', 'date', 'gptSystemName']));
    expect((await call<{ temperature: number }>('GET', '/admin/gptSystems/SystemDefaults')).body.temperature).toBe(0.7);
    const types = await call<{ items: { dataSourceType: string; available: boolean }[] }>('GET', '/admin/gptSystems/dataSourcesTypes?hipaaCompliant=true');
    expect(types.body.items.filter((i) => i.available).map((i) => i.dataSourceType)).toEqual(['FileLibrary']);
  });

  it('previews a draft through the admin path with the draft configuration', async () => {
    const { configStateId } = await createAgent('Previewed', 'Admin draft prompt.');
    const r = await postStream(base, `/admin/gptSystems/configurationStates/${configStateId}/conversations`, newTurn('preview'), { token: admin.token });
    expect(answerOf(r.events)).toBe('SYSTEM[Admin draft prompt.]');
    expect((await postStream(base, `/admin/gptSystems/configurationStates/${configStateId}/conversations`, newTurn('x'), { token: user.token })).status).toBe(
      403,
    );
  });

  it('shows agents read-only to administrators holding GptSystemsRead, refuses it alone, and honours …Specific scopes', async () => {
    expect((await call('GET', '/admin/gptSystems', undefined, user.token)).status).toBe(403);
    expect((await call('POST', '/admin/gptSystems', {}, user.token)).status).toBe(403);
    // a brands administrator (docs/product.md §2 shows them the Agents item for GptSystemsRead) reads, but changes nothing
    const reader = await t.createUser({ actions: ['GptSystemsRead', 'BrandsRead'] });
    const seen = await createAgent('Seen by readers', 'Reader-visible prompt.');
    const readerList = await call<AdminAgentList>('GET', '/admin/gptSystems', undefined, reader.token);
    expect(readerList.status).toBe(200);
    expect(readerList.body.items.map((a) => a.gptSystemId)).toContain(seen.gptSystemId);
    const readerAgent = await call<AdminAgent>('GET', `/admin/gptSystems/${seen.gptSystemId}`, undefined, reader.token);
    expect(readerAgent.body.currentUserActions).toEqual([]);
    const draft = await call<ConfigState>('GET', `/admin/gptSystems/configurationStates/${seen.configStateId}`, undefined, reader.token);
    expect(draft.status).toBe(200);
    expect(draft.body.systemPrompt).toBe('Reader-visible prompt.');
    expect((await call('PUT', `/admin/gptSystems/configurationStates/${seen.configStateId}`, { systemPrompt: 'x' }, reader.token)).status).toBe(403);
    expect((await call('PUT', `/admin/gptSystems/${seen.gptSystemId}/publishing`, {}, reader.token)).status).toBe(403);
    expect((await call('POST', '/admin/gptSystems', {}, reader.token)).status).toBe(403);
    const inScope = await createAgent('Scoped', 'p');
    const outOfScope = await createAgent('Unscoped', 'p');
    const scoped = await t.createUser({ actions: ['GptSystemsRead', 'GptSystemsWriteSpecific'] });
    await scopeUserTo(t.ctx, scoped.id, [inScope.gptSystemId]);
    const list = await call<AdminAgentList>('GET', '/admin/gptSystems', undefined, scoped.token);
    expect(list.body.items.map((a) => a.gptSystemId)).toEqual([inScope.gptSystemId]);
    expect((await call('PUT', `/admin/gptSystems/configurationStates/${inScope.configStateId}`, { systemPrompt: 'ok' }, scoped.token)).status).toBe(200);
    expect((await call('PUT', `/admin/gptSystems/${inScope.gptSystemId}/publishing`, {}, scoped.token)).status).toBe(200);
    expect((await call('GET', `/admin/gptSystems/${outOfScope.gptSystemId}`, undefined, scoped.token)).status).toBe(404);
    expect((await call('PUT', `/admin/gptSystems/${outOfScope.gptSystemId}/publishing`, {}, scoped.token)).status).toBe(403);
    expect((await call('PUT', `/admin/gptSystems/configurationStates/${outOfScope.configStateId}`, {}, scoped.token)).status).toBe(403);
    expect((await call('POST', '/admin/gptSystems', {}, scoped.token)).status).toBe(403);
  });
  it('puts an agent under an existing brand only; the chat page learns the brand from detailsForConversation', async () => {
    const { gptSystemId } = await createAgent('Branded agent', 'Be brief.');
    expect((await call('POST', '/admin/gptSystems', { gptSystemName: 'Nowhere', brandKey: 'no-such-brand' })).status).toBe(400);
    const refused = await call<{ details: Array<{ field: string }> }>('PUT', `/admin/gptSystems/${gptSystemId}`, { brandKey: 'no-such-brand' });
    expect(refused.status).toBe(400);
    expect(refused.body.details[0]!.field).toBe('brandKey');
    const brandsAdmin = await t.createUser({ actions: ['BrandsCreate'] });
    expect((await call('POST', '/admin/brands', { brandKey: 'clinic', name: 'Clinic' }, brandsAdmin.token)).status).toBeLessThan(300);
    expect((await call('PUT', `/admin/gptSystems/${gptSystemId}`, { brandKey: 'clinic' })).status).toBe(200);
    expect((await call<AdminAgent>('GET', `/admin/gptSystems/${gptSystemId}`)).body.brandKey).toBe('clinic');
  });
});
