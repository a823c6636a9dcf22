// GET /admin/firstRun over HTTP: each step turns done when the instance shows it (a model that answers,
// a changed brand, single sign-on or local accounts made, an agent of the administrator's), and each
// caller sees only the steps they may do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FirstRunSchema, UserActions, type FirstRun } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { recordAudit } from '../../platform/audit.js';

const Seeded = 'Atrium Assistant';

function client(t: TestApp) {
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/internal${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const steps = async (token: string): Promise<Record<string, boolean>> => {
    const res = await call('GET', '/admin/firstRun', token);
    expect(res.statusCode, res.body).toBe(200);
    const body: FirstRun = FirstRunSchema.parse(res.json());
    return Object.fromEntries(body.steps.map((s) => [s.key, s.done]));
  };
  return { call, steps };
}

async function seededAgentId(t: TestApp, token: string): Promise<string> {
  const res = await client(t).call('GET', '/admin/gptSystems/system', token);
  const items = (res.json() as { items: { gptSystemId: string; name: string }[] }).items;
  return items.find((a) => a.name === Seeded)!.gptSystemId;
}

describe('the first-run checklist of a new instance with local sign-in', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.createUser({ actions: [...UserActions] })).token;
  });
  afterAll(() => t.close());

  it('starts with every step to do, in order, whatever the first start recorded', async () => {
    // what a first start writes (with no user) is not an administrator's doing
    const firstStart = { userId: null, userName: 'Atrium (first start)' };
    await recordAudit(t.ctx.db, { aggregateType: 'Brand', aggregateId: 'default', domainOperation: 'Updated', actor: firstStart });
    await recordAudit(t.ctx.db, { aggregateType: 'User', aggregateId: 'someone', domainOperation: 'Created', actor: firstStart });
    const seeded = await seededAgentId(t, admin);
    await recordAudit(t.ctx.db, { aggregateType: 'GptSystem', aggregateId: seeded, domainOperation: 'Published', actor: firstStart });
    const res = await client(t).call('GET', '/admin/firstRun', admin);
    expect(FirstRunSchema.parse(res.json()).steps).toEqual([
      { key: 'connectModel', done: false },
      { key: 'setBrand', done: false },
      { key: 'signIn', done: false },
      { key: 'firstAgent', done: false },
    ]);
  });

  it('counts a model as connected only when an enabled chat deployment of a real provider answers', async () => {
    const { call, steps } = client(t);
    const offline = await call('POST', '/admin/connections', admin, {
      name: 'Built in',
      providerType: 'Offline',
      deployments: [{ name: 'still-offline', model: 'x' }],
    });
    expect(offline.statusCode).toBe(201);
    const base = { providerType: 'OpenAICompatible', endpoint: 'http://127.0.0.1:11434/v1' };
    const images = await call('POST', '/admin/connections', admin, {
      ...base,
      name: 'Images',
      deployments: [{ name: 'pictures', model: 'flux', kind: 'ImageGeneration' }],
    });
    expect(images.statusCode).toBe(201);
    const disabled = await call('POST', '/admin/connections', admin, {
      ...base,
      name: 'Off',
      deployments: [{ name: 'resting', model: 'llama', enabled: false }],
    });
    expect(disabled.statusCode).toBe(201);
    expect((await steps(admin)).connectModel).toBe(false);

    const ollama = await call('POST', '/admin/connections', admin, { ...base, name: 'Ollama', deployments: [{ name: 'llama3.1', model: 'llama3.1:8b' }] });
    expect(ollama.statusCode).toBe(201);
    expect(await steps(admin)).toEqual({ connectModel: true, setBrand: false, signIn: false, firstAgent: false });
  });

  it('counts the brand as set once an administrator changes it', async () => {
    const { call, steps } = client(t);
    expect((await call('PUT', '/admin/brands/default', admin, { name: 'Northwind University' })).statusCode).toBe(200);
    expect((await steps(admin)).setBrand).toBe(true);
  });

  it('counts local sign-in as kept once an administrator makes an account for someone', async () => {
    const { call, steps } = client(t);
    const created = await call('POST', '/admin/users', admin, {
      emailAddress: 'ada@example.test',
      displayName: 'Ada',
      password: 'a long and varied passphrase',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await steps(admin)).signIn).toBe(true);
  });

  it('counts a new System agent as the first agent; then the checklist is complete', async () => {
    const { call, steps } = client(t);
    expect((await call('POST', '/admin/gptSystems', admin, { name: 'Library helper' })).statusCode).toBe(201);
    expect(await steps(admin)).toEqual({ connectModel: true, setBrand: true, signIn: true, firstAgent: true });
  });

  it('shows each person only the steps they may do, and nobody else the checklist', async () => {
    const { call, steps } = client(t);
    const brander = (await t.createUser({ actions: ['BrandsWrite'] })).token;
    expect(await steps(brander)).toEqual({ setBrand: true });
    const agentWriter = (await t.createUser({ actions: ['GptSystemsWrite', 'ConnectionsWrite'] })).token;
    expect(await steps(agentWriter)).toEqual({ connectModel: true, firstAgent: true });
    for (const actions of [['ConnectionsRead'], ['GptSystemsRead'], ['BrandsRead', 'UserRead']] as const) {
      const token = (await t.createUser({ actions: [...actions] })).token;
      expect((await call('GET', '/admin/firstRun', token)).statusCode, actions.join()).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/internal/admin/firstRun' })).statusCode).toBe(401);
  });
});

describe('the first-run checklist with single sign-on', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    // the identity provider is not asked at start; configured is enough
    t = await createTestApp({ OIDC_ISSUER: 'http://127.0.0.1:9', OIDC_CLIENT_ID: 'atrium' });
    admin = (await t.createUser({ actions: [...UserActions] })).token;
  });
  afterAll(() => t.close());

  it('counts sign-in as done, and the seeded agent changed as the first agent', async () => {
    const { call, steps } = client(t);
    expect(await steps(admin)).toMatchObject({ signIn: true, firstAgent: false });
    const id = await seededAgentId(t, admin);
    expect((await call('PUT', `/admin/gptSystems/${id}`, admin, { description: 'Answers questions about the campus.' })).statusCode).toBe(200);
    expect((await steps(admin)).firstAgent).toBe(true);
  });
});
