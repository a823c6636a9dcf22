import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { UserPromptListSchema, UserPromptSchema, type UserPrompt } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { userPrompts } from '../../db/schema/index.js';

const url = '/api/internal/UserPrompts';
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

describe('UserPrompts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const create = (token: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: auth(token), payload: payload as object });
  const list = (token: string, query = '') => t.app.inject({ method: 'GET', url: `${url}${query}`, headers: auth(token) });
  const stored = (userId: string) => t.ctx.db.select().from(userPrompts).where(eq(userPrompts.userId, userId));

  it('creates a prompt with trimmed text and answers its shape', async () => {
    const user = await t.createUser();
    const res = await create(user.token, { title: '  Weekly report ', prompt: '\nSummarise my week.  ' });
    expect(res.statusCode).toBe(201);
    const prompt = UserPromptSchema.parse(res.json());
    expect(prompt).toMatchObject({ title: 'Weekly report', prompt: 'Summarise my week.' });
    expect(new Date(prompt.createdAt).toISOString()).toBe(prompt.createdAt);
    expect(prompt.lastModifiedAt).toBe(prompt.createdAt);
  });

  it("lists the caller's prompts newest first, page by page, and only theirs", async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    await create(other.token, { title: 'Not yours', prompt: 'x' });
    const made: UserPrompt[] = [];
    for (let i = 0; i < 5; i++) made.push(UserPromptSchema.parse((await create(user.token, { title: `P${i}`, prompt: `Prompt ${i}` })).json()));
    const seen: string[] = [];
    let token: string | null = null;
    let pages = 0;
    do {
      const res = await list(user.token, `?pageSize=2${token ? `&continuationToken=${encodeURIComponent(token)}` : ''}`);
      expect(res.statusCode).toBe(200);
      const body = UserPromptListSchema.parse(res.json());
      seen.push(...body.items.map((p) => p.title));
      token = body.continuationToken;
      pages++;
    } while (token && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(['P4', 'P3', 'P2', 'P1', 'P0']);
    expect(UserPromptListSchema.parse((await list(user.token)).json()).continuationToken).toBeNull();
    expect((await list(user.token, '?continuationToken=garbage')).statusCode).toBe(400);
    expect((await list(user.token, '?pageSize=0')).statusCode).toBe(400);
  });

  it("updates and deletes the caller's own prompt", async () => {
    const user = await t.createUser();
    const made = UserPromptSchema.parse((await create(user.token, { title: 'Old', prompt: 'Old text' })).json());
    const put = await t.app.inject({
      method: 'PUT',
      url: `${url}/${made.promptId}`,
      headers: auth(user.token),
      payload: { title: 'New', prompt: ' New text ' },
    });
    expect(put.statusCode).toBe(200);
    const updated = UserPromptSchema.parse(put.json());
    expect(updated).toMatchObject({ promptId: made.promptId, title: 'New', prompt: 'New text', createdAt: made.createdAt });
    expect(new Date(updated.lastModifiedAt).getTime()).toBeGreaterThanOrEqual(new Date(made.createdAt).getTime());
    const del = await t.app.inject({ method: 'DELETE', url: `${url}/${made.promptId}`, headers: auth(user.token) });
    expect(del.statusCode).toBe(204);
    expect(await stored(user.id)).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `${url}/${made.promptId}`, headers: auth(user.token) })).statusCode).toBe(404);
  });

  it("answers 404 for someone else's prompt and changes nothing", async () => {
    const owner = await t.createUser();
    const intruder = await t.createUser({ actions: ['GptSystemsRead', 'GptSystemsWrite', 'UserRead'] });
    const made = UserPromptSchema.parse((await create(owner.token, { title: 'Mine', prompt: 'Private' })).json());
    const put = await t.app.inject({
      method: 'PUT',
      url: `${url}/${made.promptId}`,
      headers: auth(intruder.token),
      payload: { title: 'Hacked', prompt: 'Hacked' },
    });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toMatchObject({ code: 'not_found' });
    expect((await t.app.inject({ method: 'DELETE', url: `${url}/${made.promptId}`, headers: auth(intruder.token) })).statusCode).toBe(404);
    expect(UserPromptListSchema.parse((await list(intruder.token)).json()).items).toEqual([]);
    expect((await stored(owner.id)).map((p) => [p.title, p.prompt])).toEqual([['Mine', 'Private']]);
  });

  it('refuses bad bodies with 400 and writes nothing', async () => {
    const user = await t.createUser();
    const bad: unknown[] = [
      {},
      { title: '', prompt: 'x' },
      { title: '   ', prompt: 'x' },
      { title: 'x', prompt: '  ' },
      { title: 'x'.repeat(201), prompt: 'x' },
      { title: 'x', prompt: 'x'.repeat(20001) },
      { title: 5, prompt: 'x' },
    ];
    for (const payload of bad) {
      const res = await create(user.token, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_error' });
    }
    expect((await create(user.token, { title: 'x'.repeat(200), prompt: 'x'.repeat(20000) })).statusCode).toBe(201);
    const made = (await stored(user.id))[0]!;
    const put = await t.app.inject({ method: 'PUT', url: `${url}/${made.id}`, headers: auth(user.token), payload: { title: '', prompt: 'changed' } });
    expect(put.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: `${url}/not-a-uuid`, headers: auth(user.token), payload: { title: 'a', prompt: 'b' } })).statusCode).toBe(
      400,
    );
    expect((await stored(user.id)).map((p) => p.prompt.length)).toEqual([20000]);
  });

  it('requires a signed-in caller', async () => {
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url, payload: { title: 'a', prompt: 'b' } })).statusCode).toBe(401);
  });
});
