import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ConversationPromptListSchema, DetailsForConversationSchema, GptSystemListSchema } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { gptSystems, pinnedGptSystems } from '../../db/schema/index.js';
import { loadPrincipal } from '../users/users.principal.js';
import { createAgentDirectory, recordAgentUse, SystemAgentStarterPrompts } from './agents.service.js';
import { createAgent, publishedConfig, scopeUserTo } from './agents.test-factory.js';

const api = '/api/internal';
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

describe('agents for chat', () => {
  let t: TestApp;
  let systemAgentId: string;
  let reader: { id: string; token: string };
  beforeAll(async () => {
    t = await createTestApp();
    const [seeded] = await t.ctx.db.select().from(gptSystems).where(eq(gptSystems.name, 'Atrium Assistant'));
    systemAgentId = seeded!.id;
    reader = await t.createUser({ actions: ['GptSystemsRead'] });
  });
  afterAll(() => t.close());

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url: `${api}${url}`, headers: auth(token) });
  const ids = (body: unknown) => GptSystemListSchema.parse(body).items.map((i) => i.gptSystemId);

  it("lists the System agents and the caller own personal agents, never deleted, unpublished or someone else's", async () => {
    const other = await t.createUser({ actions: ['GptSystemsRead'] });
    const mine = await createAgent(t.ctx.db, { name: 'Mine', gptSystemType: 'User', ownerUserId: reader.id });
    const theirs = await createAgent(t.ctx.db, { name: 'Theirs', gptSystemType: 'User', ownerUserId: other.id });
    const deleted = await createAgent(t.ctx.db, { name: 'Gone', isDeleted: true });
    const draft = await createAgent(t.ctx.db, { name: 'Draft', publishedConfig: null });
    const res = await get('/CurrentUser/AvailableGptSystems', reader.token);
    expect(res.statusCode).toBe(200);
    const list = GptSystemListSchema.parse(res.json());
    expect(list.continuationToken).toBeNull();
    const got = ids(list);
    expect(got).toContain(systemAgentId);
    expect(got).toContain(mine.id);
    expect(got).not.toContain(theirs.id);
    expect(got).not.toContain(deleted.id);
    expect(got).not.toContain(draft.id);
    expect(list.items.find((i) => i.id === mine.id)).toMatchObject({
      gptSystemType: 'User',
      isPinned: false,
      avatarUrl: `${api}/gptSystems/common/management/${mine.id}/avatar`,
    });
  });

  it('honours GptSystemsReadSpecific scopes and shows nothing System-wide without GptSystemsRead', async () => {
    const scoped = await t.createUser({ actions: ['GptSystemsReadSpecific'] });
    const inScope = await createAgent(t.ctx.db, { name: 'Scoped' });
    await scopeUserTo(t.ctx, scoped.id, [inScope.id]);
    expect(ids((await get('/CurrentUser/AvailableGptSystems', scoped.token)).json())).toEqual([inScope.id]);
    const nobody = await t.createUser({ actions: [] });
    expect(ids((await get('/CurrentUser/AvailableGptSystems', nobody.token)).json())).toEqual([]);
  });

  it('pins idempotently, lists pins (any path case) and unpins by body or query', async () => {
    const user = await t.createUser({ actions: ['GptSystemsRead'] });
    const pin = () =>
      t.app.inject({ method: 'POST', url: `${api}/CurrentUser/pinnedGptSystem`, headers: auth(user.token), payload: { gptSystemId: systemAgentId } });
    expect((await pin()).statusCode).toBe(204);
    expect((await pin()).statusCode).toBe(204);
    const pinned = await get('/currentuser/pinnedgptsystems', user.token);
    expect(pinned.statusCode).toBe(200);
    expect(GptSystemListSchema.parse(pinned.json()).items).toEqual([expect.objectContaining({ gptSystemId: systemAgentId, isPinned: true })]);
    const available = GptSystemListSchema.parse((await get('/CurrentUser/AvailableGptSystems', user.token)).json());
    expect(available.items.find((i) => i.id === systemAgentId)?.isPinned).toBe(true);

    const unpinBody = () =>
      t.app.inject({ method: 'DELETE', url: `${api}/CurrentUser/pinnedGptSystem`, headers: auth(user.token), payload: { gptSystemId: systemAgentId } });
    expect((await unpinBody()).statusCode).toBe(204);
    expect((await unpinBody()).statusCode).toBe(204);
    expect(ids((await get('/CurrentUser/pinnedGptSystems', user.token)).json())).toEqual([]);

    await pin();
    const byQuery = await t.app.inject({ method: 'DELETE', url: `${api}/CurrentUser/pinnedGptSystem?gptSystemId=${systemAgentId}`, headers: auth(user.token) });
    expect(byQuery.statusCode, byQuery.body).toBe(204);
    expect(ids((await get('/CurrentUser/pinnedGptSystems', user.token)).json())).toEqual([]);
    const neither = await t.app.inject({ method: 'DELETE', url: `${api}/CurrentUser/pinnedGptSystem`, headers: auth(user.token) });
    expect(neither.statusCode).toBe(400);
  });

  it("refuses to pin an unknown, deleted or someone else's agent (404), one the caller may not use (403), and a bad body (400)", async () => {
    const other = await t.createUser({ actions: ['GptSystemsRead'] });
    const theirs = await createAgent(t.ctx.db, { gptSystemType: 'User', ownerUserId: other.id });
    const deleted = await createAgent(t.ctx.db, { isDeleted: true });
    const noRead = await t.createUser({ actions: [] });
    const pin = (token: string, payload: unknown) =>
      t.app.inject({ method: 'POST', url: `${api}/CurrentUser/pinnedGptSystem`, headers: auth(token), payload: payload as object });
    expect((await pin(reader.token, { gptSystemId: '6f1c7f6e-2a47-4b8a-9b53-0f0b8c1d2e3f' })).statusCode).toBe(404);
    expect((await pin(reader.token, { gptSystemId: deleted.id })).statusCode).toBe(404);
    expect((await pin(reader.token, { gptSystemId: theirs.id })).statusCode).toBe(404);
    const refused = await pin(noRead.token, { gptSystemId: systemAgentId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden' });
    expect((await pin(reader.token, { gptSystemId: 'nope' })).statusCode).toBe(400);
    const rows = await t.ctx.db.select().from(pinnedGptSystems).where(eq(pinnedGptSystems.userId, noRead.id));
    expect(rows).toEqual([]);
  });

  it('answers recent agents newest first, distinct, at most 10, without ones the caller lost', async () => {
    const user = await t.createUser({ actions: ['GptSystemsRead'] });
    const agents = [];
    for (let i = 0; i < 12; i++) agents.push(await createAgent(t.ctx.db, { name: `Recent ${i}` }));
    const base = Date.now() - 60_000;
    for (const [i, a] of agents.entries()) await recordAgentUse(t.ctx, user.id, a.id, new Date(base + i * 1000));
    // used again: moves to the front, still once
    await recordAgentUse(t.ctx, user.id, agents[0]!.id, new Date(base + 30_000));
    await t.ctx.db.update(gptSystems).set({ isDeleted: true }).where(eq(gptSystems.id, agents[11]!.id));
    const got = ids((await get('/CurrentUser/recentGptSystems', user.token)).json());
    expect(got).toEqual([
      agents[0]!.id,
      ...agents
        .slice(2, 11)
        .map((a) => a.id)
        .reverse(),
    ]);
    expect(ids((await get('/CurrentUser/recentGptSystems', reader.token)).json())).toEqual([]);
  });

  it('describes an agent for a new chat with every docs/wire-protocol.md field, its introduction sanitised', async () => {
    const agent = await createAgent(t.ctx.db, {
      name: 'Helpful',
      gptSystemType: 'User',
      ownerUserId: reader.id,
      publishedConfig: publishedConfig({
        introduction: '<p onclick="x()">Hello <a href="javascript:alert(1)">x</a><script>alert(1)</script><strong>there</strong></p>',
      }),
    });
    const res = await get(`/userConversations/gptSystems/${agent.id}/detailsForConversation`, reader.token);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Record<string, unknown>;
    for (const key of [
      'gptSystem',
      'gptIntroduction',
      'guidelinesDocument',
      'visionFileUpload',
      'brandKey',
      'status',
      'accessMessaging',
      'citationVisibility',
      'hipaaCompliant',
      'modelDisplayName',
      'isVisionEnabled',
      'allowedVisionFileTypes',
      'ownership',
      'currentUserActions',
    ]) {
      expect(body, key).toHaveProperty(key);
    }
    const details = DetailsForConversationSchema.parse(body);
    expect(details.gptSystem).toMatchObject({ gptSystemId: agent.id, name: 'Helpful', gptSystemType: 'User', isPublic: false });
    expect(details.gptIntroduction).toBe('<p>Hello <a rel="noopener noreferrer">x</a><strong>there</strong></p>');
    expect(details.guidelinesDocument).toBeNull();
    expect(details.visionFileUpload).toHaveProperty('maxUploadedFileSizeBytes');
    expect(details.modelDisplayName).not.toBe('');
    expect(details.ownership).toEqual({ owner: { userId: reader.id, displayName: expect.any(String) }, ownerIsCurrentUser: true });
    expect(details.currentUserActions).toEqual(['Chat', 'Pin', 'Edit', 'Delete']);

    const system = DetailsForConversationSchema.parse(
      (await get(`/userConversations/gptSystems/${systemAgentId}/detailsForConversation`, reader.token)).json(),
    );
    expect(system.ownership).toEqual({ owner: null, ownerIsCurrentUser: false });
    expect(system.currentUserActions).toEqual(['Chat', 'Pin']);
    expect(system.status).toBe('Active');
  });

  it('refuses details and prompts of unknown agents (404) and agents the caller may not use (403)', async () => {
    const noRead = await t.createUser({ actions: [] });
    for (const what of ['detailsForConversation', 'promptsForConversation']) {
      expect((await get(`/userConversations/gptSystems/6f1c7f6e-2a47-4b8a-9b53-0f0b8c1d2e3f/${what}`, reader.token)).statusCode).toBe(404);
      expect((await get(`/userConversations/gptSystems/${systemAgentId}/${what}`, noRead.token)).statusCode).toBe(403);
      expect((await get(`/userConversations/gptSystems/not-a-uuid/${what}`, reader.token)).statusCode).toBe(400);
      expect((await t.app.inject({ method: 'GET', url: `${api}/userConversations/gptSystems/${systemAgentId}/${what}` })).statusCode).toBe(401);
    }
  });

  it('offers the seeded System agent its starter prompts, in order', async () => {
    const res = await get(`/userConversations/gptSystems/${systemAgentId}/promptsForConversation`, reader.token);
    expect(res.statusCode).toBe(200);
    const list = ConversationPromptListSchema.parse(res.json());
    expect(list.items.map((p) => p.title)).toEqual(SystemAgentStarterPrompts.map((p) => p.title));
    expect(list.continuationToken).toBeNull();
    const empty = await createAgent(t.ctx.db);
    expect(
      ConversationPromptListSchema.parse((await get(`/userConversations/gptSystems/${empty.id}/promptsForConversation`, reader.token)).json()).items,
    ).toEqual([]);
  });
});

describe('AgentDirectory.getForChat', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const principal = async (actions: Parameters<TestApp['createUser']>[0]) => {
    const u = await t.createUser(actions);
    return (await loadPrincipal(t.ctx, u.id))!;
  };
  const status = (p: Promise<unknown>) =>
    p.then(
      () => 200,
      (e: { status?: number }) => e.status ?? 500,
    );

  it('returns a usable agent as published', async () => {
    const directory = createAgentDirectory(t.ctx);
    const p = await principal({ actions: ['GptSystemsRead'] });
    const agent = await createAgent(t.ctx.db, {
      name: 'Chatty',
      isPublic: true,
      brandKey: 'acme',
      publishedConfig: publishedConfig({ systemPrompt: 'Be brief.', temperature: 0.7 }),
    });
    expect(await directory.getForChat(p, agent.id)).toEqual({
      gptSystemId: agent.id,
      name: 'Chatty',
      gptSystemType: 'System',
      isPublic: true,
      brandKey: 'acme',
      config: publishedConfig({ systemPrompt: 'Be brief.', temperature: 0.7 }),
    });
  });

  it('applies the rules: System for readers, personal for the owner only, deleted and unpublished absent, scopes honoured', async () => {
    const directory = createAgentDirectory(t.ctx);
    const reader = await principal({ actions: ['GptSystemsRead'] });
    const owner = await principal({ actions: [] });
    const scoped = await principal({ actions: ['GptSystemsReadSpecific'] });
    const system = await createAgent(t.ctx.db);
    const other = await createAgent(t.ctx.db);
    const personal = await createAgent(t.ctx.db, { gptSystemType: 'User', ownerUserId: owner.userId });
    const deleted = await createAgent(t.ctx.db, { isDeleted: true });
    const unpublished = await createAgent(t.ctx.db, { publishedConfig: null });
    await scopeUserTo(t.ctx, scoped.userId, [system.id]);
    const scopedNow = (await loadPrincipal(t.ctx, scoped.userId))!;

    expect(await status(directory.getForChat(reader, system.id))).toBe(200);
    expect(await status(directory.getForChat(owner, system.id))).toBe(403);
    expect(await status(directory.getForChat(owner, personal.id))).toBe(200);
    expect(await status(directory.getForChat(reader, personal.id))).toBe(404);
    expect(await status(directory.getForChat(reader, deleted.id))).toBe(404);
    expect(await status(directory.getForChat(reader, unpublished.id))).toBe(404);
    expect(await status(directory.getForChat(reader, '6f1c7f6e-2a47-4b8a-9b53-0f0b8c1d2e3f'))).toBe(404);
    expect(await status(directory.getForChat(scopedNow, system.id))).toBe(200);
    expect(await status(directory.getForChat(scopedNow, other.id))).toBe(403);
  });

  it('records agent use for the recent list', async () => {
    const directory = createAgentDirectory(t.ctx);
    const user = await t.createUser({ actions: ['GptSystemsRead'] });
    const agent = await createAgent(t.ctx.db);
    await directory.recordAgentUse(user.id, agent.id);
    await directory.recordAgentUse(user.id, agent.id);
    const res = await t.app.inject({ method: 'GET', url: `${api}/CurrentUser/recentGptSystems`, headers: auth(user.token) });
    expect(GptSystemListSchema.parse(res.json()).items.map((i) => i.id)).toEqual([agent.id]);
  });
});
