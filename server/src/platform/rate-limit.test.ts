// The general rate limits (platform/rate-limit.ts, docs/scaling.md "Rate limits"): a person's requests and chat turns
// a minute and an address's, 429 in the platform's error shape with Retry-After and the RateLimit headers, routes that
// are not counted, 0 for off, two processes counting together in Redis (and the speech limit with them), and requests
// let through with one warning when Redis cannot be reached. Needs the local Redis (REDIS_URL or 127.0.0.1:6379).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { ApiBase, ConversationRoutes, ErrorCodes, InstanceRoutes, SpeechRoutes, pathTo } from '@atrium/contract';
import { createTestApp, type TestApp } from '../test/harness.js';
import { ConfigError, loadConfig } from '../config.js';
import { createSpeechLimiter } from '../modules/speech/speech.service.js';
import { openRateLimitStore, perPersonLimit, registerRateLimits } from './rate-limit.js';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const api = (path: string) => `${ApiBase}${path}`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const limitHeaders = (h: Record<string, unknown>) => ({ limit: h['ratelimit-limit'], remaining: h['ratelimit-remaining'], reset: h['ratelimit-reset'] });

describe('general rate limits, in memory', () => {
  let t: TestApp;
  let person: { id: string; token: string };
  let other: { id: string; token: string };

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '5', RATE_LIMIT_TURNS_PER_MINUTE: '2', RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '4' });
    [person, other] = await Promise.all([t.createUser(), t.createUser()]);
  });
  afterAll(() => t?.close());

  const options = (token: string) => t.app.inject({ method: 'GET', url: api(SpeechRoutes.options), headers: bearer(token) });

  it('lets a person make N requests a minute and refuses the next with 429, Retry-After and the RateLimit headers', async () => {
    for (let i = 1; i <= 4; i++) {
      const r = await options(person.token);
      expect(r.statusCode).toBe(200);
      expect(limitHeaders(r.headers)).toMatchObject({ limit: '5', remaining: String(5 - i) });
    }
    // the N-th still passes, with nothing left
    const nth = await options(person.token);
    expect(nth.statusCode).toBe(200);
    expect(limitHeaders(nth.headers)).toMatchObject({ limit: '5', remaining: '0' });
    const reset = Number(nth.headers['ratelimit-reset']);
    expect(reset).toBeGreaterThanOrEqual(1);
    expect(reset).toBeLessThanOrEqual(60);

    const refused = await options(person.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: ErrorCodes.tooManyAttempts,
      message: expect.stringMatching(/^Too many requests in a minute\. Try again in \d+ s\.$/),
      details: [],
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limitHeaders(refused.headers)).toEqual({ limit: '5', remaining: '0', reset: String(retryAfter) });

    // another person has a minute of their own, and a HEAD request (Fastify's twin of the GET route) counts once
    expect((await options(other.token)).headers['ratelimit-remaining']).toBe('4');
    const head = await t.app.inject({ method: 'HEAD', url: api(SpeechRoutes.options), headers: bearer(other.token) });
    expect(head.headers['ratelimit-remaining']).toBe('3');
  });

  it('counts requests without a signed-in person per network address', async () => {
    const settings = (remoteAddress: string) => t.app.inject({ method: 'GET', url: api(InstanceRoutes.instanceSettings), remoteAddress });
    for (let i = 1; i <= 4; i++) expect((await settings('198.51.100.7')).statusCode).toBe(200);
    const refused = await settings('198.51.100.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: ErrorCodes.tooManyAttempts });
    expect((await settings('198.51.100.8')).statusCode).toBe(200);
    // an IPv6 address counts with its /64
    for (let i = 1; i <= 4; i++) expect((await settings(`2001:db8:1:2::${i}`)).statusCode).toBe(200);
    expect((await settings('2001:db8:1:2::99')).statusCode).toBe(429);
  });

  it('allows a person fewer chat turns than requests, and counts each turn as a request too', async () => {
    const someone = await t.createUser();
    const turn = () =>
      t.app.inject({
        method: 'POST',
        url: api(pathTo(ConversationRoutes.segments, { conversationId: randomUUID() })),
        headers: bearer(someone.token),
        payload: { question: 'Hello?' },
      });
    // counted before the turn is looked at: an unknown conversation is a 404 after its count
    const first = await turn();
    expect(first.statusCode).toBe(404);
    expect(limitHeaders(first.headers)).toMatchObject({ limit: '2', remaining: '1' });
    expect((await turn()).statusCode).toBe(404);
    const refused = await turn();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: ErrorCodes.tooManyAttempts, message: expect.stringMatching(/^Too many questions in a minute\./), details: [] });
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.headers['ratelimit-limit']).toBe('2');
    // three turns were three requests of the five: two are left
    expect((await options(someone.token)).headers['ratelimit-remaining']).toBe('1');
  });

  it('does not count health, the public chat, /metrics, the API reference or the web files', async () => {
    const anonymous = '203.0.113.50';
    const calls = [
      api(InstanceRoutes.health),
      api(InstanceRoutes.ready),
      api('/public-conversations/no-such-endpoint/details'),
      api('/publicConversations/byGptPublicEndpoint/no-such-endpoint/details'),
      '/metrics',
      '/api/docs/json',
      '/',
      '/assets/app.js',
    ];
    for (const url of calls) {
      for (let i = 0; i < 6; i++) {
        const r = await t.app.inject({ method: 'GET', url, remoteAddress: anonymous });
        expect(r.statusCode, url).not.toBe(429);
        expect(r.headers['ratelimit-limit'], url).toBeUndefined();
      }
    }
    // and the address's minute is untouched by all of them
    const counted = await t.app.inject({ method: 'GET', url: api(InstanceRoutes.instanceSettings), remoteAddress: anonymous });
    expect(counted.headers['ratelimit-remaining']).toBe('3');
  });
});

describe('general rate limits, off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_TURNS_PER_MINUTE: '0', RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '0' });
  });
  afterAll(() => t?.close());

  it('counts nothing when every allowance is 0', async () => {
    const { token } = await t.createUser();
    for (let i = 0; i < 30; i++) {
      const r = await t.app.inject({ method: 'GET', url: api(SpeechRoutes.options), headers: bearer(token) });
      expect(r.statusCode).toBe(200);
      expect(r.headers['ratelimit-limit']).toBeUndefined();
      expect((await t.app.inject({ method: 'GET', url: api(InstanceRoutes.instanceSettings) })).statusCode).toBe(200);
    }
  });

  it('reads and checks the allowances from the environment', () => {
    const env = { DATA_DIR: '/tmp/atrium-config-test' };
    expect(loadConfig(env).rateLimits).toEqual({ perPersonPerMinute: 600, turnsPerMinute: 30, perAddressPerMinute: 3000 });
    expect(loadConfig({ ...env, RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_TURNS_PER_MINUTE: '5' }).rateLimits).toMatchObject({
      perPersonPerMinute: 0,
      turnsPerMinute: 5,
    });
    expect(() => loadConfig({ ...env, RATE_LIMIT_PER_MINUTE: '-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, RATE_LIMIT_TURNS_PER_MINUTE: 'many' })).toThrow(/RATE_LIMIT_TURNS_PER_MINUTE/);
    expect(() => loadConfig({ ...env, RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '1.5' })).toThrow(/whole number/);
  });
});

describe('rate limits in Redis, shared by two processes', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl, RATE_LIMIT_PER_MINUTE: '6', RATE_LIMIT_TURNS_PER_MINUTE: '3', RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '6' };
    // one database (two processes of one deployment; the harness signs with one key, so they share the namespace)
    a = await createTestApp(env);
    b = await createTestApp(env, undefined, { database: a.ctx.database });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('counts a person’s requests on both processes together', async () => {
    const { token } = await a.createUser();
    const on = (t: TestApp) => t.app.inject({ method: 'GET', url: api(SpeechRoutes.options), headers: bearer(token) });
    for (let i = 1; i <= 6; i++) {
      const r = await on(i % 2 ? a : b);
      expect(r.statusCode).toBe(200);
      expect(r.headers['ratelimit-remaining']).toBe(String(6 - i));
    }
    const refused = await on(a);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: ErrorCodes.tooManyAttempts, details: [] });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await on(b)).statusCode).toBe(429);
  });

  it('counts reading aloud in the same Redis, so the speech limit holds across processes', async () => {
    const [onA, onB] = [createSpeechLimiter(2, a.app.rateLimitStore), createSpeechLimiter(2, b.app.rateLimitStore)];
    const userId = randomUUID();
    await onA.take(userId);
    await onB.take(userId);
    await expect(onA.take(userId)).rejects.toMatchObject({
      status: 429,
      code: ErrorCodes.tooManyAttempts,
      headers: { 'retry-after': expect.stringMatching(/^\d+$/) },
    });
    await expect(onB.take(userId)).rejects.toMatchObject({ status: 429 });
    await onB.take(randomUUID());
  });
});

describe('rate limits when Redis cannot be reached', () => {
  it('lets requests through and warns once; per-person limits count in the process meanwhile', async () => {
    const warn = vi.fn();
    const logger = { warn, info: vi.fn() } as unknown as FastifyBaseLogger;
    // nothing listens on port 1
    const store = openRateLimitStore('redis://127.0.0.1:1', `test-${randomUUID()}`, logger);
    const app = Fastify();
    app.decorateRequest('principal', null);
    await registerRateLimits(app, { perPersonPerMinute: 2, turnsPerMinute: 1, perAddressPerMinute: 2 }, store);
    app.get(api('/anything'), async () => ({ ok: true }));
    await app.ready();
    try {
      for (let i = 0; i < 6; i++) {
        const r = await app.inject({ method: 'GET', url: api('/anything') });
        expect(r.statusCode).toBe(200);
        expect(r.headers['ratelimit-limit']).toBeUndefined();
      }
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]![1]).toMatch(/Redis cannot be reached/);

      const speech = perPersonLimit(store, 'speech', 2, (s) => `wait ${s} s`);
      await speech.take('u1');
      await speech.take('u1');
      await expect(speech.take('u1')).rejects.toMatchObject({ status: 429 });
    } finally {
      await app.close();
    }
  });
});
