// The admin analytics over HTTP: figures checked against conversations made here (through the chat path and written
// with chosen times), time zones at a day's edge, exact distinct users, the CSV parsed back, the rollup's
// idempotence, access and bad parameters.
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalyticsChartSchema, AnalyticsExportColumns, ErrorBodySchema, type AnalyticsChart } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { baseUrl, dataOf, eventually, postStream, scriptedGateway, systemAgentId } from '../../test/chat-stream.js';
import { createAgent } from '../agents/agents.test-factory.js';
import { analyticsHourZones, analyticsUsageHourly, connections, conversationSegments, conversations, deployments } from '../../db/schema/index.js';
import { csvLines } from './analytics.export.js';
import { rollUp, RollupQueue } from './analytics.rollup.js';

let t: TestApp;
let base: string;
let analyst: string;
let nobody: string;
let asker: { id: string; token: string };
let other: { id: string };
let agentA: string;
let agentB: string;
/** yesterday's midnight in New York (05:00 or 04:00 UTC) */
let nyMidnight: Date;

const gateway = scriptedGateway(async function* () {
  yield { type: 'text', text: 'An answer.' };
  yield { type: 'usage', promptTokens: 20, completionTokens: 4, estimated: false };
});

const get = async (path: string, token = analyst, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/internal${path}`, headers: { authorization: `Bearer ${token}`, ...headers } });
  return res;
};
const chart = async (path: string, zone?: string): Promise<AnalyticsChart> => {
  const res = await get(`/admin/analytics/conversations/${path}`, analyst, zone ? { 'x-timezone': zone } : {});
  expect(res.statusCode, res.body).toBe(200);
  return AnalyticsChartSchema.parse(res.json());
};
const byKey = (c: AnalyticsChart) => Object.fromEntries(c.items.map((i) => [i.key, i]));

/** A conversation with segments at the given times, written as the chat path leaves them. */
async function conversationAt(
  at: Date[],
  o: { gptSystemId: string; userId?: string | null; session?: string; deploymentName?: string; tokens?: [number, number]; feedback?: (boolean | null)[] },
) {
  const [c] = await t.ctx.db
    .insert(conversations)
    .values({
      userId: o.userId ?? null,
      gptSystemId: o.gptSystemId,
      title: 'Analytics',
      sessionIdentifier: o.session ?? null,
      publicEndpointName: o.userId ? null : 'campus-help',
      createdAt: at[0],
    })
    .returning();
  let parent: string | null = null;
  for (const [i, when] of at.entries()) {
    const fb = o.feedback?.[i];
    const [s]: { id: string }[] = await t.ctx.db
      .insert(conversationSegments)
      .values({
        conversationId: c!.id,
        parentSegmentId: parent,
        question: 'q',
        answer: 'a',
        status: 'Success',
        createdAt: when,
        model: 'gpt-test',
        deploymentName: o.deploymentName ?? 'priced',
        promptTokens: o.tokens?.[0] ?? 100,
        completionTokens: o.tokens?.[1] ?? 50,
        gptSystemId: o.gptSystemId,
        brandKey: 'default',
        userId: o.userId ?? null,
        feedback: fb == null ? null : { feedbackType: fb ? 'Positive' : 'Negative', isPositive: fb, comment: null, createdAt: when.toISOString() },
      })
      .returning();
    parent = s!.id;
  }
  return c!.id;
}

const minutes = (d: Date, m: number) => new Date(d.getTime() + m * 60_000);

beforeAll(async () => {
  t = await createTestApp();
  t.ctx.models = gateway;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = baseUrl(t);
  analyst = (await t.createUser({ actions: ['AnalyticsRead'] })).token;
  nobody = (await t.createUser({ actions: ['GptSystemsRead', 'UserRead'] })).token;
  asker = await t.createUser({ actions: ['GptSystemsRead'] });
  other = await t.createUser({ actions: ['GptSystemsRead'] });
  agentA = await systemAgentId(t);
  agentB = (await createAgent(t.ctx.db, { name: 'Library Helper' })).id;
  const [conn] = await t.ctx.db.insert(connections).values({ name: 'Priced', providerType: 'OpenAICompatible', endpoint: 'http://127.0.0.1:9' }).returning();
  await t.ctx.db.insert(deployments).values({
    name: 'priced',
    displayName: 'Priced',
    model: 'gpt-test',
    connectionId: conn!.id,
    inputPricePerMillionTokens: 2.5,
    outputPricePerMillionTokens: 10,
  });

  // two conversations through the chat path (the first with a follow-up): 3 questions of 20 + 4 tokens, now
  const body = () => ({
    question: 'Hello?',
    visionImageIds: [],
    attachmentIds: [],
    session: { sessionIdentifier: randomUUID() },
    segmentTraceLogLevel: 'NonPersisted',
  });
  const first = await postStream(base, `/userConversations/byGptSystemId/${agentA}`, body(), { token: asker.token });
  const ids = dataOf<{ ConversationId: string; ConversationSegmentId: string }>(first.events, 'conversation-and-segment-id');
  await postStream(
    base,
    `/userConversations/${ids.ConversationId}/segments`,
    { ...body(), parentSegmentId: ids.ConversationSegmentId },
    { token: asker.token },
  );
  await postStream(base, `/userConversations/byGptSystemId/${agentA}`, body(), { token: asker.token });

  // agent B: a visitor 30 minutes either side of yesterday's New York midnight (one UTC day, two New York days),
  // with a follow-up each; a signed-in person 2 hours after it
  const [row] = (
    (await t.ctx.db.execute(
      sql`select (date_trunc('day', now() at time zone 'America/New_York') - interval '1 day') at time zone 'America/New_York' as at`,
    )) as unknown as { rows: { at: string | Date }[] }
  ).rows;
  nyMidnight = new Date(row!.at);
  await conversationAt([minutes(nyMidnight, -30), minutes(nyMidnight, -29)], { gptSystemId: agentB, session: 'visitor-1', feedback: [true, false] });
  await conversationAt([minutes(nyMidnight, 30), minutes(nyMidnight, 31)], { gptSystemId: agentB, session: 'visitor-1', feedback: [true, null] });
  await conversationAt([minutes(nyMidnight, 120)], { gptSystemId: agentB, userId: other.id, feedback: [false] });
  await rollUp(t.ctx);
});
afterAll(() => t?.close());

describe('conversations, tokens and feedback', () => {
  it('counts conversations per agent, privacy and model, and tokens per agent', async () => {
    const agents = byKey(await chart('ConversationsByGptSystem?reportingPeriod=Last7Days'));
    expect(agents[agentA]).toMatchObject({ value: 2 });
    expect(agents[agentB]).toMatchObject({ value: 3, label: 'Library Helper' });
    const privacy = byKey(await chart('ConversationsByPrivacy?reportingPeriod=Last7Days'));
    expect(privacy).toMatchObject({ Public: { value: 2, label: 'Public visitors' }, Private: { value: 3, label: 'Signed-in people' } });
    const models = byKey(await chart('ConversationsByModel?reportingPeriod=Last7Days'));
    expect(models['scripted-model-1']?.value).toBe(2);
    expect(models['gpt-test']?.value).toBe(3);
    const tokens = await chart('TokensByGptSystem?reportingPeriod=Last7Days');
    expect(byKey(tokens)[agentA]).toMatchObject({ value: 72, inputTokens: 60, outputTokens: 12 });
    expect(byKey(tokens)[agentB]).toMatchObject({ value: 5 * 150, inputTokens: 500, outputTokens: 250 });
    expect(tokens.total).toBe(72 + 750);
    expect(byKey(await chart('TokensByPrivacy?reportingPeriod=Last7Days')).Public).toMatchObject({ value: 600 });
    expect(byKey(await chart('ConversationsByBrand?reportingPeriod=Last7Days')).default).toMatchObject({ value: 5 });
  });

  it('answers the average conversation length per agent and overall', async () => {
    const c = await chart('AverageConversationLength?reportingPeriod=Last7Days');
    expect(byKey(c)[agentA]).toMatchObject({ value: 1.5, conversations: 2, segments: 3 });
    expect(byKey(c)[agentB]).toMatchObject({ value: 1.67, conversations: 3, segments: 5 });
    expect(c.total).toBe(Math.round((8 / 5) * 100) / 100);
  });

  it('puts the day edge where the caller’s zone has it', async () => {
    const q = `GptSystemConversationsByPeriod?reportingPeriod=Last7Days&gptSystemId=${agentB}`;
    const ny = await chart(q, 'America/New_York');
    expect(ny.bucket).toBe('Day');
    expect(ny.items).toHaveLength(7);
    const nyDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(d);
    const before = nyDay(minutes(nyMidnight, -30));
    const after = nyDay(minutes(nyMidnight, 30));
    expect(before).not.toBe(after);
    expect(ny.items.find((i) => i.label === before)).toMatchObject({ value: 1, segments: 2 });
    expect(ny.items.find((i) => i.label === after)).toMatchObject({ value: 2, segments: 3 });
    // in UTC both sides of New York's midnight are one day
    const utc = await chart(q);
    const utcDay = minutes(nyMidnight, 0).toISOString().slice(0, 10);
    expect(utc.items.find((i) => i.label === utcDay)).toMatchObject({ value: 3, segments: 5 });
    expect(utc.items.reduce((n, i) => n + i.value, 0)).toBe(3);
    // by hour of day, in the zone
    const hours = byKey(await chart('ConversationsByHour?reportingPeriod=Last7Days', 'America/New_York'));
    expect(hours['23']!.value).toBeGreaterThanOrEqual(1);
    expect(hours['0']!.value).toBeGreaterThanOrEqual(1);
  });

  it('sums feedback on an agent’s answers per bucket', async () => {
    const c = await chart(`GptSystemConversationSegmentFeedBackByPeriod?reportingPeriod=Last7Days&gptSystemId=${agentB}`, 'America/New_York');
    expect(c.items.reduce((n, i) => n + (i.positive ?? 0), 0)).toBe(2);
    expect(c.items.reduce((n, i) => n + (i.negative ?? 0), 0)).toBe(2);
    expect(c.total).toBe(4);
  });

  it('gives the series one item per bucket, empty ones included', async () => {
    const day = await chart('ConversationsByReportingPeriod?reportingPeriod=Last24Hours');
    expect(day.bucket).toBe('Hour');
    expect(day.items).toHaveLength(24);
    expect(day.items.at(-1)!.value).toBeGreaterThanOrEqual(2);
    const month = await chart('TokensByReportingPeriod');
    expect(month.reportingPeriod).toBe('Last30Days');
    expect(month.total).toBe(72 + 750);
  });
});

describe('distinct users', () => {
  it('counts each person and visitor once per bucket and once in the period', async () => {
    const agents = byKey(await chart('UsersByGptSystem?reportingPeriod=Last30Days'));
    expect(agents[agentA]).toMatchObject({ value: 1, signedInUsers: 1, visitors: 0 });
    expect(agents[agentB]).toMatchObject({ value: 2, signedInUsers: 1, visitors: 1 });
    const series = await chart('UsersByReportingPeriod?reportingPeriod=Last7Days', 'America/New_York');
    const nyDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(d);
    expect(series.items.find((i) => i.label === nyDay(minutes(nyMidnight, -30)))).toMatchObject({ value: 1, visitors: 1 });
    expect(series.items.find((i) => i.label === nyDay(minutes(nyMidnight, 30)))).toMatchObject({ value: 2, visitors: 1, signedInUsers: 1 });
    // the visitor on both days is one user of the period
    expect(series.total).toBe(3);
    for (const period of ['Last30Days', 'Last365Days', 'AllTime', 'Last90Days']) {
      expect((await chart(`UsersByBrand?reportingPeriod=${period}`, 'Asia/Kolkata')).total).toBe(3);
      expect((await chart(`UsersByReportingPeriod?reportingPeriod=${period}`, 'Europe/Berlin')).total).toBe(3);
    }
    const hours = await chart('UsersByHourOfDay?reportingPeriod=Last7Days');
    expect(hours.items).toHaveLength(24);
    expect(hours.total).toBe(3);
  });
});

describe('export', () => {
  it('writes per-person monthly tokens and costs and daily users as CSV', async () => {
    const res = await get('/admin/analytics/export?reportingPeriod=Last30Days');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([...AnalyticsExportColumns]);
    const mine = rows.filter((r) => r.section === 'UserMonth' && r.userId === asker.id);
    expect(mine.reduce((n, r) => n + Number(r.totalTokens), 0)).toBe(72);
    expect(mine[0]).toMatchObject({ gptSystemId: agentA, model: 'scripted-model-1', privacy: 'Private' });
    const visitors = rows.filter((r) => r.section === 'UserMonth' && r.privacy === 'Public');
    expect(visitors.reduce((n, r) => n + Number(r.inputTokens), 0)).toBe(400);
    // 400 input at 2.5 and 200 output at 10 per million
    expect(visitors.reduce((n, r) => n + Number(r.cost), 0)).toBeCloseTo((400 * 2.5 + 200 * 10) / 1e6, 9);
    const days = rows.filter((r) => r.section === 'Day');
    expect(days.reduce((n, r) => n + Number(r.conversations), 0)).toBe(5);
    const nyUtcDay = nyMidnight.toISOString().slice(0, 10);
    expect(days.find((r) => r.period === nyUtcDay)).toMatchObject({ uniqueUsers: '2', conversations: '3' });
  });

  it('quotes fields as RFC 4180 has them', () => {
    const row = { section: 'UserMonth', userEmail: 'a,"b"', gptSystemName: 'Line\r\nbreak "x"', model: 'plain', segments: 3, cost: '0.000100' };
    const [back] = parse(`${AnalyticsExportColumns.join(',')}\n${csvLines([row])}`, { columns: true }) as Record<string, string>[];
    expect(back).toMatchObject({ ...row, segments: '3', userId: '' });
  });

  it('gives the same rows from the monthly rollup (a whole month) as from the daily rows (part of one)', async () => {
    const csv = async (period: string) => {
      const res = await get(`/admin/analytics/export?reportingPeriod=${period}`);
      expect(res.statusCode).toBe(200);
      return (parse(res.body, { columns: true }) as Record<string, string>[]).map((r) => JSON.stringify(r)).sort();
    };
    // every question is of the last two days: AllTime reads this month whole, Last7Days the days of it in the period
    const all = await csv('AllTime');
    expect(all.length).toBeGreaterThan(3);
    const week = await csv('Last7Days');
    expect(week.filter((r) => r.includes('UserMonth'))).toEqual(all.filter((r) => r.includes('UserMonth')));
    expect(week.filter((r) => r.includes('"Day"') && !r.includes('"uniqueUsers":"0"'))).toEqual(all.filter((r) => r.includes('"Day"')));
  });
});

describe('the rollup', () => {
  it('gives the same rows when run again and picks up feedback given later', async () => {
    const snapshot = async () =>
      t.ctx.db.select().from(analyticsUsageHourly).orderBy(analyticsUsageHourly.hour, analyticsUsageHourly.gptSystemId, analyticsUsageHourly.model);
    const before = await snapshot();
    await rollUp(t.ctx);
    await rollUp(t.ctx);
    expect(await snapshot()).toEqual(before);
    await t.ctx.db.execute(
      sql`update ${conversationSegments} set feedback = '{"feedbackType":"Positive","isPositive":true,"comment":null,"createdAt":"2026-01-01T00:00:00Z"}'::jsonb where gpt_system_id = ${agentA}`,
    );
    const res = await t.app.inject({ method: 'POST', url: '/api/internal/admin/analytics/rollup', headers: { authorization: `Bearer ${analyst}` } });
    expect(res.statusCode).toBe(403);
    const writer = (await t.createUser({ actions: ['AnalyticsWrite'] })).token;
    const ok = await t.app.inject({ method: 'POST', url: '/api/internal/admin/analytics/rollup', headers: { authorization: `Bearer ${writer}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().rolledUpUntil).not.toBeNull();
    const c = await chart(`GptSystemConversationSegmentFeedBackByPeriod?reportingPeriod=Last24Hours&gptSystemId=${agentA}`);
    expect(c.total).toBe(3);
  });
});

describe('the rollup job', () => {
  it('rolls up a new conversation when the pg-boss job runs', async () => {
    const agent = (await createAgent(t.ctx.db, { name: 'Job Agent' })).id;
    await conversationAt([new Date()], { gptSystemId: agent, userId: other.id });
    await t.ctx.jobs.send(RollupQueue, {});
    const c = await eventually(
      () => chart('ConversationsByGptSystem?reportingPeriod=Last24Hours'),
      (x) => byKey(x)[agent]?.value === 1,
      15_000,
    );
    expect(byKey(c)[agent]).toMatchObject({ value: 1, label: 'Job Agent' });
  });

  it('keeps the hours of the day of a zone UsersByHourOfDay is first asked in', async () => {
    const paris = async () => (await t.ctx.db.select({ zone: analyticsHourZones.timeZone }).from(analyticsHourZones)).some((z) => z.zone === 'Europe/Paris');
    expect(await paris()).toBe(false);
    const first = await chart('UsersByHourOfDay?reportingPeriod=Last7Days', 'Europe/Paris');
    expect(await eventually(paris, (kept) => kept, 15_000)).toBe(true);
    // read from the zone's last-seen rows now, the same figures
    expect(await chart('UsersByHourOfDay?reportingPeriod=Last7Days', 'Europe/Paris')).toEqual(first);
  });
});

describe('access and bad parameters', () => {
  it('needs AnalyticsRead (403) and a token (401)', async () => {
    for (const path of ['/admin/analytics/conversations/ConversationsByBrand', '/admin/analytics/export']) {
      const res = await get(path, nobody);
      expect(res.statusCode).toBe(403);
      expect(ErrorBodySchema.parse(res.json()).code).toBeTruthy();
      expect((await t.app.inject({ method: 'GET', url: `/api/internal${path}` })).statusCode).toBe(401);
    }
  });

  it('refuses an unknown period, a missing or malformed agent id and a zone that is none (400)', async () => {
    for (const path of [
      'ConversationsByBrand?reportingPeriod=Yesterday',
      'GptSystemConversationsByPeriod',
      'GptSystemConversationSegmentFeedBackByPeriod?gptSystemId=nope',
    ]) {
      const res = await get(`/admin/analytics/conversations/${path}`);
      expect(res.statusCode, path).toBe(400);
      expect(ErrorBodySchema.parse(res.json()).details.length).toBeGreaterThan(0);
    }
    // a zone that is none never fails a call (clients of the original rely on it): the chart is grouped in UTC and says so
    const res = await get('/admin/analytics/conversations/UsersByHourOfDay', analyst, { 'x-timezone': 'Mars/Olympus_Mons' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ timeZone: 'UTC' });
  });

  it('matches paths case-insensitively', async () => {
    expect((await get('/admin/analytics/conversations/conversationsbybrand')).statusCode).toBe(200);
  });
});
