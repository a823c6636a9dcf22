import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './test/harness.js';
import { auditLog, brands, featureFlags, gptSystems, gptSystemVersions, instanceSettings, userRoles, users } from './db/schema/index.js';
import { seed, SystemAgentName } from './seed.js';
import { followFirstDeployment } from './modules/agents/agents.seed.js';

describe('first-start seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ INSTANCE_NAME: 'Seeded' });
  });
  afterAll(() => t.close());

  const count = async (table: typeof users | typeof gptSystems | typeof brands | typeof userRoles) =>
    (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

  it('creates a System agent with a published configuration and no model yet', async () => {
    const agents = await t.ctx.db.select().from(gptSystems);
    expect(agents).toHaveLength(1);
    expect(agents[0]).toMatchObject({ name: SystemAgentName, gptSystemType: 'System', brandKey: 'default', isDeleted: false });
    expect(agents[0]!.publishedConfig).toMatchObject({ deploymentName: null });
    expect(agents[0]!.publishedConfig!.systemPrompt.length).toBeGreaterThan(50);
    expect(agents[0]!.publishedConfig!.introduction).toContain('<p>');
  });

  it('publishes it through the publishing code: version 1 of its history is what it answers with', async () => {
    const [agent] = await t.ctx.db.select().from(gptSystems);
    const versions = await t.ctx.db.select().from(gptSystemVersions);
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({
      gptSystemId: agent!.id,
      version: 1,
      name: SystemAgentName,
      publishedByUserId: null,
      publishedByName: 'Atrium (first start)',
    });
    expect(versions[0]!.config).toEqual(agent!.publishedConfig);
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.aggregateId, agent!.id));
    expect(audit.map((a) => a.domainOperation)).toEqual(['Published']);
  });

  it('gives an install seeded before versions were recorded its version 1 of what is live, once, changing nothing that answers', async () => {
    const [before] = await t.ctx.db.select().from(gptSystems);
    await t.ctx.db.delete(gptSystemVersions);
    await Promise.all([seed(t.ctx), seed(t.ctx)]);
    const versions = await t.ctx.db.select().from(gptSystemVersions);
    expect(versions.map((v) => v.version)).toEqual([1]);
    expect(versions[0]!.config).toEqual(before!.publishedConfig);
    const [after] = await t.ctx.db.select().from(gptSystems);
    expect({ name: after!.name, description: after!.description, publishedConfig: after!.publishedConfig }).toEqual({
      name: before!.name,
      description: before!.description,
      publishedConfig: before!.publishedConfig,
    });
  });

  it('takes the first model configured later live as a new version, and only while the agent names no deployment', async () => {
    await followFirstDeployment(t.ctx, SystemAgentName, 'fake-gpt');
    await followFirstDeployment(t.ctx, SystemAgentName, 'another-model');
    const versions = await t.ctx.db.select().from(gptSystemVersions).orderBy(gptSystemVersions.version);
    expect(versions.map((v) => [v.version, v.config.deploymentName])).toEqual([
      [1, null],
      [2, 'fake-gpt'],
    ]);
    const [agent] = await t.ctx.db.select().from(gptSystems);
    expect(agent!.publishedConfig!.deploymentName).toBe('fake-gpt');
  });

  it('can run again, even concurrently, without duplicating or overwriting anything', async () => {
    await t.ctx.db.update(brands).set({ name: 'Edited brand' }).where(eq(brands.brandKey, 'default'));
    await t.ctx.db.update(featureFlags).set({ enabled: false }).where(eq(featureFlags.name, 'ShowFooter'));
    await t.ctx.db.update(instanceSettings).set({ value: 'Edited name' }).where(eq(instanceSettings.name, 'name'));
    const before = { users: await count(users), roles: await count(userRoles), agents: await count(gptSystems), brands: await count(brands) };
    const versions = await t.ctx.db.select().from(gptSystemVersions);

    const results = await Promise.all([seed(t.ctx), seed(t.ctx)]);
    expect(results.map((r) => r.adminCreated)).toEqual([false, false]);

    expect({ users: await count(users), roles: await count(userRoles), agents: await count(gptSystems), brands: await count(brands) }).toEqual(before);
    expect(await t.ctx.db.select().from(gptSystemVersions)).toEqual(versions);
    const [brand] = await t.ctx.db.select().from(brands).where(eq(brands.brandKey, 'default'));
    expect(brand!.name).toBe('Edited brand');
    const [flag] = await t.ctx.db.select().from(featureFlags).where(eq(featureFlags.name, 'ShowFooter'));
    expect(flag!.enabled).toBe(false);
    const [setting] = await t.ctx.db.select().from(instanceSettings).where(eq(instanceSettings.name, 'name'));
    expect(setting!.value).toBe('Edited name');
  });

  it('does not bring back a System agent an administrator deleted', async () => {
    await t.ctx.db.update(gptSystems).set({ isDeleted: true });
    await seed(t.ctx);
    const agents = await t.ctx.db.select().from(gptSystems);
    expect(agents).toHaveLength(1);
    expect(agents[0]!.isDeleted).toBe(true);
  });
});

describe('first start with a model configured in the environment', () => {
  it('leaves the System agent one version, answering with that model', async () => {
    const t = await createTestApp({ OPENAI_API_KEY: 'sk-seed-test', OPENAI_MODELS: 'gpt-4o-mini' });
    try {
      const versions = await t.ctx.db.select().from(gptSystemVersions);
      expect(versions.map((v) => [v.version, v.config.deploymentName])).toEqual([[1, 'gpt-4o-mini']]);
      const [agent] = await t.ctx.db.select().from(gptSystems);
      expect(agent!.publishedConfig).toEqual(versions[0]!.config);
    } finally {
      await t.close();
    }
  });
});
