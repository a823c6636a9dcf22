// The bot check of public endpoints (docs/public-chat.md "Bot check") against a fake siteverify on 127.0.0.1: a pass,
// a refusal, a missing token, the provider down or silent, and a pass remembered for the session.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { BotCheckErrorCodes, PublicChatMessages, type PublicEndpointConfigurationInput, type PublicEndpointDetails } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { baseUrl, jsonCaller, postStream } from '../../test/chat-stream.js';
import { conversations } from '../../db/schema/index.js';
import { loadConfig } from '../../config.js';
import { createVisitorLimits } from './public-chat.limits.js';

const Secret = 'bot-check-secret-never-sent-elsewhere';
const SiteKey = '1x00000000000000000000AA';
const GoodToken = 'token-the-provider-accepts';

type Mode = 'answer' | 'error' | 'silent';

/** A siteverify that accepts GoodToken; records each form it is sent. */
async function startFakeVerifier() {
  const forms: URLSearchParams[] = [];
  let mode: Mode = 'answer';
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      forms.push(form);
      if (mode === 'silent') return; // never answers: the server's timeout must end the wait
      if (mode === 'error') return void res.writeHead(500).end('down');
      const success =
        req.headers['content-type'] === 'application/x-www-form-urlencoded' && form.get('secret') === Secret && form.get('response') === GoodToken;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success, 'error-codes': success ? [] : ['invalid-input-response'] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`,
    forms,
    setMode: (m: Mode) => (mode = m),
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

describe('public chat bot check', () => {
  let t: TestApp;
  let base: string;
  let admin: { token: string };
  let verifier: Awaited<ReturnType<typeof startFakeVerifier>>;
  const suffix = randomUUID().slice(0, 8);

  beforeAll(async () => {
    verifier = await startFakeVerifier();
    t = await createTestApp({
      BOT_CHECK_PROVIDER: 'turnstile',
      BOT_CHECK_SITE_KEY: SiteKey,
      BOT_CHECK_SECRET_KEY: Secret,
      BOT_CHECK_VERIFY_URL: verifier.url,
      BOT_CHECK_SCRIPT_URL: 'http://127.0.0.1:9/turnstile.js',
      BOT_CHECK_TIMEOUT_MS: '300',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = baseUrl(t);
    admin = await t.createUser({ actions: ['GptSystemsRead', 'GptSystemsCreate', 'GptSystemsWrite'] });
  });
  beforeEach(() => {
    verifier.setMode('answer');
    verifier.forms.length = 0;
  });
  afterAll(async () => {
    await t.close();
    await verifier.close();
  });

  const call = jsonCaller(
    () => base,
    () => admin.token,
  );

  async function publish(name: string, over: Partial<PublicEndpointConfigurationInput> = {}) {
    const endpointName = `${name}-${suffix}`;
    const created = await call<{ gptSystemId: string; configStateId: string }>('POST', '/admin/gptSystems', {
      gptSystemName: `Agent ${name}`,
      description: 'Answers visitors',
      config: { systemPrompt: 'You help.', publicEndpointConfiguration: { endpointName, isEnabled: true, requireBotCheck: true, ...over } },
    });
    expect(created.status).toBe(201);
    const pub = await call('PUT', `/admin/gptSystems/${created.body.gptSystemId}/publishing`, { configStateId: created.body.configStateId });
    expect(pub.status).toBe(200);
    return endpointName;
  }

  const ask = (endpoint: string, session: string, token?: string) =>
    postStream(
      base,
      `/public-conversations/${endpoint}`,
      { question: 'Hello?', session: { sessionIdentifier: session }, ...(token === undefined ? {} : { botCheckToken: token }) },
      { token: '' },
    );
  const details = async (endpoint: string, session: string) => {
    const res = await fetch(`${base}/api/internal/public-conversations/${endpoint}/details`, { headers: { SessionIdentifier: session } });
    return { status: res.status, text: await res.clone().text(), body: (await res.json()) as PublicEndpointDetails };
  };
  const conversationsOf = async (session: string) =>
    (await t.ctx.db.select({ n: count() }).from(conversations).where(eq(conversations.sessionIdentifier, session)))[0]!.n;

  it('reads the configuration: the providers’ addresses by default, every key needed', () => {
    const env = { DATA_DIR: '/tmp/x', BOT_CHECK_PROVIDER: 'hcaptcha', BOT_CHECK_SITE_KEY: 'site', BOT_CHECK_SECRET_KEY: 'secret' };
    expect(loadConfig(env).botCheck).toMatchObject({
      provider: 'hcaptcha',
      verifyUrl: 'https://api.hcaptcha.com/siteverify',
      scriptUrl: 'https://js.hcaptcha.com/1/api.js?render=explicit',
      timeoutMs: 5000,
    });
    expect(loadConfig({ ...env, BOT_CHECK_PROVIDER: 'turnstile' }).botCheck?.verifyUrl).toBe('https://challenges.cloudflare.com/turnstile/v0/siteverify');
    expect(loadConfig({ DATA_DIR: '/tmp/x' }).botCheck).toBeNull();
    expect(() => loadConfig({ ...env, BOT_CHECK_SECRET_KEY: '' })).toThrow(/BOT_CHECK_SECRET_KEY/);
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', BOT_CHECK_SITE_KEY: 'site' })).toThrow(/BOT_CHECK_PROVIDER/);
    expect(() => loadConfig({ ...env, BOT_CHECK_PROVIDER: 'recaptcha' })).toThrow(/BOT_CHECK_PROVIDER/);
  });

  it('tells the page which widget to draw, never the secret, and drops it once the session passed', async () => {
    const endpoint = await publish('details');
    const session = randomUUID();
    const before = await details(endpoint, session);
    expect(before.status).toBe(200);
    expect(before.body.botCheck).toEqual({ provider: 'turnstile', siteKey: SiteKey, scriptUrl: 'http://127.0.0.1:9/turnstile.js' });
    expect(before.text).not.toContain(Secret);
    expect((await ask(endpoint, session, GoodToken)).status).toBe(200);
    expect((await details(endpoint, session)).body.botCheck).toBeNull();
    // the page may load the widget from the provider; other pages may not
    const csp = (await fetch(`${base}/public-chat/${endpoint}`)).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' http:\/\/127\.0\.0\.1:9(;|$)/);
    expect(csp).toMatch(/frame-src 'self' http:\/\/127\.0\.0\.1:9(;|$)/);
    expect((await fetch(`${base}/admin`)).headers.get('content-security-policy')).toMatch(/script-src 'self'(;|$)/);
    // an endpoint that does not ask one names none
    const free = await publish('free', { requireBotCheck: false });
    expect((await details(free, session)).body.botCheck).toBeNull();
  });

  it('passes a first question whose token the provider accepts: secret, token and address sent form-encoded', async () => {
    const endpoint = await publish('pass');
    const session = randomUUID();
    const res = await ask(endpoint, session, GoodToken);
    expect(res.status).toBe(200);
    expect(res.events.at(-1)!.event).toBe('no-more-data');
    expect(verifier.forms).toHaveLength(1);
    expect(Object.fromEntries(verifier.forms[0]!)).toEqual({ secret: Secret, response: GoodToken, remoteip: '127.0.0.1' });
  });

  it('refuses a missing token (403 bot_check_required) and a token the provider refuses (403 bot_check_failed), writing nothing', async () => {
    const endpoint = await publish('refuse');
    const session = randomUUID();
    const missing = await ask(endpoint, session);
    expect(missing.status).toBe(403);
    expect(missing.json).toMatchObject({
      code: BotCheckErrorCodes.required,
      message: PublicChatMessages.botCheckRequired,
      details: [{ field: 'botCheckToken' }],
    });
    expect(verifier.forms).toHaveLength(0);
    const wrong = await ask(endpoint, session, 'a-forged-token');
    expect(wrong.status).toBe(403);
    expect(wrong.json).toMatchObject({ code: BotCheckErrorCodes.failed, message: PublicChatMessages.botCheckFailed });
    expect(JSON.stringify(wrong.json)).not.toContain(Secret);
    expect(await conversationsOf(session)).toBe(0);
    // the refused questions were not counted: a visitor allowed one question a day still has it
    const one = await publish('one', { questionsPerVisitorPerDay: 1 });
    expect((await ask(one, session)).status).toBe(403);
    expect((await ask(one, session, GoodToken)).status).toBe(200);
  });

  it('refuses with 503 bot_check_unavailable, soon, when the provider is down or does not answer', async () => {
    const endpoint = await publish('down');
    const session = randomUUID();
    verifier.setMode('error');
    const failing = await ask(endpoint, session, GoodToken);
    expect(failing.status).toBe(503);
    expect(failing.json).toMatchObject({ code: BotCheckErrorCodes.unavailable, message: PublicChatMessages.botCheckUnavailable });
    expect(failing.headers.get('retry-after')).toBe('10');
    verifier.setMode('silent');
    const started = Date.now();
    const silent = await ask(endpoint, session, GoodToken);
    expect(silent.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await conversationsOf(session)).toBe(0);
  });

  it('remembers a pass for the endpoint and session: later first questions need no token, other sessions and endpoints do', async () => {
    const endpoint = await publish('cached');
    const other = await publish('cached-other');
    const session = randomUUID();
    expect((await ask(endpoint, session, GoodToken)).status).toBe(200);
    expect((await ask(endpoint, session)).status).toBe(200);
    expect(verifier.forms).toHaveLength(1);
    expect((await ask(endpoint, randomUUID())).status).toBe(403);
    expect((await ask(other, session)).status).toBe(403);
  });
});

describe('public chat bot check, not configured', () => {
  it('lets an endpoint that asks one answer without a token and names no widget', async () => {
    const t = await createTestApp();
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const base = baseUrl(t);
      const admin = await t.createUser({ actions: ['GptSystemsRead', 'GptSystemsCreate', 'GptSystemsWrite'] });
      const call = jsonCaller(
        () => base,
        () => admin.token,
      );
      const endpointName = `unconfigured-${randomUUID().slice(0, 8)}`;
      const created = await call<{ gptSystemId: string; configStateId: string }>('POST', '/admin/gptSystems', {
        gptSystemName: 'Agent',
        description: 'd',
        config: { systemPrompt: 'You help.', publicEndpointConfiguration: { endpointName, isEnabled: true, requireBotCheck: true } },
      });
      expect((await call('PUT', `/admin/gptSystems/${created.body.gptSystemId}/publishing`, { configStateId: created.body.configStateId })).status).toBe(200);
      const res = await fetch(`${base}/api/internal/public-conversations/${endpointName}/details`);
      expect(((await res.json()) as PublicEndpointDetails).botCheck).toBeNull();
      const asked = await postStream(
        base,
        `/public-conversations/${endpointName}`,
        { question: 'Hi', session: { sessionIdentifier: randomUUID() } },
        { token: '' },
      );
      expect(asked.status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('bot check passes in the limits store', () => {
  it.each([
    ['this process', null],
    ['Redis, shared by two processes', 'redis://127.0.0.1:6379'],
  ])('are kept in %s for their time and no longer', async (_, redisUrl) => {
    const prefix = `atrium-test-${randomUUID()}`;
    const [a, b] = [createVisitorLimits({ redisUrl, keyPrefix: prefix }), createVisitorLimits({ redisUrl, keyPrefix: prefix })];
    try {
      const key = `endpoint:${randomUUID()}`;
      const [inA, inB] = [a.passes(1), (redisUrl ? b : a).passes(1)];
      expect(await inA.has(key)).toBe(false);
      await inA.remember(key);
      expect(await inB.has(key)).toBe(true);
      expect(await inB.has(`${key}-other`)).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await inB.has(key)).toBe(false);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
