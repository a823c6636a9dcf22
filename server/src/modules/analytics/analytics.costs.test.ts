// GET /admin/analytics/costs: the tokens per deployment of conversations made here, priced at the deployments' prices
// per million tokens; a deployment without a price (or no longer there) counts 0 and says so; the period's edge.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalyticsCostsSchema, ErrorBodySchema, type AnalyticsCosts } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createAgent } from '../agents/agents.test-factory.js';
import { connections, conversationSegments, conversations, deployments } from '../../db/schema/index.js';
import { rollUp } from './analytics.rollup.js';

let t: TestApp;
let analyst: string;
let nobody: string;
let agent: string;

const DayMs = 86_400_000;

const get = (path: string, token = analyst, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/internal${path}`, headers: { authorization: `Bearer ${token}`, ...headers } });
const costs = async (query: string, zone?: string): Promise<AnalyticsCosts> => {
  const res = await get(`/admin/analytics/costs${query}`, analyst, zone ? { 'x-timezone': zone } : {});
  expect(res.statusCode, res.body).toBe(200);
  return AnalyticsCostsSchema.parse(res.json());
};
const byName = (c: AnalyticsCosts) => Object.fromEntries(c.items.map((i) => [i.deploymentName, i]));

/** One question at `at` answered by `deploymentName` with `tokens` [input, output]. */
async function turn(at: Date, deploymentName: string, tokens: [number, number]) {
  const [c] = await t.ctx.db.insert(conversations).values({ userId: null, gptSystemId: agent, title: 'Costs', createdAt: at }).returning();
  await t.ctx.db.insert(conversationSegments).values({
    conversationId: c!.id,
    question: 'q',
    answer: 'a',
    status: 'Success',
    createdAt: at,
    model: 'gpt-test',
    deploymentName,
    promptTokens: tokens[0],
    completionTokens: tokens[1],
    gptSystemId: agent,
    brandKey: 'default',
    userId: null,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  analyst = (await t.createUser({ actions: ['AnalyticsRead'] })).token;
  nobody = (await t.createUser({ actions: ['GptSystemsRead'] })).token;
  agent = (await createAgent(t.ctx.db, { name: 'Cost Agent' })).id;
  const [conn] = await t.ctx.db.insert(connections).values({ name: 'Costs', providerType: 'OpenAICompatible', endpoint: 'http://127.0.0.1:9' }).returning();
  await t.ctx.db.insert(deployments).values([
    { name: 'priced', displayName: 'Priced GPT', model: 'gpt-test', connectionId: conn!.id, inputPricePerMillionTokens: 2.5, outputPricePerMillionTokens: 10 },
    { name: 'cheap', displayName: 'Cheap', model: 'gpt-test', connectionId: conn!.id, inputPricePerMillionTokens: 0.15, outputPricePerMillionTokens: 0.6 },
    { name: 'unpriced', displayName: 'No Price', model: 'gpt-test', connectionId: conn!.id },
  ]);
  const now = Date.now();
  const hoursAgo = (h: number) => new Date(now - h * 3_600_000);
  // in the last 24 hours
  await turn(hoursAgo(1), 'priced', [1_000, 500]);
  await turn(hoursAgo(2), 'priced', [3_000, 1_500]);
  await turn(hoursAgo(3), 'cheap', [1_000_000, 100_000]);
  await turn(hoursAgo(4), 'unpriced', [7_000, 700]);
  // a deployment since deleted: its name only
  await turn(hoursAgo(5), 'gone', [10, 10]);
  // 20 days ago: in Last30Days, not in Last7Days
  await turn(new Date(now - 20 * DayMs), 'priced', [1_000_000, 1_000_000]);
  await rollUp(t.ctx);
});
afterAll(() => t?.close());

describe('costs by deployment', () => {
  it('prices each deployment’s tokens at its prices per million, costliest first', async () => {
    const c = await costs('?reportingPeriod=Last7Days');
    // priced: 4,000 in at 2.5 and 2,000 out at 10 per million; cheap: 1,000,000 at 0.15 and 100,000 at 0.6
    const priced = (4_000 * 2.5 + 2_000 * 10) / 1e6;
    const cheap = (1_000_000 * 0.15 + 100_000 * 0.6) / 1e6;
    expect(byName(c)).toEqual({
      priced: { label: 'Priced GPT', deploymentName: 'priced', value: priced, inputTokens: 4_000, outputTokens: 2_000, priced: true },
      cheap: { label: 'Cheap', deploymentName: 'cheap', value: cheap, inputTokens: 1_000_000, outputTokens: 100_000, priced: true },
      unpriced: { label: 'No Price', deploymentName: 'unpriced', value: 0, inputTokens: 7_000, outputTokens: 700, priced: false },
      gone: { label: 'gone', deploymentName: 'gone', value: 0, inputTokens: 10, outputTokens: 10, priced: false },
    });
    expect(c.items.map((i) => i.deploymentName)).toEqual(['cheap', 'priced', 'unpriced', 'gone']);
    expect(c.total).toBe(Math.round((priced + cheap) * 1e6) / 1e6);
    expect(c.reportingPeriod).toBe('Last7Days');
  });

  it('takes the period (the default Last30Days holds the older turn) and the caller’s zone', async () => {
    const month = await costs('', 'Asia/Kolkata');
    expect(month.reportingPeriod).toBe('Last30Days');
    expect(month.timeZone).toBe('Asia/Kolkata');
    expect(byName(month).priced).toMatchObject({ inputTokens: 1_004_000, outputTokens: 1_002_000, value: (1_004_000 * 2.5 + 1_002_000 * 10) / 1e6 });
    const day = await costs('?reportingPeriod=Last24Hours');
    expect(byName(day).priced).toMatchObject({ inputTokens: 4_000, outputTokens: 2_000 });
    expect((await costs('?reportingPeriod=AllTime')).total).toBe(month.total);
  });

  it('rounds to 6 decimals', async () => {
    const c = await costs('?reportingPeriod=Last7Days');
    for (const i of c.items) expect(Math.round(i.value * 1e6) / 1e6).toBe(i.value);
  });
});

describe('access and bad parameters', () => {
  it('needs AnalyticsRead (403) and a token (401), and a known period (400)', async () => {
    const res = await get('/admin/analytics/costs', nobody);
    expect(res.statusCode).toBe(403);
    expect(ErrorBodySchema.parse(res.json()).code).toBeTruthy();
    expect((await t.app.inject({ method: 'GET', url: '/api/internal/admin/analytics/costs' })).statusCode).toBe(401);
    expect((await get('/admin/analytics/costs?reportingPeriod=Yesterday')).statusCode).toBe(400);
  });
});
