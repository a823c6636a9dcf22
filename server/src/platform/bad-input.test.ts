// What clients get for input the server cannot take (docs/architecture.md "Validation", issue 2 item 9), and the
// request conventions of docs/wire-protocol.md "General" that apply to every route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ErrorBodySchema } from '@atrium/contract';
import { createTestApp, type TestApp } from '../test/harness.js';
import { gptSystems, refreshSessions, signInFailures, users } from '../db/schema/index.js';

const BodyLimit = 2048;
const signIn = '/api/internal/authorization/Local/GenerateToken';
const pin = '/api/internal/CurrentUser/pinnedGptSystem';
const json = { 'content-type': 'application/json' };

describe('bad input', () => {
  let t: TestApp;
  let token: string;
  let agentId: string;
  const post = (url: string, payload: string, headers: Record<string, string> = json) => t.app.inject({ method: 'POST', url, payload, headers });
  const asUser = { ...json, authorization: '' };
  const writes = async () => {
    const count = async (table: typeof users | typeof signInFailures | typeof refreshSessions) =>
      (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
    return { users: await count(users), failures: await count(signInFailures), sessions: await count(refreshSessions) };
  };
  const pinned = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/internal/CurrentUser/pinnedGptSystems', headers: { authorization: asUser.authorization } })).json()
      .items as unknown[];

  beforeAll(async () => {
    t = await createTestApp({ BODY_LIMIT_BYTES: String(BodyLimit) });
    token = (await t.createUser({ actions: ['GptSystemsRead'] })).token;
    asUser.authorization = `Bearer ${token}`;
    agentId = (await t.ctx.db.select({ id: gptSystems.id }).from(gptSystems))[0]!.id;
  });
  afterAll(() => t.close());

  it('answers malformed JSON with 400 malformed_json and writes nothing', async () => {
    const before = await writes();
    for (const payload of ['{"userName":', '{userName: "a"}', "{'a':1}", 'nul', '{"a":1}}']) {
      const res = await post(signIn, payload);
      expect(res.statusCode, payload).toBe(400);
      expect(ErrorBodySchema.parse(res.json())).toEqual({ code: 'malformed_json', message: 'The request body is not valid JSON.', details: [] });
    }
    expect(await writes()).toEqual(before);
  });

  it('names each field of the wrong type', async () => {
    const before = await writes();
    const res = await post(signIn, JSON.stringify({ userName: 5, password: ['x'] }));
    expect(res.statusCode).toBe(400);
    const body = ErrorBodySchema.parse(res.json());
    expect(body.code).toBe('validation_error');
    expect(body.details.map((d) => d.field).sort()).toEqual(['password', 'userName']);
    for (const d of body.details) expect(d.message.length).toBeGreaterThan(0);
    expect((await post(signIn, '[1,2]')).json()).toMatchObject({ code: 'validation_error' });
    expect((await post(signIn, '"just a string"')).json()).toMatchObject({ code: 'validation_error' });
    expect(await writes()).toEqual(before);
  });

  it('names missing required fields and fields that break a rule', async () => {
    const missing = await post(pin, JSON.stringify({}), asUser);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'validation_error', details: [{ field: 'gptSystemId' }] });
    const notUuid = await post(pin, JSON.stringify({ gptSystemId: 'not-a-uuid' }), asUser);
    expect(notUuid.json()).toMatchObject({ code: 'validation_error', details: [{ field: 'gptSystemId' }] });
    expect(await pinned()).toEqual([]);
  });

  it('refuses a body over BODY_LIMIT_BYTES with 413 and writes nothing', async () => {
    const before = await writes();
    const res = await post(signIn, JSON.stringify({ userName: 'a@b.c', password: 'x'.repeat(BodyLimit) }));
    expect(res.statusCode).toBe(413);
    expect(ErrorBodySchema.parse(res.json())).toMatchObject({ code: 'payload_too_large', details: [] });
    const pinRes = await post(pin, JSON.stringify({ gptSystemId: agentId, padding: 'x'.repeat(BodyLimit) }), asUser);
    expect(pinRes.statusCode).toBe(413);
    expect(await pinned()).toEqual([]);
    expect(await writes()).toEqual(before);
  });

  it('ignores unknown fields instead of refusing them', async () => {
    const res = await post(pin, JSON.stringify({ gptSystemId: agentId, pinnedAt: '2025-01-01', extra: { nested: true } }), asUser);
    expect(res.statusCode).toBe(204);
    expect(await pinned()).toHaveLength(1);
    // the control for "writes nothing": a well-formed but wrong sign-in is counted
    const before = await writes();
    const wrong = await post(signIn, JSON.stringify({ userName: 'nobody@example.test', password: 'wrong password', rememberMe: true }));
    expect(wrong.statusCode).toBe(401);
    expect((await writes()).failures).toBeGreaterThan(before.failures);
  });

  it('takes an empty body sent as JSON as no body', async () => {
    for (const payload of ['', '  \n']) {
      const res = await post(signIn, payload);
      expect(res.json().code, JSON.stringify(payload)).not.toBe('malformed_json');
      // no credentials and no refresh cookie: a sign-in refusal, not an input error
      expect(res.statusCode).toBe(401);
      const required = await post(pin, payload, asUser);
      expect(required.statusCode).toBe(400);
      expect(required.json().code).toBe('validation_error');
    }
  });

  it('answers a content type it does not take with 415', async () => {
    const res = await post(signIn, '<userName>a</userName>', { 'content-type': 'application/xml' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'unsupported_media_type', details: [] });
  });
});

describe('request conventions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('echoes x-request-id, on errors too, and makes one when absent or unusable', async () => {
    const given = '0b8f6f0e-4c1d-4b7e-9a54-0d2c3f1e5a77';
    expect((await t.app.inject({ url: '/api/internal/health', headers: { 'x-request-id': given } })).headers['x-request-id']).toBe(given);
    expect((await t.app.inject({ url: '/api/internal/nope', headers: { 'x-request-id': given } })).headers['x-request-id']).toBe(given);
    const bad = await t.app.inject({ method: 'POST', url: signIn, payload: '{', headers: { ...json, 'x-request-id': given } });
    expect(bad.headers['x-request-id']).toBe(given);
    const made = (await t.app.inject({ url: '/api/internal/health' })).headers['x-request-id'];
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    const unusable = (await t.app.inject({ url: '/api/internal/health', headers: { 'x-request-id': 'has spaces <and> tags' } })).headers['x-request-id'];
    expect(unusable).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('matches paths case-insensitively', async () => {
    for (const url of ['/api/internal/instancesettings', '/API/INTERNAL/InstanceSettings', '/api/internal/FEATURES/list', '/api/internal/InstanceSettings/']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/api/internal/health' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    expect((await t.app.inject({ method: 'HEAD', url: '/api/internal/nope' })).statusCode).toBe(404);
  });

  it('answers unknown routes and methods with a 404 error body', async () => {
    for (const [method, url] of [
      ['GET', '/api/internal/nope?secret=1'],
      ['DELETE', '/api/internal/InstanceSettings'],
      ['POST', '/api/internal/health'],
      ['GET', '/api/nothing-here'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      const body = ErrorBodySchema.parse(res.json());
      expect(body.code).toBe('not_found');
      expect(body.message).not.toContain('secret');
    }
  });

  it('answers addresses the router refuses in the error shape, without repeating them', async () => {
    const long = 'x'.repeat(600);
    for (const [url, status] of [
      ['/api/internal/Brands/%E0%A4%A', 400], // a percent escape that does not decode
      [`/api/internal/Brands/${long}`, 414], // over the longest parameter the router takes
      [`/api/internal/userConversations/${long}<script>`, 414],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      const body = ErrorBodySchema.parse(res.json());
      expect(body.message).not.toContain('xxxx');
      expect(body.message).not.toContain('%E0');
      expect(body.message).not.toContain('<script>');
    }
  });
});
