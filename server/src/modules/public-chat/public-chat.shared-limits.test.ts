// Public chat across server processes and with guidelines (docs/public-chat.md): with REDIS_URL the limits are counted
// in Redis, so two apps share them exactly; an endpoint that asks consent to its agent's guidelines refuses a first
// question without guidelinesConsent: true and puts the guidelines in the system prompt.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { PublicChatMessages, type PublicEndpointDetails } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { baseUrl, jsonCaller, postStream, scriptedGateway } from '../../test/chat-stream.js';
import { conversations } from '../../db/schema/index.js';

const RedisUrl = 'redis://127.0.0.1:6379';

describe('public chat limits in Redis, and guidelines consent', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: { token: string };

  beforeAll(async () => {
    [a, b] = await Promise.all([createTestApp({ REDIS_URL: RedisUrl }), createTestApp({ REDIS_URL: RedisUrl })]);
    await Promise.all([a.app.listen({ port: 0, host: '127.0.0.1' }), b.app.listen({ port: 0, host: '127.0.0.1' })]);
    admin = await a.createUser({ actions: ['GptSystemsRead', 'GptSystemsCreate', 'GptSystemsWrite', 'GuidelinesDocumentsCreate', 'GuidelinesDocumentsWrite'] });
  });
  afterAll(() => Promise.all([a?.close(), b?.close()]));

  const call = jsonCaller(
    () => baseUrl(a),
    () => admin.token,
  );
  const ask = (t: TestApp, endpoint: string, session: string, extra: Record<string, unknown> = {}) =>
    postStream(baseUrl(t), `/public-conversations/${endpoint}`, { question: 'Hello?', session: { sessionIdentifier: session }, ...extra }, { token: '' });

  /** the same agent and endpoint in both apps' databases (each test app has its own database) */
  async function publishBoth(endpointName: string, over: Record<string, unknown> = {}) {
    const ids: string[] = [];
    for (const t of [a, b]) {
      const token = t === a ? admin.token : (await t.createUser({ actions: ['GptSystemsRead', 'GptSystemsCreate', 'GptSystemsWrite'] })).token;
      const on = jsonCaller(
        () => baseUrl(t),
        () => token,
      );
      const created = await on<{ gptSystemId: string; configStateId: string }>('POST', '/admin/gptSystems', {
        gptSystemName: 'Shared',
        description: 'd',
        config: { systemPrompt: 'p', publicEndpointConfiguration: { endpointName, isEnabled: true, ...over } },
      });
      expect(created.status).toBe(201);
      expect((await on('PUT', `/admin/gptSystems/${created.body.gptSystemId}/publishing`, { configStateId: created.body.configStateId })).status).toBe(200);
      ids.push(created.body.gptSystemId);
    }
    return ids;
  }

  it('counts a visitor’s questions across two server processes exactly', async () => {
    const name = `shared-${randomUUID().slice(0, 8)}`;
    await publishBoth(name, { questionsPerVisitorPerDay: 3 });
    const session = randomUUID();
    expect((await ask(a, name, session)).status).toBe(200);
    expect((await ask(b, name, session)).status).toBe(200);
    expect((await ask(a, name, session)).status).toBe(200);
    for (const t of [b, a]) {
      const refused = await ask(t, name, session);
      expect(refused.status).toBe(429);
      expect(refused.json).toMatchObject({ message: PublicChatMessages.visitorDailyLimit });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // a refusal gave its point back: another visitor is unaffected, and the count did not grow past the allowance
    expect((await ask(b, name, randomUUID())).status).toBe(200);
  });

  it('asks consent to the agent’s guidelines before the first question when the endpoint says so', async () => {
    const name = `consent-${randomUUID().slice(0, 8)}`;
    const [agentId] = await publishBoth(name, { requireGuidelinesConsent: true });
    const doc = await call('POST', '/admin/guidelinesDocuments', {
      documentTitle: 'Visitor rules',
      sections: [{ title: 'Privacy', content: 'Do not share personal data.' }],
      gptSystemIds: [agentId],
    });
    expect(doc.status).toBe(201);
    const details = await fetch(`${baseUrl(a)}/api/internal/public-conversations/${name}/details`).then((r) => r.json() as Promise<PublicEndpointDetails>);
    expect(details.requireGuidelinesConsent).toBe(true);
    expect(details.guidelines).toMatchObject({ documentTitle: 'Visitor rules' });
    expect(details.guidelines!.text).toContain('Do not share personal data.');

    const before = (await a.ctx.db.select({ n: count() }).from(conversations).where(eq(conversations.publicEndpointName, name)))[0]!.n;
    const refused = await ask(a, name, randomUUID());
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: 'guidelines_consent_required', details: [{ field: 'guidelinesConsent' }] });
    expect((await ask(a, name, randomUUID(), { guidelinesConsent: false })).status).toBe(403);
    expect((await a.ctx.db.select({ n: count() }).from(conversations).where(eq(conversations.publicEndpointName, name)))[0]!.n).toBe(before);

    const scripted = scriptedGateway(async function* () {
      yield { type: 'text', text: 'ok' };
    });
    const offline = a.ctx.models;
    a.ctx.models = scripted;
    try {
      expect((await ask(a, name, randomUUID(), { guidelinesConsent: true })).status).toBe(200);
      expect(scripted.requests[0]!.system).toContain('Do not share personal data.');
    } finally {
      a.ctx.models = offline;
    }
  });
});
