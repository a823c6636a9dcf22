// Signed-identity embeds over real HTTP (docs/public-chat.md): the secret is write-only and sealed, HS256 and RS256
// tokens (RS256 against a JWKS served on 127.0.0.1) make a signed visitor who owns conversations across devices and
// is counted by subject; expired, foreign, tampered and long-lived tokens are refused with 401.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWTPayload } from 'jose';
import { PublicChatMessages, type ConfigState, type PublicEndpointConfigurationInput, type PublicEndpointDetails } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { baseUrl, dataOf, jsonCaller, postStream, scriptedGateway } from '../../test/chat-stream.js';
import { auditLog, conversations, gptSystemConfigStates } from '../../db/schema/index.js';
import type { ModelGateway } from '../../ai/model.types.js';

const suffix = randomUUID().slice(0, 8);
const Secret = `s3cret-${randomUUID()}-${randomUUID()}`;
const now = () => Math.floor(Date.now() / 1000);

describe('public chat: signed-identity embeds', () => {
  let t: TestApp;
  let base: string;
  let admin: { id: string; token: string };
  let offline: ModelGateway;
  let jwksServer: http.Server;
  let jwksUrl: string;
  let rsa: { privateKey: CryptoKey; publicKey: CryptoKey };

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = baseUrl(t);
    admin = await t.createUser({ actions: ['GptSystemsRead', 'GptSystemsCreate', 'GptSystemsWrite'] });
    offline = t.ctx.models;
    rsa = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(rsa.publicKey)), kid: 'site-key', alg: 'RS256', use: 'sig' };
    jwksServer = http.createServer((req, res) => {
      res.writeHead(req.url === '/jwks.json' ? 200 : 404, { 'content-type': 'application/json' });
      res.end(req.url === '/jwks.json' ? JSON.stringify({ keys: [jwk] }) : '{}');
    });
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
    jwksUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/jwks.json`;
  });
  afterEach(() => {
    t.ctx.models = offline;
  });
  afterAll(async () => {
    await new Promise((resolve) => jwksServer.close(resolve));
    await t.close();
  });

  const call = jsonCaller(
    () => base,
    () => admin.token,
  );

  async function visit<T = unknown>(method: string, url: string, o: { session?: string; token?: string } = {}) {
    const res = await fetch(`${base}/api/internal${url}`, {
      method,
      headers: { ...(o.session ? { SessionIdentifier: o.session } : {}), ...(o.token ? { 'X-Visitor-Token': o.token } : {}) },
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  const ask = (endpoint: string, question: string, o: { session?: string; token?: string } = {}) =>
    postStream(
      base,
      `/public-conversations/${endpoint}`,
      { question, session: { sessionIdentifier: o.session ?? randomUUID() } },
      { token: '', headers: o.token ? { 'X-Visitor-Token': o.token } : {} },
    );

  async function publishAgent(endpoint: PublicEndpointConfigurationInput) {
    const created = await call<{ gptSystemId: string; configStateId: string }>('POST', '/admin/gptSystems', {
      gptSystemName: `Agent ${randomUUID().slice(0, 6)}`,
      description: 'Answers visitors',
      config: { systemPrompt: 'You help {{userName}} ({{userEmail}}).', publicEndpointConfiguration: endpoint },
    });
    expect(created.status).toBe(201);
    const pub = await call('PUT', `/admin/gptSystems/${created.body.gptSystemId}/publishing`, { configStateId: created.body.configStateId });
    return { ...created.body, status: pub.status, body: pub.body };
  }

  const hs256 = (claims: JWTPayload, o: { secret?: string; expiresIn?: number | string } = {}) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime(o.expiresIn ?? '5m')
      .sign(new TextEncoder().encode(o.secret ?? Secret));

  it('keeps the HS256 secret write-only: sealed when saved, kept when a save leaves it out, in no response and no audit row', async () => {
    const name = `sealed-${suffix}`;
    const agent = await publishAgent({ endpointName: name, isEnabled: true, identity: { mode: 'HS256', secret: Secret } });
    expect(agent.status).toBe(200);
    const state = await call<ConfigState>('GET', `/admin/gptSystems/configurationStates/${agent.configStateId}`);
    expect(state.status, JSON.stringify(state.body)).toBe(200);
    expect(state.body.publicEndpointConfiguration?.identity).toMatchObject({ mode: 'HS256', hasSecret: true });
    expect(JSON.stringify(state.body)).not.toContain(Secret);
    expect(JSON.stringify(state.body)).not.toContain('secretSealed');

    // stored sealed with the instance's key, never as sent
    const [row] = await t.ctx.db.select().from(gptSystemConfigStates).where(eq(gptSystemConfigStates.id, agent.configStateId));
    const stored = row!.config.publicEndpointConfiguration as unknown as { identity: { secretSealed: string; secret?: string } };
    expect(stored.identity.secret).toBeUndefined();
    expect(t.ctx.secrets.decrypt(stored.identity.secretSealed)).toBe(Secret);

    // a save without the secret (as the publish page sends it) keeps it; switching to None drops it
    const resaved = await call<ConfigState>('PUT', `/admin/gptSystems/configurationStates/${agent.configStateId}`, {
      publicEndpointConfiguration: { ...state.body.publicEndpointConfiguration, identity: { mode: 'HS256', hasSecret: false, required: true } },
    });
    expect(resaved.status).toBe(200);
    expect(resaved.body.publicEndpointConfiguration?.identity).toMatchObject({ hasSecret: true, required: true });

    const history = await call('GET', `/admin/gptSystems/${agent.gptSystemId}/publishing`);
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).not.toContain(Secret);
    expect(JSON.stringify(history.body)).not.toContain(stored.identity.secretSealed);

    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.aggregateId, [agent.gptSystemId, agent.configStateId]));
    expect(audits.length).toBeGreaterThan(1);
    expect(JSON.stringify(audits)).not.toContain(Secret);
    expect(JSON.stringify(audits)).not.toContain(stored.identity.secretSealed);

    const none = await call<ConfigState>('PUT', `/admin/gptSystems/configurationStates/${agent.configStateId}`, {
      publicEndpointConfiguration: { ...state.body.publicEndpointConfiguration, identity: { mode: 'None' } },
    });
    expect(none.body.publicEndpointConfiguration?.identity).toMatchObject({ mode: 'None', hasSecret: false });
  });

  it('refuses to publish HS256 without a secret, RS256 without a JWKS address, and a short secret', async () => {
    const noSecret = await publishAgent({ endpointName: `nosecret-${suffix}`, isEnabled: true, identity: { mode: 'HS256' } });
    expect(noSecret.status).toBe(400);
    expect(JSON.stringify(noSecret.body)).toContain('config.publicEndpointConfiguration.identity.secret');
    const noJwks = await call('POST', '/admin/gptSystems', {
      gptSystemName: 'No JWKS',
      config: { publicEndpointConfiguration: { endpointName: `nojwks-${suffix}`, identity: { mode: 'RS256' } } },
    });
    expect(noJwks.status).toBe(400);
    const short = await call('POST', '/admin/gptSystems', {
      gptSystemName: 'Short',
      config: { publicEndpointConfiguration: { endpointName: `short-${suffix}`, identity: { mode: 'HS256', secret: 'too short' } } },
    });
    expect(short.status).toBe(400);
  });

  it('makes an HS256 token’s subject the visitor: named in the prompt, owning conversations across devices; refuses bad tokens with 401', async () => {
    const name = `hs-${suffix}`;
    expect((await publishAgent({ endpointName: name, isEnabled: true, identity: { mode: 'HS256', secret: Secret, required: true } })).status).toBe(200);
    const subject = `student-${randomUUID()}`;

    // required: no token is 401 for questions; the details still answer (an embed's token may come later)
    const missing = await ask(name, 'Hello?');
    expect(missing.status).toBe(401);
    expect((missing.json as { message: string }).message).toBe(PublicChatMessages.visitorTokenRequired);
    expect((await visit('GET', `/public-conversations/${name}/details`)).status).toBe(200);

    const scripted = scriptedGateway(async function* (request) {
      yield { type: 'text', text: request.system.split('\n\n')[0]! };
    });
    t.ctx.models = scripted;
    const token = await hs256({ sub: subject, name: 'Ada Lovelace', email: 'ada@example.edu', aud: name });
    const laptop = randomUUID();
    const first = await ask(name, 'When do applications close?', { session: laptop, token });
    expect(first.status).toBe(200);
    expect(scripted.requests[0]!.system).toContain('You help Ada Lovelace (ada@example.edu).');
    const { ConversationId: id } = dataOf<{ ConversationId: string }>(first.events, 'conversation-and-segment-id');
    const [stored] = await t.ctx.db.select().from(conversations).where(eq(conversations.id, id));
    expect(stored).toMatchObject({ userId: null, publicEndpointName: name, sessionIdentifier: `signed:${name}:${subject}` });

    // another device: a new session identifier, the same subject; the audience defaults to the endpoint's name
    const phone = randomUUID();
    const phoneToken = await hs256({ sub: subject, aud: name });
    const details = await visit<PublicEndpointDetails>('GET', `/public-conversations/${name}/details`, { session: phone, token: phoneToken });
    expect(details.body.conversations.map((c) => c.conversationId)).toEqual([id]);
    expect((await visit('GET', `/public-conversations/${id}`, { token: phoneToken })).status).toBe(200);
    // the laptop's session identifier alone, and another subject, do not own it
    expect((await visit('GET', `/public-conversations/${id}`, { session: laptop })).status).toBe(401);
    expect((await visit('GET', `/public-conversations/${id}`, { token: await hs256({ sub: 'someone-else', aud: name }) })).status).toBe(404);
    const follow = await postStream(
      base,
      `/public-conversations/${id}/segments`,
      { question: 'And the fees?' },
      { token: '', headers: { 'X-Visitor-Token': phoneToken } },
    );
    expect(follow.status).toBe(200);

    // refusals: each a 401 whose message says why
    const cases: [string, Promise<string>, string][] = [
      ['expired', hs256({ sub: subject, aud: name }, { expiresIn: now() - 120 }), 'it has expired'],
      ['another audience', hs256({ sub: subject, aud: 'another-endpoint' }), 'it is meant for another assistant'],
      ['no audience', hs256({ sub: `${subject}` }), 'it has no aud'],
      ['another secret', hs256({ sub: subject, aud: name }, { secret: `${Secret}-other` }), 'its signature does not match'],
      ['tampered', hs256({ sub: subject, aud: name }).then(tamper), 'its signature does not match'],
      ['long-lived', hs256({ sub: subject, aud: name }, { expiresIn: '2h' }), 'it is valid for longer than 10 minutes'],
      ['no subject', hs256({ aud: name }), 'it has no sub'],
    ];
    for (const [label, pending, reason] of cases) {
      const refused = await ask(name, 'Hello?', { token: await pending });
      expect(refused.status, label).toBe(401);
      expect((refused.json as { message: string }).message, label).toBe(PublicChatMessages.visitorTokenInvalid(reason));
      expect((await visit('GET', `/public-conversations/${name}/details`, { token: await pending })).status, label).toBe(401);
    }
  });

  it('counts a signed visitor’s questions by subject, whatever the device', async () => {
    const name = `limits-${suffix}`;
    expect(
      (await publishAgent({ endpointName: name, isEnabled: true, questionsPerVisitorPerDay: 2, identity: { mode: 'HS256', secret: Secret } })).status,
    ).toBe(200);
    const subject = `limited-${randomUUID()}`;
    expect((await ask(name, 'One', { token: await hs256({ sub: subject, aud: name }) })).status).toBe(200);
    expect((await ask(name, 'Two', { token: await hs256({ sub: subject, aud: name }) })).status).toBe(200);
    const third = await ask(name, 'Three', { token: await hs256({ sub: subject, aud: name }) });
    expect(third.status).toBe(429);
    expect((third.json as { message: string }).message).toBe(PublicChatMessages.visitorDailyLimit);
    // another signed visitor, and an anonymous one, have their own allowance (a token is optional here)
    expect((await ask(name, 'One', { token: await hs256({ sub: `other-${subject}`, aud: name }) })).status).toBe(200);
    expect((await ask(name, 'One')).status).toBe(200);
  });

  it('verifies RS256 tokens with the site’s JWKS, its issuer when set, and refuses a key the site does not publish', async () => {
    const name = `rs-${suffix}`;
    const agent = await publishAgent({
      endpointName: name,
      isEnabled: true,
      identity: { mode: 'RS256', jwksUrl, issuer: 'https://www.example.edu', audience: 'atrium' },
    });
    expect(agent.status).toBe(200);
    const rs256 = (claims: JWTPayload, key: CryptoKey = rsa.privateKey, kid = 'site-key') =>
      new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid }).setIssuedAt().setExpirationTime('5m').sign(key);
    const good = await rs256({ sub: 'rs-visitor', iss: 'https://www.example.edu', aud: 'atrium' });
    const first = await ask(name, 'Hello', { token: good });
    expect(first.status).toBe(200);
    const { ConversationId: id } = dataOf<{ ConversationId: string }>(first.events, 'conversation-and-segment-id');
    expect((await visit('GET', `/public-conversations/${id}`, { token: good })).status).toBe(200);

    const other = await generateKeyPair('RS256');
    const cases: [string, Promise<string>, string][] = [
      ['another issuer', rs256({ sub: 'rs-visitor', iss: 'https://evil.example.com', aud: 'atrium' }), 'it was issued by another site'],
      ['the endpoint name as audience', rs256({ sub: 'rs-visitor', iss: 'https://www.example.edu', aud: name }), 'it is meant for another assistant'],
      [
        'an unknown key',
        rs256({ sub: 'rs-visitor', iss: 'https://www.example.edu', aud: 'atrium' }, other.privateKey, 'other-key'),
        'no key of the site matches it',
      ],
      [
        'a known kid, another key',
        rs256({ sub: 'rs-visitor', iss: 'https://www.example.edu', aud: 'atrium' }, other.privateKey),
        'its signature does not match',
      ],
      ['HS256 on an RS256 endpoint', hs256({ sub: 'rs-visitor', iss: 'https://www.example.edu', aud: 'atrium' }), 'it is signed with another algorithm'],
    ];
    for (const [label, pending, reason] of cases) {
      const refused = await ask(name, 'Hello?', { token: await pending });
      expect(refused.status, label).toBe(401);
      expect((refused.json as { message: string }).message, label).toBe(PublicChatMessages.visitorTokenInvalid(reason));
    }
    // not required: a visitor without a token is answered anonymously
    expect((await ask(name, 'Anonymous')).status).toBe(200);
  });
});

/** The token with one character of its signature changed. */
function tamper(token: string): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
  return [header, payload, flipped].join('.');
}
