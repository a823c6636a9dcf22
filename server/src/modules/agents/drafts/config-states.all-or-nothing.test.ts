// Making an agent is all or nothing: when any part of it fails (the first draft, the copy of the draft's
// avatar), no agent, draft, link or audit row is left behind. Each of these wrote half before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ErrorBodySchema } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { auditLog, gptSystemConfigStates, gptSystems } from '../../../db/schema/index.js';
import { loadPrincipal } from '../../users/users.principal.js';
import { createAdminAgent } from '../admin-agents.service.js';

const png = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

describe('making an agent is all or nothing', () => {
  let t: TestApp;
  let admin: { id: string; token: string };
  let owner: { id: string; token: string };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({ actions: ['GptSystemsRead', 'GptSystemsCreate', 'GptSystemsWrite'] });
    owner = await t.createUser({ actions: ['GptSystemsRead'] });
  });
  afterAll(() => t.close());

  const counts = async () => {
    const n = async (table: typeof gptSystems | typeof gptSystemConfigStates | typeof auditLog) =>
      (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
    return { agents: await n(gptSystems), drafts: await n(gptSystemConfigStates), audit: await n(auditLog) };
  };
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url: `/api/internal${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
  };
  const uploadDraftAvatar = async (configStateId: string) => {
    const boundary = '----avatar';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/internal/configStates/${configStateId}/avatar`,
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode).toBe(200);
  };
  /** The blob store refuses the next write, as a full disk or an unreachable object store would. */
  const failNextBlobWrite = () => {
    const put = t.ctx.blobs.put.bind(t.ctx.blobs);
    t.ctx.blobs.put = async () => {
      t.ctx.blobs.put = put;
      throw new Error('disk full');
    };
  };

  it('POST /admin/gptSystems: a first draft the database refuses leaves no agent and no "Created" audit row', async () => {
    const principal = (await loadPrincipal(t.ctx, admin.id))!;
    const before = await counts();
    // text PostgreSQL cannot store in the draft's configuration (requests with it are refused at the door;
    // the service must not depend on that)
    await expect(createAdminAgent(t.ctx, principal, { name: 'Half made', config: { systemPrompt: 'a\u0000b' } })).rejects.toThrow();
    expect(await counts()).toEqual(before);
    const made = await createAdminAgent(t.ctx, principal, { name: 'Whole', config: { systemPrompt: 'fine' } });
    const [draft] = await t.ctx.db.select().from(gptSystemConfigStates).where(eq(gptSystemConfigStates.id, made.configStateId));
    expect(draft!.gptSystemId).toBe(made.gptSystemId);
  });

  it('createGptSystem: a draft avatar that cannot be copied leaves no agent, and the draft stays unlinked', async () => {
    const { body } = await call('POST', '/configStates/byGptSystemType/User', owner.token, {});
    const configStateId = body.configStateId as string;
    expect((await call('PUT', `/configStates/${configStateId}`, owner.token, { gptSystemName: 'With avatar' })).status).toBe(200);
    await uploadDraftAvatar(configStateId);
    const before = await counts();
    failNextBlobWrite();
    const failed = await call('POST', `/configStates/${configStateId}/createGptSystem`, owner.token);
    expect(failed.status).toBe(500);
    ErrorBodySchema.parse(failed.body);
    expect(await counts()).toEqual(before);
    expect((await call('GET', `/configStates/${configStateId}`, owner.token)).body.gptSystemId).toBeNull();

    const made = await call('POST', `/configStates/${configStateId}/createGptSystem`, owner.token);
    expect(made.status).toBe(200);
    const [agent] = await t.ctx.db
      .select()
      .from(gptSystems)
      .where(eq(gptSystems.id, made.body.gptSystemId as string));
    expect(agent!.avatarContentType).toBe('image/png');
    expect((await t.ctx.blobs.get(agent!.avatarBlobKey!))!.equals(png)).toBe(true);
  });

  it('updateGptSystem: a draft avatar that cannot be copied leaves the agent as it was, without an audit row', async () => {
    const { body } = await call('POST', '/configStates/byGptSystemType/User', owner.token, {});
    const configStateId = body.configStateId as string;
    await call('PUT', `/configStates/${configStateId}`, owner.token, { gptSystemName: 'Before' });
    const { gptSystemId } = (await call('POST', `/configStates/${configStateId}/createGptSystem`, owner.token)).body as { gptSystemId: string };
    await call('PUT', `/configStates/${configStateId}`, owner.token, { gptSystemName: 'After' });
    await uploadDraftAvatar(configStateId);
    const before = await counts();
    failNextBlobWrite();
    expect((await call('PUT', `/configStates/${configStateId}/updateGptSystem`, owner.token)).status).toBe(500);
    expect(await counts()).toEqual(before);
    const [agent] = await t.ctx.db.select().from(gptSystems).where(eq(gptSystems.id, gptSystemId));
    expect({ name: agent!.name, avatar: agent!.avatarBlobKey }).toEqual({ name: 'Before', avatar: null });

    expect((await call('PUT', `/configStates/${configStateId}/updateGptSystem`, owner.token)).status).toBe(200);
    const [updated] = await t.ctx.db.select().from(gptSystems).where(eq(gptSystems.id, gptSystemId));
    expect({ name: updated!.name, avatar: updated!.avatarContentType }).toEqual({ name: 'After', avatar: 'image/png' });
  });
});
