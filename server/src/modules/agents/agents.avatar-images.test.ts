// Avatars of agents and of personal-agent drafts, by their pixels: over the limit refused with 413 and
// nothing stored, larger than an avatar is shown re-encoded at 512 px in its own format.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { blackPng, multipart } from '../../test/upload-fixtures.js';
import { gptSystems } from '../../db/schema/index.js';
import { createAgent } from './agents.test-factory.js';

const api = '/api/internal';

describe('avatar images', () => {
  let t: TestApp;
  let admin: { token: string };
  let owner: { token: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({ actions: ['GptSystemsRead', 'GptSystemsWrite'] });
    owner = await t.createUser({ actions: ['GptSystemsRead'] });
  });
  afterAll(() => t.close());

  const post = (token: string, url: string, data: Buffer) => {
    const body = multipart(data, 'face.png', 'image/png');
    return t.app.inject({ method: 'POST', url: `${api}${url}`, headers: { authorization: `Bearer ${token}`, ...body.headers }, payload: body.payload });
  };
  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url: `${api}${url}`, headers: { authorization: `Bearer ${token}` } });
  const overLimit = {
    code: 'payload_too_large',
    message: 'The avatar is 20000 × 20000 pixels, more than the limit of 50 megapixels.',
    details: [{ field: 'file', message: 'At most 50 megapixels' }],
  };

  it("refuses an agent's 20000 × 20000 PNG avatar and serves a large one at 512 px", async () => {
    const agent = await createAgent(t.ctx.db);
    const bomb = await post(admin.token, `/admin/gptSystems/${agent.id}/avatar`, blackPng(20000, 20000));
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json()).toEqual(overLimit);
    const [row] = await t.ctx.db.select().from(gptSystems).where(eq(gptSystems.id, agent.id));
    expect(row!.avatarBlobKey).toBeNull();

    expect((await post(admin.token, `/admin/gptSystems/${agent.id}/avatar`, blackPng(3000, 1500))).statusCode).toBe(200);
    const served = await get(admin.token, `/gptSystems/common/management/${agent.id}/avatar`);
    expect(served.headers['content-type']).toBe('image/png');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 512, height: 256 });
  });

  it("does the same for a personal agent's draft", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `${api}/configStates/byGptSystemType/User`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const { configStateId } = created.json<{ configStateId: string }>();
    const bomb = await post(owner.token, `/configStates/${configStateId}/avatar`, blackPng(20000, 20000));
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json()).toEqual(overLimit);
    expect((await get(owner.token, `/configStates/${configStateId}/avatar`)).headers['content-type']).toMatch(/^image\/svg\+xml/);

    expect((await post(owner.token, `/configStates/${configStateId}/avatar`, blackPng(1024, 2048))).statusCode).toBe(200);
    const served = await get(owner.token, `/configStates/${configStateId}/avatar`);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 256, height: 512 });
  });
});
