// Chat access policies: the admin API (with refusals and audit rows) and their enforcement on the agent
// lists and every chat endpoint, for user, role and directory-group grants.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { ChatAccessPolicy, ChatAccessPolicyList, DirectoryGroupList, GptSystemList } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { auditLog, chatAccessPolicies, conversationSegments, conversations, userRoleAssignments, users } from '../../db/schema/index.js';
import { createAgent } from '../agents/agents.test-factory.js';
import { userChanged } from '../users/users.service.js';
import { scriptedGateway } from '../../test/chat-stream.js';
import type { Principal } from '../../platform/access.js';
import { compileIndex, permits } from './chat-access-policies.index.js';
import type { PolicyRow } from './chat-access-policies.repository.js';

describe('chat access policies', () => {
  let t: TestApp;
  let admin: { id: string; token: string };
  let reader: { id: string; token: string };
  let alice: { id: string; token: string };
  let bob: { id: string; token: string };
  let carol: { id: string; token: string };
  let restricted: { id: string };
  let open: { id: string };
  let aliceRoleId: string;

  const call = async <T = unknown>(method: string, url: string, token: string, payload?: unknown) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url: `/api/internal${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const json = String(res.headers['content-type'] ?? '').includes('json');
    return { status: res.statusCode, body: (json && res.body ? JSON.parse(res.body) : undefined) as T, raw: res.body };
  };
  const available = async (token: string) => (await call<GptSystemList>('GET', '/CurrentUser/AvailableGptSystems', token)).body.items.map((a) => a.gptSystemId);
  const ask = (token: string, agentId: string) =>
    call('POST', `/userConversations/byGptSystemId/${agentId}`, token, {
      question: 'Hello',
      visionImageIds: [],
      attachmentIds: [],
      session: { sessionIdentifier: randomUUID() },
    });
  const conversationsOf = async (userId: string) => t.ctx.db.select().from(conversations).where(eq(conversations.userId, userId));

  beforeAll(async () => {
    t = await createTestApp();
    t.ctx.models = scriptedGateway(async function* () {
      yield { type: 'text', text: 'Fine.' };
    });
    admin = await t.createUser({
      actions: ['ChatAccessPoliciesRead', 'ChatAccessPoliciesCreate', 'ChatAccessPoliciesWrite', 'GptSystemsRead', 'ConfigurationAuditLogRead'],
    });
    reader = await t.createUser({ actions: ['ChatAccessPoliciesRead'] });
    alice = await t.createUser({ actions: ['GptSystemsRead'], displayName: 'Alice' });
    bob = await t.createUser({ actions: ['GptSystemsRead'], displayName: 'Bob' });
    carol = await t.createUser({ actions: ['GptSystemsRead'], displayName: 'Carol' });
    restricted = await createAgent(t.ctx.db, { name: 'Restricted agent' });
    open = await createAgent(t.ctx.db, { name: 'Open agent' });
    const [role] = await t.ctx.db.select().from(userRoleAssignments).where(eq(userRoleAssignments.userId, alice.id));
    aliceRoleId = role!.roleId;
    await t.ctx.db
      .update(users)
      .set({ directoryGroups: [{ id: 'grp-staff', displayName: 'Staff', description: 'All staff' }] })
      .where(eq(users.id, carol.id));
    await t.ctx.db
      .update(users)
      .set({
        directoryGroups: [
          { id: 'grp-alpha', displayName: 'Alpha team', description: null },
          { id: 'grp-staff', displayName: 'Staff', description: 'All staff' },
        ],
      })
      .where(eq(users.id, bob.id));
    userChanged(t.ctx);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    // each test starts without policies (and so with every agent open)
    await t.ctx.db.delete(chatAccessPolicies);
    const { policiesChanged } = await import('./chat-access-policies.index.js');
    policiesChanged(t.ctx);
  });

  const policy = (over: Record<string, unknown> = {}) => ({
    name: 'Staff only',
    description: 'For staff',
    gptSystemIds: [restricted.id],
    userIds: [],
    userRoleIds: [],
    directoryGroupIds: [],
    ...over,
  });

  it('creates, reads, lists, updates and deletes a policy, auditing each change', async () => {
    const created = await call<ChatAccessPolicy>(
      'POST',
      '/admin/chatAccessPolicies',
      admin.token,
      policy({ userIds: [alice.id], directoryGroupIds: ['grp-staff', 'grp-unseen'] }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Staff only', allGptSystems: false, gptSystemIds: [restricted.id], userIds: [alice.id] });
    expect(created.body.gptSystems).toEqual([{ gptSystemId: restricted.id, name: 'Restricted agent' }]);
    expect(created.body.users[0]).toMatchObject({ userId: alice.id, displayName: 'Alice' });
    expect(created.body.directoryGroups).toEqual([
      { id: 'grp-staff', displayName: 'Staff', description: 'All staff' },
      { id: 'grp-unseen', displayName: 'grp-unseen', description: null },
    ]);
    const id = created.body.chatAccessPolicyId;

    // paths match case-insensitively (docs/wire-protocol.md)
    expect((await call<ChatAccessPolicy>('GET', `/admin/chataccesspolicies/${id}`, reader.token)).body.name).toBe('Staff only');
    expect((await call<ChatAccessPolicyList>('GET', '/admin/chatAccessPolicies', reader.token)).body.items.map((p) => p.chatAccessPolicyId)).toEqual([id]);

    const overview = await call<{ items: Array<{ key: string; count: number }> }>('GET', '/admin/overview', admin.token);
    expect(overview.body.items.find((i) => i.key === 'chatAccessPolicies')?.count).toBe(1);
    const named = await call<{ name: string }>('GET', `/admin/audit/aggregateRootName?type=ChatAccessPolicy&aggregateRootId=${id}`, admin.token);
    expect(named.body.name).toBe('Staff only');

    const updated = await call<ChatAccessPolicy>(
      'PUT',
      `/admin/chatAccessPolicies/${id}`,
      admin.token,
      policy({ name: 'Renamed', allGptSystems: true, userRoleIds: [aliceRoleId] }),
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Renamed', allGptSystems: true, gptSystemIds: [], userIds: [], userRoleIds: [aliceRoleId] });

    expect((await call('DELETE', `/admin/chatAccessPolicies/${id}`, admin.token)).status).toBe(204);
    expect((await call('GET', `/admin/chatAccessPolicies/${id}`, admin.token)).status).toBe(404);
    expect((await call('DELETE', `/admin/chatAccessPolicies/${id}`, admin.token)).status).toBe(404);

    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.aggregateType, 'ChatAccessPolicy'), eq(auditLog.aggregateId, id)));
    expect(audit.map((a) => a.domainOperation).sort()).toEqual(['Created', 'Deleted', 'Updated']);
    const update = audit.find((a) => a.domainOperation === 'Updated')!;
    expect(update.userId).toBe(admin.id);
    expect(update.details).toMatchObject({ before: { name: 'Staff only' }, after: { name: 'Renamed', allGptSystems: true } });
  });

  it('refuses bad input, unknown ids, and callers without the actions', async () => {
    const empty = await call<{ code: string; details: Array<{ field: string }> }>(
      'POST',
      '/admin/chatAccessPolicies',
      admin.token,
      policy({ name: ' ', gptSystemIds: [] }),
    );
    expect(empty.status).toBe(400);
    expect(empty.body.details.map((d) => d.field)).toEqual(expect.arrayContaining(['name', 'gptSystemIds', 'userIds']));

    const unknown = await call<{ details: Array<{ field: string }> }>(
      'POST',
      '/admin/chatAccessPolicies',
      admin.token,
      policy({ gptSystemIds: [randomUUID()], userIds: [randomUUID()], userRoleIds: [randomUUID()] }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.details.map((d) => d.field)).toEqual(['gptSystemIds.0', 'userIds.0', 'userRoleIds.0']);
    expect(await t.ctx.db.select().from(chatAccessPolicies)).toHaveLength(0);

    expect((await call('POST', '/admin/chatAccessPolicies', reader.token, policy({ userIds: [alice.id] }))).status).toBe(403);
    expect((await call('GET', '/admin/chatAccessPolicies', alice.token)).status).toBe(403);
    expect((await call('GET', '/admin/directory/groups', alice.token)).status).toBe(403);
    expect((await call('PUT', `/admin/chatAccessPolicies/${randomUUID()}`, admin.token, policy({ userIds: [alice.id] }))).status).toBe(404);
    expect((await call('GET', '/admin/chatAccessPolicies/not-a-uuid', admin.token)).status).toBe(400);
  });

  it('restricts a named agent to its grantees: lists hide it and every chat endpoint answers 403 with nothing written', async () => {
    // before any policy: today's behaviour, everyone with GptSystemsRead may use it
    expect(await available(bob.token)).toContain(restricted.id);
    const first = await ask(bob.token, restricted.id);
    expect(first.status).toBe(200);
    const [bobsConversation] = await conversationsOf(bob.id);
    expect((await call('POST', '/CurrentUser/pinnedGptSystem', bob.token, { gptSystemId: restricted.id })).status).toBe(204);

    expect((await call('POST', '/admin/chatAccessPolicies', admin.token, policy({ userIds: [alice.id] }))).status).toBe(201);

    expect(await available(alice.token)).toEqual(expect.arrayContaining([restricted.id, open.id]));
    expect(await available(bob.token)).not.toContain(restricted.id);
    expect(await available(bob.token)).toContain(open.id);
    expect((await call<GptSystemList>('GET', '/CurrentUser/pinnedGptSystems', bob.token)).body.items).toEqual([]);
    expect((await call<GptSystemList>('GET', '/CurrentUser/recentGptSystems', bob.token)).body.items.map((a) => a.gptSystemId)).not.toContain(restricted.id);

    for (const path of ['detailsForConversation', 'promptsForConversation']) {
      expect((await call('GET', `/userConversations/gptSystems/${restricted.id}/${path}`, bob.token)).status).toBe(403);
      expect((await call('GET', `/userConversations/gptSystems/${restricted.id}/${path}`, alice.token)).status).toBe(200);
    }
    expect((await call('POST', '/CurrentUser/pinnedGptSystem', bob.token, { gptSystemId: restricted.id })).status).toBe(403);

    const before = await t.ctx.db.select().from(conversations);
    expect((await ask(bob.token, restricted.id)).status).toBe(403);
    const [segment] = await t.ctx.db.select().from(conversationSegments).where(eq(conversationSegments.conversationId, bobsConversation!.id));
    const body = { question: 'More', visionImageIds: [], attachmentIds: [] };
    expect((await call('POST', `/userConversations/${bobsConversation!.id}/segments`, bob.token, body)).status).toBe(403);
    expect(
      (
        await call('POST', `/userConversations/${bobsConversation!.id}/segments/${segment!.id}/regenerate`, bob.token, {
          visionImageIds: [],
          attachmentIds: [],
        })
      ).status,
    ).toBe(403);
    expect(await t.ctx.db.select().from(conversations)).toHaveLength(before.length);

    expect((await ask(alice.token, restricted.id)).status).toBe(200);
    expect((await ask(bob.token, open.id)).status).toBe(200);
  });

  it('grants through roles and directory groups, and an "all agents" policy restricts every System agent', async () => {
    await call('POST', '/admin/chatAccessPolicies', admin.token, policy({ userRoleIds: [aliceRoleId] }));
    await call('POST', '/admin/chatAccessPolicies', admin.token, policy({ name: 'Staff group', directoryGroupIds: ['grp-staff'] }));
    expect(await available(alice.token)).toContain(restricted.id);
    expect(await available(carol.token)).toContain(restricted.id);
    expect((await ask(carol.token, restricted.id)).status).toBe(200);
    expect(await available(admin.token)).not.toContain(restricted.id);

    const all = await call<ChatAccessPolicy>(
      'POST',
      '/admin/chatAccessPolicies',
      admin.token,
      policy({ name: 'Alpha everything', allGptSystems: true, gptSystemIds: [], directoryGroupIds: ['grp-alpha'] }),
    );
    expect(all.status).toBe(201);
    expect(await available(bob.token)).toEqual(expect.arrayContaining([restricted.id, open.id]));
    expect(await available(alice.token)).toEqual([restricted.id]);
    expect((await ask(alice.token, open.id)).status).toBe(403);
    expect((await ask(bob.token, open.id)).status).toBe(200);
  });

  it('lists the directory groups known from identity tokens, sorted by displayName, with search', async () => {
    const list = await call<DirectoryGroupList>('GET', '/admin/directory/groups', reader.token);
    expect(list.body.items).toEqual([
      { id: 'grp-alpha', displayName: 'Alpha team', description: null },
      { id: 'grp-staff', displayName: 'Staff', description: 'All staff' },
    ]);
    expect((await call<DirectoryGroupList>('GET', '/admin/directory/groups?search=sta', reader.token)).body.items.map((g) => g.id)).toEqual(['grp-staff']);
    const options = await call<{ gptSystems: Array<{ name: string }>; users: Array<{ displayName: string }> }>(
      'GET',
      '/admin/chatAccessPolicies/options?search=ali',
      reader.token,
    );
    expect(options.body.gptSystems.map((a) => a.name)).toEqual(expect.arrayContaining(['Open agent', 'Restricted agent']));
    expect(options.body.users.map((u) => u.displayName)).toEqual(['Alice']);
  });
});

describe('the access index', () => {
  const principal = (over: Partial<Principal> = {}): Principal => ({
    userId: 'u1',
    email: 'u1@example.test',
    displayName: 'U1',
    identityProvider: 'Local',
    actions: new Set(['GptSystemsRead']),
    roleIds: ['r1'],
    directoryGroups: [{ id: 'g1', displayName: 'G1', description: null }],
    scopes: { gptSystemIds: new Set(), dataSourceIds: new Set() },
    ...over,
  });
  const row = (over: Partial<PolicyRow>): PolicyRow => ({
    id: randomUUID(),
    name: 'p',
    description: '',
    allGptSystems: false,
    gptSystemIds: [],
    userIds: [],
    userRoleIds: [],
    directoryGroupIds: [],
    createdAt: new Date(),
    updatedAt: new Date(),
    ...over,
  });
  const system = (id: string) => ({ id, gptSystemType: 'System' });

  it('leaves unnamed agents open, restricts named ones to grantees, and never applies to personal agents', () => {
    const index = compileIndex([row({ gptSystemIds: ['a'], userIds: ['u2'] }), row({ gptSystemIds: ['b'], directoryGroupIds: ['g1'] })]);
    expect(permits(index, principal(), system('open'))).toBe(true);
    expect(permits(index, principal(), system('a'))).toBe(false);
    expect(permits(index, principal({ userId: 'u2' }), system('a'))).toBe(true);
    expect(permits(index, principal(), system('b'))).toBe(true);
    expect(permits(index, principal({ directoryGroups: [] }), system('b'))).toBe(false);
    expect(permits(index, principal(), { id: 'a', gptSystemType: 'User' })).toBe(true);
    const all = compileIndex([row({ allGptSystems: true, userRoleIds: ['r2'] })]);
    expect(permits(all, principal(), system('open'))).toBe(false);
    expect(permits(all, principal({ roleIds: ['r2'] }), system('open'))).toBe(true);
  });
});
