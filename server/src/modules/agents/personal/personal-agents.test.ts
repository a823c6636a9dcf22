// Personal agents over real HTTP: the docs/wire-protocol.md quick-create calls, drafts with errors and warnings,
// createGptSystem, publishing V2, previews answered with the draft, sharing, directory lists, the
// instance setting, and refusals (someone else's draft 404, setting off 403, bad input 400).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, and } from 'drizzle-orm';
import type { ConfigState, ConversationList, GptSystemList, ManagedAgent, ManagedAgentList } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { answerOf, baseUrl, dataOf, jsonCaller, postStream, questionBody, scriptedGateway } from '../../../test/chat-stream.js';
import { auditLog, instanceSettings } from '../../../db/schema/index.js';

const png = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

describe('personal agents', () => {
  let t: TestApp;
  let base: string;
  let owner: { id: string; token: string; email: string };
  let other: { id: string; token: string; email: string; password: string };
  // echoes the system prompt, so that tests see what reached the model
  const gateway = scriptedGateway(async function* (request) {
    yield { type: 'text', text: `SYSTEM[${request.system.split('\n\n')[0]}]` };
  });

  beforeAll(async () => {
    t = await createTestApp();
    t.ctx.models = gateway;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = baseUrl(t);
    owner = await t.createUser({ actions: ['GptSystemsRead'], displayName: 'Olive Owner' });
    other = await t.createUser({ actions: ['GptSystemsRead'], displayName: 'Otto Other' });
  });
  afterAll(() => t.close());

  const call = jsonCaller(
    () => base,
    () => owner.token,
  );
  const newTurn = questionBody;
  const setPersonalAgents = (on: boolean) =>
    t.ctx.db.update(instanceSettings).set({ value: on }).where(eq(instanceSettings.name, 'allowUserCreatedGptSystems'));

  /** docs/wire-protocol.md's quick create: empty POST, PUT name/description/config, createGptSystem. */
  async function quickCreate(name: string, systemPrompt: string) {
    const created = await call<{ configStateId: string }>('POST', '/configStates/byGptSystemType/User', { forceCreate: true });
    expect(created.status).toBe(201);
    const { configStateId } = created.body;
    const put = await call<ConfigState>('PUT', `/configStates/${configStateId}`, { gptSystemName: name, description: 'Helps with tests', systemPrompt });
    expect(put.status).toBe(200);
    const made = await call<{ gptSystemId: string }>('POST', `/configStates/${configStateId}/createGptSystem`);
    expect(made.status).toBe(200);
    return { configStateId, gptSystemId: made.body.gptSystemId };
  }

  it('quick-creates (createGptSystem publishes), keeps V2 publishing idempotent and chats, with {{userName}} and {{gptSystemName}} rendered per request', async () => {
    const { configStateId, gptSystemId } = await quickCreate('Tutor', 'You are {{gptSystemName}} helping {{userName}}.');
    // createGptSystem publishes a personal agent: available at once
    expect((await call<GptSystemList>('GET', '/CurrentUser/AvailableGptSystems')).body.items.map((a) => a.gptSystemId)).toContain(gptSystemId);
    // publishing what is already live appends no version: still version 1
    const pub = await call<{ version: { version: number; publishedBy: { displayName: string } } }>(
      'PUT',
      `/gptSystems/personal/management/${gptSystemId}/publishing/V2`,
      {},
    );
    expect(pub.status).toBe(200);
    expect(pub.body.version).toMatchObject({ version: 1, publishedBy: { displayName: 'Olive Owner' } });
    expect((await call('PUT', `/gptSystems/personal/management/${gptSystemId}/publishing/V2`, {})).status).toBe(200);
    const history = await call<{ items: { version: number; configStateId: string }[] }>('GET', `/gptSystems/personal/management/${gptSystemId}/publishing`);
    expect(history.body.items.map((v) => [v.version, v.configStateId])).toEqual([[1, configStateId]]);
    const r = await postStream(base, `/userConversations/byGptSystemId/${gptSystemId}`, newTurn('Hello'), { token: owner.token });
    expect(answerOf(r.events)).toBe('SYSTEM[You are Tutor helping Olive Owner.]');

    const mine = await call<ManagedAgentList>('GET', '/gptSystems/directory/Mine');
    expect(mine.body.items.find((a) => a.gptSystemId === gptSystemId)).toMatchObject({ isPublished: true, publishedVersion: 1, configStateId });
    expect((await call<ManagedAgentList>('GET', '/gptSystems/personal/management')).body.items.map((a) => a.gptSystemId)).toContain(gptSystemId);
  });

  it('answers previews with the draft, keeps them out of the conversation list, and continues them with a top-level parentId', async () => {
    const { configStateId, gptSystemId } = await quickCreate('Drafty', 'Published prompt.');
    await call('PUT', `/gptSystems/personal/management/${gptSystemId}/publishing/V2`, {});
    await call('PUT', `/configStates/${configStateId}`, { systemPrompt: 'Draft prompt.' });

    const preview = await postStream(base, `/configStates/${configStateId}/conversations`, newTurn('Try the draft'), { token: owner.token });
    expect(preview.status).toBe(200);
    expect(answerOf(preview.events)).toBe('SYSTEM[Draft prompt.]');
    const ids = dataOf<{ ConversationId: string; ConversationSegmentId: string }>(preview.events, 'conversation-and-segment-id');
    const next = await postStream(
      base,
      `/configStates/${configStateId}/conversations/${ids.ConversationId}/segments`,
      { question: 'And again', parentId: ids.ConversationSegmentId },
      { token: owner.token },
    );
    expect(answerOf(next.events)).toBe('SYSTEM[Draft prompt.]');
    expect(gateway.requests.at(-1)!.messages.map((m) => m.content)).toEqual(['Try the draft', 'SYSTEM[Draft prompt.]', 'And again']);
    const got = await call<{ conversationSegmentTree: { segmentPath: string[] } }>('GET', `/configStates/${configStateId}/conversations/${ids.ConversationId}`);
    expect(got.body.conversationSegmentTree.segmentPath).toHaveLength(2);

    const P = `/configStates/${configStateId}/conversations/${ids.ConversationId}`;
    const exported = await fetch(`${base}/api/internal${P}/export`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(exported.status).toBe(200);
    expect(await exported.text()).toContain('Try the draft');
    expect(
      (await call<{ conversationSegmentId: string }>('GET', `${P}/segments/${ids.ConversationSegmentId}/executionDetails`)).body.conversationSegmentId,
    ).toBe(ids.ConversationSegmentId);
    expect((await call('GET', `${P}/citations`)).status).toBe(200);
    expect((await call('GET', `${P}/traceLogs`)).status).toBe(200);
    expect((await call('PUT', `${P}/updateSelectedLeafSegmentId`, { selectedLeafSegmentId: ids.ConversationSegmentId })).status).toBe(204);
    expect((await call('GET', P, undefined, other.token)).status).toBe(404);
    expect((await call('GET', `${P}/export`, undefined, other.token)).status).toBe(404);

    // the live agent still answers with what was published
    const live = await postStream(base, `/userConversations/byGptSystemId/${gptSystemId}`, newTurn('Live?'), { token: owner.token });
    expect(answerOf(live.events)).toBe('SYSTEM[Published prompt.]');
    const list = await call<ConversationList>('GET', '/userConversations?pageSize=100');
    expect(list.body.items.map((c) => c.conversationId)).not.toContain(ids.ConversationId);
    // a preview cannot be continued as a normal conversation, nor by someone else
    expect(
      (
        await postStream(
          base,
          `/userConversations/${ids.ConversationId}/segments`,
          { question: 'sneak', visionImageIds: [], attachmentIds: [] },
          { token: owner.token },
        )
      ).status,
    ).toBe(404);
    expect((await postStream(base, `/configStates/${configStateId}/conversations`, newTurn('mine?'), { token: other.token })).status).toBe(404);
  });

  it('returns errors and warnings on update, refuses createGptSystem with the error list, and 400s bad shapes', async () => {
    const { configStateId } = (await call<{ configStateId: string }>('POST', '/configStates/byGptSystemType/User', {})).body;
    const put = await call<ConfigState>('PUT', `/configStates/${configStateId}`, {
      gptSystemName: 'x'.repeat(151),
      description: 'd'.repeat(501),
      config: { systemPrompt: '', temperature: 0.5, topP: 0.5 },
      deploymentName: 'no-such-model',
    });
    expect(put.status).toBe(200);
    expect(put.body.errors).toEqual([
      { property: 'gptSystemName', message: 'Name exceeds the maximum limit of 150 characters' },
      { property: 'description', message: 'Description exceeds the maximum limit of 500 characters' },
      { property: 'deploymentName', message: expect.stringContaining('no-such-model') },
    ]);
    expect(put.body.warnings.map((w) => w.property)).toEqual(['systemPrompt', 'topP']);
    const refused = await call<{ code: string; details: { field: string; message: string }[] }>('POST', `/configStates/${configStateId}/createGptSystem`);
    expect(refused.status).toBe(400);
    expect(refused.body.details[0]).toEqual({ field: 'gptSystemName', message: 'Name exceeds the maximum limit of 150 characters' });
    expect((await call('PUT', `/configStates/${configStateId}`, { gptSystemName: '', description: 'short', deploymentName: null })).status).toBe(200);
    expect((await call<ConfigState>('GET', `/configStates/${configStateId}`)).body.errors).toEqual([
      { property: 'gptSystemName', message: 'Name is required' },
    ]);
    expect((await call('PUT', `/configStates/${configStateId}`, { temperature: 7 })).status).toBe(400);
    expect((await call('PUT', `/configStates/${configStateId}`, { capabilityTypes: ['Teleport'] })).status).toBe(400);
    expect((await call('POST', '/configStates/byGptSystemType/Robot')).status).toBe(400);
    expect((await call('GET', '/configStates/not-a-uuid')).status).toBe(400);
  });

  it("keeps drafts and agents to their owner: someone else's are 404, System drafts need GptSystemsCreate", async () => {
    const { configStateId, gptSystemId } = await quickCreate('Private', 'Secret prompt.');
    for (const [method, path] of [
      ['GET', `/configStates/${configStateId}`],
      ['PUT', `/configStates/${configStateId}`],
      ['DELETE', `/configStates/${configStateId}`],
      ['POST', `/configStates/${configStateId}/createGptSystem`],
      ['PUT', `/configStates/${configStateId}/updateGptSystem`],
      ['GET', `/configStates/${configStateId}/avatar`],
      ['GET', `/gptSystems/personal/management/${gptSystemId}`],
      ['PUT', `/gptSystems/personal/management/${gptSystemId}/publishing/V2`],
      ['PUT', `/gptSystems/personal/management/${gptSystemId}/sharing`],
      ['POST', `/configStates/byGptSystemId/${gptSystemId}`],
      ['DELETE', `/gptSystems/common/management/${gptSystemId}`],
    ] as const) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      expect((await call(method, path, body, other.token)).status, `${method} ${path}`).toBe(404);
    }
    expect((await call('POST', '/configStates/byGptSystemType/System', undefined, other.token)).status).toBe(403);
    expect((await call<GptSystemList>('GET', '/CurrentUser/AvailableGptSystems', undefined, other.token)).body.items.map((a) => a.gptSystemId)).not.toContain(
      gptSystemId,
    );
  });

  it('shares with chosen people, who then find and use the agent; unsharing takes it away', async () => {
    const { gptSystemId } = await quickCreate('Shared helper', 'Shared prompt.');
    await call('PUT', `/gptSystems/personal/management/${gptSystemId}/publishing/V2`, {});
    const sharing = `/gptSystems/personal/management/${gptSystemId}/sharing`;
    expect((await call('POST', '/CurrentUser/gptSystemSharedWithMe', { gptSystemId }, other.token)).status).toBe(404);
    // an email is a pending invitation, whether or not it has an account: the answer tells nothing
    const shared = await call<ManagedAgent>('PUT', sharing, { emails: [other.email.toUpperCase(), 'nobody@nowhere.test', owner.email] });
    expect(shared.status).toBe(200);
    expect(shared.body.sharedWith).toEqual([]);
    expect(shared.body.pendingInvitations.map((i) => i.email).sort()).toEqual([other.email.toLowerCase(), 'nobody@nowhere.test'].sort());
    expect((await call<ManagedAgent>('GET', `/gptSystems/personal/management/${gptSystemId}`)).body.pendingInvitations).toHaveLength(2);
    // until they next sign in, the invited person does not have it
    expect((await call('POST', '/CurrentUser/gptSystemSharedWithMe', { gptSystemId }, other.token)).status).toBe(404);

    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/internal/authorization/Local/GenerateToken',
      payload: { userName: other.email, password: other.password },
    });
    expect(signedIn.statusCode).toBe(200);
    const otherToken = signedIn.json<{ n1AIToken: string }>().n1AIToken;
    const after = (await call<ManagedAgent>('GET', `/gptSystems/personal/management/${gptSystemId}`)).body;
    expect(after.sharedWith.map((s) => s.userId)).toEqual([other.id]);
    expect(after.pendingInvitations.map((i) => i.email)).toEqual(['nobody@nowhere.test']);
    expect((await call('POST', '/CurrentUser/gptSystemSharedWithMe', { gptSystemId }, otherToken)).status).toBe(204);
    const sharedWithMe = await call<GptSystemList>('GET', '/gptSystems/directory/SharedWithMe', undefined, otherToken);
    expect(sharedWithMe.body.items.map((a) => a.gptSystemId)).toEqual([gptSystemId]);
    const r = await postStream(base, `/userConversations/byGptSystemId/${gptSystemId}`, newTurn('hi'), { token: otherToken });
    expect(answerOf(r.events)).toBe('SYSTEM[Shared prompt.]');
    // sharing is the owner's: the other person still cannot manage it
    expect((await call('PUT', `/gptSystems/personal/management/${gptSystemId}/publishing/V2`, {}, otherToken)).status).toBe(404);

    // the owner withdraws the pending invitation and keeps the person, then unshares
    const withdrawn = await call<ManagedAgent>('PUT', sharing, { emails: [other.email] });
    expect(withdrawn.body.pendingInvitations).toEqual([]);
    expect(withdrawn.body.sharedWith.map((s) => s.userId)).toEqual([other.id]);
    expect((await call('PUT', sharing, { userIds: [randomUUID()] })).status).toBe(400);
    await call('PUT', sharing, { emails: [] });
    expect((await postStream(base, `/userConversations/byGptSystemId/${gptSystemId}`, newTurn('still?'), { token: otherToken })).status).toBe(404);
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.aggregateId, gptSystemId), eq(auditLog.domainOperation, 'SharingUpdated')));
    expect(audit.map((a) => (a.details as { after: unknown }).after)).toContainEqual({
      userIds: [],
      invitations: expect.arrayContaining(['nobody@nowhere.test']),
    });
  });

  it('answers a share with an email that has an account exactly as one with an email that has none', async () => {
    const [known, unknown] = [await quickCreate('Known', 'K.'), await quickCreate('Unknown', 'U.')];
    const shape = (a: ManagedAgent) => ({ sharedWith: a.sharedWith, pending: a.pendingInvitations.map((i) => Object.keys(i).sort()) });
    const one = await call<ManagedAgent>('PUT', `/gptSystems/personal/management/${known.gptSystemId}/sharing`, { emails: [other.email] });
    const two = await call<ManagedAgent>('PUT', `/gptSystems/personal/management/${unknown.gptSystemId}/sharing`, { emails: ['no-account@nowhere.test'] });
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(shape(one.body)).toEqual(shape(two.body));
    expect(Object.keys(one.body).sort()).toEqual(Object.keys(two.body).sort());
  });

  it('stores the quick-create avatar on the draft and carries it to the agent on createGptSystem', async () => {
    const { configStateId } = (await call<{ configStateId: string }>('POST', '/configStates/byGptSystemType/User')).body;
    await call('PUT', `/configStates/${configStateId}`, { gptSystemName: 'With avatar' });
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'a.png');
    const up = await fetch(`${base}/api/internal/configStates/${configStateId}/avatar`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
      body: form,
    });
    expect(up.status).toBe(200);
    const bad = new FormData();
    bad.append('file', new Blob([Buffer.from('not an image')], { type: 'image/png' }), 'a.png');
    expect(
      (
        await fetch(`${base}/api/internal/configStates/${configStateId}/avatar`, {
          method: 'POST',
          headers: { authorization: `Bearer ${owner.token}` },
          body: bad,
        })
      ).status,
    ).toBe(400);
    const avatar = await fetch(`${base}/api/internal/configStates/${configStateId}/avatar`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(avatar.headers.get('content-type')).toBe('image/png');
    const { gptSystemId } = (await call<{ gptSystemId: string }>('POST', `/configStates/${configStateId}/createGptSystem`)).body;
    const agentAvatar = await fetch(`${base}/api/internal/gptSystems/common/management/${gptSystemId}/avatar`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(agentAvatar.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await agentAvatar.arrayBuffer()).equals(png)).toBe(true);
  });

  it('hands back an untouched draft unless forceCreate is set', async () => {
    const first = await call<{ configStateId: string }>('POST', '/configStates/byGptSystemType/User');
    const again = await call<{ configStateId: string }>('POST', '/configStates/byGptSystemType/User', {});
    expect([first.status, again.status]).toEqual([expect.any(Number), 200]);
    expect(again.body.configStateId).toBe(first.body.configStateId);
    const forced = await call<{ configStateId: string }>('POST', '/configStates/byGptSystemType/User', { forceCreate: true });
    expect(forced.status).toBe(201);
    expect(forced.body.configStateId).not.toBe(first.body.configStateId);
    // once edited, a draft is no longer handed out as a fresh one
    expect((await call('PUT', `/configStates/${first.body.configStateId}`, { gptSystemName: 'Started' })).status).toBe(200);
    expect((await call('DELETE', `/configStates/${forced.body.configStateId}`)).status).toBe(204);
    const fresh = await call<{ configStateId: string }>('POST', '/configStates/byGptSystemType/User');
    expect(fresh.status).toBe(201);
    expect(fresh.body.configStateId).not.toBe(first.body.configStateId);
    for (const id of [first.body.configStateId, fresh.body.configStateId]) expect((await call('DELETE', `/configStates/${id}`)).status).toBe(204);
  });

  it('lists drafts by type and unlinked personal drafts, reuses a draft byGptSystemId, and deletes', async () => {
    const lone = (await call<{ configStateId: string }>('POST', '/configStates/byGptSystemType/User', { forceCreate: true })).body.configStateId;
    const { configStateId, gptSystemId } = await quickCreate('Listed', 'p');
    const byType = await call<{ items: ConfigState[] }>('GET', '/configStates/byGptSystemType/User');
    expect(byType.body.items.map((c) => c.configStateId)).toEqual(expect.arrayContaining([lone, configStateId]));
    const unlinked = await call<{ items: ConfigState[] }>('GET', '/gptSystems/directory/PersonalConfigStates');
    expect(unlinked.body.items.map((c) => c.configStateId)).toContain(lone);
    expect(unlinked.body.items.map((c) => c.configStateId)).not.toContain(configStateId);
    expect((await call<{ configStateId: string }>('POST', `/configStates/byGptSystemId/${gptSystemId}`)).body.configStateId).toBe(configStateId);
    expect((await call('DELETE', `/configStates/${lone}`)).status).toBe(204);
    expect((await call('GET', `/configStates/${lone}`)).status).toBe(404);
    expect((await call('DELETE', `/gptSystems/common/management/${gptSystemId}`)).status).toBe(204);
    expect((await call('GET', `/gptSystems/personal/management/${gptSystemId}`)).status).toBe(404);
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.aggregateId, gptSystemId)));
    expect(audits.map((a) => a.domainOperation)).toEqual(expect.arrayContaining(['Created', 'Deleted']));
  });

  it('answers 403 personal_agents_disabled to every personal call while AllowUserCreatedGptSystems is off', async () => {
    const { configStateId, gptSystemId } = await quickCreate('Before', 'p');
    expect((await call('PUT', `/gptSystems/personal/management/${gptSystemId}/publishing/V2`, {})).status).toBe(200);
    await setPersonalAgents(false);
    try {
      for (const [method, path] of [
        ['POST', '/configStates/byGptSystemType/User'],
        ['GET', `/configStates/${configStateId}`],
        ['PUT', `/configStates/${configStateId}`],
        ['GET', '/gptSystems/directory/Mine'],
        ['GET', '/gptSystems/personal/management'],
        ['PUT', `/gptSystems/personal/management/${gptSystemId}/publishing/V2`],
      ] as const) {
        const res = await call<{ code: string }>(method, path, method === 'GET' ? undefined : {});
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.code).toBe('personal_agents_disabled');
      }
      expect((await postStream(base, `/configStates/${configStateId}/conversations`, newTurn('x'), { token: owner.token })).status).toBe(403);
      // personal agents leave chat too: no new conversation, and gone from the agent lists
      const chat = await postStream(base, `/userConversations/byGptSystemId/${gptSystemId}`, newTurn('x'), { token: owner.token });
      expect(chat.status).toBe(403);
      const available = await call<{ items: Array<{ gptSystemId: string }> }>('GET', '/CurrentUser/AvailableGptSystems');
      expect(available.body.items.map((a) => a.gptSystemId)).not.toContain(gptSystemId);
    } finally {
      await setPersonalAgents(true);
    }
    const back = await call<{ items: Array<{ gptSystemId: string }> }>('GET', '/CurrentUser/AvailableGptSystems');
    expect(back.body.items.map((a) => a.gptSystemId)).toContain(gptSystemId);
  });
});
