// The file libraries of an agent's configuration (`dataSources`) over HTTP: each with an optional top-k and
// minimum score, given back exactly as sent (clients that send `[]` or `[{dataSourceId}]` get that back) and
// published with the agent; libraries that do not exist are a 400 naming the field, a library listed twice too;
// a personal agent may add only libraries its owner may read; a library deleted since stays in the draft.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { AdminAgentSchema, ConfigStateSchema, FileLibrarySchema } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { baseUrl, jsonCaller } from '../../../test/chat-stream.js';
import { instanceSettings, userRoleAssignments, userRoles } from '../../../db/schema/index.js';
import { userChanged } from '../../users/users.service.js';

describe('agent configuration data sources', () => {
  let t: TestApp;
  let base: string;
  let admin: { id: string; token: string };
  let owner: { id: string; token: string };
  let handbooks: string;
  let secret: string;

  const call = jsonCaller(
    () => base,
    () => admin.token,
  );
  const createLibrary = async (name: string) => {
    const res = await call('POST', '/admin/fileLibraries', { name });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return FileLibrarySchema.parse(res.body).dataSourceId;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = baseUrl(t);
    admin = await t.createUser({
      actions: ['GptSystemsRead', 'GptSystemsCreate', 'GptSystemsWrite', 'DataSourcesRead', 'DataSourcesCreate', 'DataSourcesWrite'],
    });
    owner = await t.createUser({ actions: ['GptSystemsRead', 'DataSourcesReadSpecific'] });
    handbooks = await createLibrary('Handbooks');
    secret = await createLibrary('Board minutes');
    // the owner may read the handbooks only (their role's entity configuration)
    const roles = await t.ctx.db.select({ roleId: userRoleAssignments.roleId }).from(userRoleAssignments).where(eq(userRoleAssignments.userId, owner.id));
    for (const { roleId } of roles)
      await t.ctx.db
        .update(userRoles)
        .set({ entityConfiguration: { gptSystemIds: [], dataSourceIds: [handbooks] } })
        .where(eq(userRoles.id, roleId));
    userChanged({ caches: t.ctx.caches });
    await t.ctx.db.update(instanceSettings).set({ value: true }).where(eq(instanceSettings.name, 'allowUserCreatedGptSystems'));
  });
  afterAll(() => t.close());

  const newAgent = async (config: Record<string, unknown> = {}) => {
    const res = await call<{ gptSystemId: string; configStateId: string }>('POST', '/admin/gptSystems', { gptSystemName: 'Registrar', config });
    return res;
  };
  const putDraft = (configStateId: string, body: unknown, token = admin.token) =>
    call<unknown>('PUT', `/admin/gptSystems/configurationStates/${configStateId}`, body, token);

  it('gives back what was sent: [], [{dataSourceId}], and top-k and minimum score per library', async () => {
    const created = await newAgent();
    expect(created.status).toBe(201);
    const { configStateId, gptSystemId } = created.body;

    const empty = await putDraft(configStateId, { dataSources: [] });
    expect(empty.status).toBe(200);
    expect(ConfigStateSchema.parse(empty.body).dataSources).toEqual([]);

    const bare = await putDraft(configStateId, { dataSources: [{ dataSourceId: handbooks }] });
    expect(bare.status, JSON.stringify(bare.body)).toBe(200);
    // no defaults filled in: the client's shape comes back
    expect((bare.body as { dataSources: unknown }).dataSources).toEqual([{ dataSourceId: handbooks }]);

    const tuned = [
      { dataSourceId: handbooks, topK: 8, minScore: 0.25 },
      { dataSourceId: secret, topK: 3 },
    ];
    const put = await putDraft(configStateId, { config: { dataSources: tuned } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((put.body as { dataSources: unknown }).dataSources).toEqual(tuned);

    // published with the agent
    expect((await call('PUT', `/admin/gptSystems/configurationStates/${configStateId}/updateGptSystem`)).status).toBe(200);
    expect((await call('PUT', `/admin/gptSystems/${gptSystemId}/publishing`, { configStateId })).status).toBe(200);
    const agent = AdminAgentSchema.parse((await call('GET', `/admin/gptSystems/${gptSystemId}`)).body);
    expect(agent.publishedConfig?.dataSources).toEqual(tuned);
  });

  it('refuses unknown libraries, a library listed twice and top-k or scores out of range, naming the field; nothing is saved', async () => {
    const { configStateId } = (await newAgent({ dataSources: [{ dataSourceId: handbooks }] })).body;
    const unknown = randomUUID();

    const flat = await putDraft(configStateId, { systemPrompt: 'changed', dataSources: [{ dataSourceId: handbooks }, { dataSourceId: unknown }] });
    expect(flat.status).toBe(400);
    expect((flat.body as { details: unknown }).details).toEqual([{ field: 'dataSources.1.dataSourceId', message: 'No file library has this id.' }]);

    const nested = await putDraft(configStateId, { config: { dataSources: [{ dataSourceId: unknown }] } });
    expect((nested.body as { details: unknown }).details).toEqual([{ field: 'config.dataSources.0.dataSourceId', message: 'No file library has this id.' }]);

    const twice = await putDraft(configStateId, { dataSources: [{ dataSourceId: secret }, { dataSourceId: secret, topK: 2 }] });
    expect(twice.status).toBe(400);
    expect((twice.body as { details: unknown }).details).toEqual([{ field: 'dataSources.1.dataSourceId', message: 'This library is listed twice.' }]);

    for (const [entry, field] of [
      [{ topK: 0 }, 'dataSources.0.topK'],
      [{ topK: 51 }, 'dataSources.0.topK'],
      [{ topK: 2.5 }, 'dataSources.0.topK'],
      [{ minScore: 1.5 }, 'dataSources.0.minScore'],
      [{ minScore: -0.1 }, 'dataSources.0.minScore'],
    ] as const) {
      const res = await putDraft(configStateId, { dataSources: [{ dataSourceId: handbooks, ...entry }] });
      expect(res.status, JSON.stringify(entry)).toBe(400);
      expect((res.body as { details: { field: string }[] }).details.map((d) => d.field)).toEqual([field]);
    }

    const creating = await newAgent({ dataSources: [{ dataSourceId: unknown }] });
    expect(creating.status).toBe(400);
    expect((creating.body as unknown as { details: unknown }).details).toEqual([
      { field: 'config.dataSources.0.dataSourceId', message: 'No file library has this id.' },
    ]);

    const draft = ConfigStateSchema.parse((await call('GET', `/admin/gptSystems/configurationStates/${configStateId}`)).body);
    expect(draft.systemPrompt).not.toBe('changed');
    expect(draft.dataSources).toEqual([{ dataSourceId: handbooks }]);
  });

  it('keeps a library deleted since in the draft, so that the rest can be saved, and refuses adding it again', async () => {
    const gone = await createLibrary('Old timetable');
    const { configStateId } = (await newAgent({ dataSources: [{ dataSourceId: gone }] })).body;
    expect((await call('DELETE', `/admin/fileLibraries/${gone}`)).status).toBe(204);

    const kept = await putDraft(configStateId, { systemPrompt: 'Still here', dataSources: [{ dataSourceId: gone, topK: 4 }] });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(ConfigStateSchema.parse(kept.body).dataSources).toEqual([{ dataSourceId: gone, topK: 4 }]);

    expect((await putDraft(configStateId, { dataSources: [] })).status).toBe(200);
    const again = await putDraft(configStateId, { dataSources: [{ dataSourceId: gone }] });
    expect(again.status).toBe(400);
  });

  it('lets a personal agent add only the libraries its owner may read', async () => {
    const own = jsonCaller(
      () => base,
      () => owner.token,
    );
    const created = await own<{ configStateId: string }>('POST', '/configStates/byGptSystemType/User', { forceCreate: true });
    expect(created.status).toBe(201);
    const { configStateId } = created.body;

    const readable = await own('PUT', `/configStates/${configStateId}`, { dataSources: [{ dataSourceId: handbooks, topK: 6 }] });
    expect(readable.status, JSON.stringify(readable.body)).toBe(200);
    expect(ConfigStateSchema.parse(readable.body).dataSources).toEqual([{ dataSourceId: handbooks, topK: 6 }]);
    const options = await own<{ dataSources: unknown }>('GET', `/configStates/${configStateId}/dataSourcesAndCapabilities`);
    expect(options.body.dataSources).toEqual([{ dataSourceId: handbooks, topK: 6 }]);

    // a library out of the owner's sight does not exist for them
    const hidden = await own('PUT', `/configStates/${configStateId}`, { dataSources: [{ dataSourceId: handbooks }, { dataSourceId: secret }] });
    expect(hidden.status).toBe(400);
    expect((hidden.body as { details: unknown }).details).toEqual([{ field: 'dataSources.1.dataSourceId', message: 'No file library has this id.' }]);
  });
});
