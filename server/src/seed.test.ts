import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './test/harness.js';
import { brands, featureFlags, gptSystems, instanceSettings, userRoles, users } from './db/schema/index.js';
import { seed, SystemAgentName } from './seed.js';

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

  it('can run again, even concurrently, without duplicating or overwriting anything', async () => {
    await t.ctx.db.update(brands).set({ name: 'Edited brand' }).where(eq(brands.brandKey, 'default'));
    await t.ctx.db.update(featureFlags).set({ enabled: false }).where(eq(featureFlags.name, 'ShowFooter'));
    await t.ctx.db.update(instanceSettings).set({ value: 'Edited name' }).where(eq(instanceSettings.name, 'name'));
    const before = { users: await count(users), roles: await count(userRoles), agents: await count(gptSystems), brands: await count(brands) };

    const results = await Promise.all([seed(t.ctx), seed(t.ctx)]);
    expect(results.map((r) => r.adminCreated)).toEqual([false, false]);

    expect({ users: await count(users), roles: await count(userRoles), agents: await count(gptSystems), brands: await count(brands) }).toEqual(before);
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
