// Request text the database cannot store (NUL, lone surrogates) is refused with 400 and the field, on
// every route, before anything is written or any model is asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ErrorBodySchema, MaxNestingDepth, unstorableTextDetails } from '@atrium/contract';
import { createTestApp, type TestApp } from '../test/harness.js';
import { auditLog, conversations, gptSystemConfigStates, gptSystems, signInFailures } from '../db/schema/index.js';

const json = { 'content-type': 'application/json' };
const nested = (depth: number, leaf: unknown): unknown => (depth === 0 ? leaf : { a: nested(depth - 1, leaf) });

describe('text the database cannot store', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let agentId: string;
  const count = async (table: typeof conversations | typeof signInFailures | typeof gptSystems | typeof gptSystemConfigStates | typeof auditLog) =>
    (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
  const refused = (res: { statusCode: number; json: () => unknown }, field: string) => {
    expect(res.statusCode).toBe(400);
    const body = ErrorBodySchema.parse(res.json());
    expect(body.code).toBe('validation_error');
    expect(body.details.map((d) => d.field)).toContain(field);
  };

  beforeAll(async () => {
    t = await createTestApp();
    auth = { ...json, authorization: `Bearer ${(await t.createUser({ actions: ['GptSystemsRead'] })).token}` };
    agentId = (await t.ctx.db.select({ id: gptSystems.id }).from(gptSystems))[0]!.id;
  });
  afterAll(() => t.close());

  it('finds NUL and lone surrogates in strings, keys and nested values, and passes good text', () => {
    expect(unstorableTextDetails({ a: 'fine', b: ['ok', 'bad\u0000'], c: { 'k\u0000': 1 }, d: '\ud800x', e: '😀 \ud83d\ude00' }, 'body')).toEqual([
      { field: 'body.b.1', message: 'Text must not contain NUL characters.' },
      { field: 'body.c.(key)', message: 'Text must not contain NUL characters.' },
      { field: 'body.d', message: 'Text must be valid Unicode (it contains a lone surrogate).' },
    ]);
    expect(unstorableTextDetails('\udc00', '')).toHaveLength(1);
  });

  it('refuses values nested deeper than the contract goes, and looks for bad text down to there', () => {
    expect(unstorableTextDetails(nested(MaxNestingDepth - 1, 'fine'), 'body')).toEqual([]);
    const tooDeep = unstorableTextDetails({ config: nested(MaxNestingDepth, 'fine') }, 'body');
    expect(tooDeep).toHaveLength(1);
    expect(tooDeep[0]!.message).toBe(`Values may be nested at most ${MaxNestingDepth} levels deep.`);
    expect(unstorableTextDetails(nested(MaxNestingDepth - 1, 'a\u0000b'), 'body')).toHaveLength(1);
  });

  it('refuses a deeply nested free-form value before it reaches the database (was 500 with a half-made agent, or a stalled database)', async () => {
    const admin = await t.createUser({ actions: ['GptSystemsCreate'] });
    const headers = { ...json, authorization: `Bearer ${admin.token}` };
    const before = await Promise.all([count(gptSystems), count(gptSystemConfigStates), count(auditLog)]);
    // a NUL beyond the depth the check used to stop at (64), and nesting deep enough to stall the embedded database
    for (const value of [nested(70, 'a\u0000b'), nested(3000, 1)]) {
      const payload = JSON.stringify({ name: 'Deep', config: { prompts: [value] } });
      const res = await t.app.inject({ method: 'POST', url: '/api/internal/admin/gptSystems', payload, headers });
      expect(res.statusCode).toBe(400);
      expect(ErrorBodySchema.parse(res.json()).details[0]!.field).toMatch(/^config\.prompts\.0(\.a)+$/);
    }
    expect(await Promise.all([count(gptSystems), count(gptSystemConfigStates), count(auditLog)])).toEqual(before);
  });

  it('refuses them in a path parameter without a token (was 500)', async () => {
    refused(await t.app.inject({ method: 'GET', url: '/api/internal/Brands/a%00b' }), 'params.brandKey');
  });

  it('refuses them in the query string', async () => {
    refused(await t.app.inject({ method: 'GET', url: '/api/internal/userConversations?pageSize=50&title=a%00', headers: auth }), 'query.title');
  });

  it('refuses a sign-in with NUL in the user name before the throttle counts it (was 500)', async () => {
    const before = await count(signInFailures);
    const payload = JSON.stringify({ userName: 'admin\u0000@example.test', password: 'x' });
    refused(await t.app.inject({ method: 'POST', url: '/api/internal/authorization/Local/GenerateToken', payload, headers: json }), 'userName');
    expect(await count(signInFailures)).toBe(before);
  });

  it('refuses a chat question with NUL or a lone surrogate before the model is asked, and stores nothing', async () => {
    const before = await count(conversations);
    for (const question of ['hello\u0000world', 'half an emoji \ud83d']) {
      const payload = JSON.stringify({ question, visionImageIds: [], attachmentIds: [], session: { sessionIdentifier: crypto.randomUUID() } });
      refused(await t.app.inject({ method: 'POST', url: `/api/internal/userConversations/byGptSystemId/${agentId}`, payload, headers: auth }), 'question');
    }
    expect(await count(conversations)).toBe(before);
  });
});
