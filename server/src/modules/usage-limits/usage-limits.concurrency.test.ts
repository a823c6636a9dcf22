// Questions of one person asked at the same moment near their own limit (usage-limits.claims.ts): at limit-1, of ten
// questions asked at once exactly one is answered and the nine others are refused once its tokens are recorded, for a
// person's daily limit with an agent and for a Hard monthly budget (over two agents); below the threshold nothing
// waits; an answer stuck InProgress longer than the bound keeps nobody waiting; a wait that runs out is a 429.
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema, DefaultUsageMessages, RoleBudgetMessages, UsageLimitErrorCodes, type AgentConfigWire } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { baseUrl, postStream, questionBody, scriptedGateway, sleep, type StreamResult } from '../../test/chat-stream.js';
import { createAgent, publishedConfig } from '../agents/agents.test-factory.js';
import { conversationSegments, conversations, userRoleAssignments } from '../../db/schema/index.js';
import { ClaimTiming } from './usage-limits.claims.js';

let t: TestApp;
let base: string;
let admin: string;
/** the tokens the scripted model reports for each answer (all completion tokens), and how long it takes */
let tokens = 1;
let answerMs = 0;

const gateway = scriptedGateway(async function* () {
  const reported = tokens;
  if (answerMs) await sleep(answerMs);
  yield { type: 'text', text: 'An answer.' };
  yield { type: 'usage', promptTokens: 0, completionTokens: reported, estimated: false };
});

type Limits = NonNullable<AgentConfigWire['tokenLimitSettings']>;
const agentWith = async (limits: Limits) => (await createAgent(t.ctx.db, { publishedConfig: publishedConfig({ tokenLimitSettings: limits }) })).id;

const ask = (agentId: string, token: string) => postStream(base, `/userConversations/byGptSystemId/${agentId}`, questionBody('How far?'), { token });

async function used(agentId: string, token: string, n: number) {
  tokens = n;
  const r = await ask(agentId, token);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
}

const answered = (rs: StreamResult[]) => rs.filter((r) => r.status === 200 && r.events.some((e) => e.event === 'response-model'));

function expectRefusedWith(rs: StreamResult[], message: string) {
  for (const r of rs) {
    expect(r.status, JSON.stringify(r.json)).toBe(403);
    const body = ErrorBodySchema.parse(r.json);
    expect(body.code).toBe(UsageLimitErrorCodes.limitReached);
    expect(body.message).toBe(message);
  }
}

const segmentsOf = async (userId: string) =>
  t.ctx.db
    .select({ id: conversationSegments.id })
    .from(conversationSegments)
    .innerJoin(conversations, eq(conversations.id, conversationSegments.conversationId))
    .where(eq(conversations.userId, userId));

const roleOf = async (userId: string) =>
  (await t.ctx.db.select({ id: userRoleAssignments.roleId }).from(userRoleAssignments).where(eq(userRoleAssignments.userId, userId)))[0]!.id;

/** An answer of the person with the agent, started `minutesAgo` and still InProgress (its process died, or is slow). */
async function inProgressAnswer(userId: string, agentId: string, minutesAgo: number) {
  const at = new Date(Date.now() - minutesAgo * 60_000);
  const [c] = await t.ctx.db.insert(conversations).values({ userId, gptSystemId: agentId, title: 'Stuck', createdAt: at, lastModifiedAt: at }).returning();
  await t.ctx.db
    .insert(conversationSegments)
    .values({ conversationId: c!.id, question: 'q', status: 'InProgress', createdAt: at, gptSystemId: agentId, userId });
  return c!.id;
}

/**
 * The person has used 99 tokens (with the first agent) of a limit of 100; ten questions at once (the i-th to
 * `agentFor(i)`), each answer 1 token: exactly one is answered, the nine others refused with `message` once its
 * tokens count, and they wrote nothing (the first answer and the one that went to the limit are all there is).
 */
async function oneOfTenAtLimitMinusOne(p: { id: string; token: string }, agentFor: (i: number) => string, message: string) {
  await used(agentFor(0), p.token, 99);
  tokens = 1;
  answerMs = 300;
  const rs = await Promise.all(Array.from({ length: 10 }, (_, i) => ask(agentFor(i), p.token)));
  expect(answered(rs)).toHaveLength(1);
  expectRefusedWith(
    rs.filter((r) => r.status !== 200),
    message,
  );
  expect(await segmentsOf(p.id)).toHaveLength(2);
}

beforeAll(async () => {
  t = await createTestApp();
  t.ctx.models = gateway;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = baseUrl(t);
  admin = (await t.createUser({ actions: ['UserRolesWrite'] })).token;
});

afterEach(() => {
  answerMs = 0;
  ClaimTiming.waitMs = 60_000;
});

afterAll(async () => {
  await t?.close();
});

describe('ten questions of one person at once', () => {
  it('at limit-1 of their daily limit with the agent: exactly one is answered, nine refused once its tokens count', async () => {
    const agent = await agentWith({ limitTokens: true, tokensPerDay: null, tokensPerUserPerDay: 100 });
    const p = await t.createUser({ actions: ['GptSystemsRead'] });
    await oneOfTenAtLimitMinusOne(p, () => agent, DefaultUsageMessages.limitReachedTokensPerUserPerDayMessage);
  });

  it('at limit-1 of a Hard monthly budget, over two agents: exactly one is answered', async () => {
    const [a, b] = await Promise.all([agentWith({ limitTokens: false }), agentWith({ limitTokens: false })]);
    const p = await t.createUser({ actions: ['GptSystemsRead'] });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/internal/admin/usageLimits/roleBudgets/${await roleOf(p.id)}`,
      headers: { authorization: `Bearer ${admin}` },
      payload: { monthlyTokens: 100, enforcement: 'Hard' },
    });
    expect(put.statusCode, put.body).toBe(200);
    await oneOfTenAtLimitMinusOne(p, (i) => (i % 2 ? b : a), RoleBudgetMessages.reached);
  });

  it('below the threshold: all ten are answered side by side', async () => {
    const agent = await agentWith({ limitTokens: true, tokensPerUserPerDay: 1000 });
    const p = await t.createUser({ actions: ['GptSystemsRead'] });
    tokens = 1;
    answerMs = 500;
    const started = Date.now();
    const rs = await Promise.all(Array.from({ length: 10 }, () => ask(agent, p.token)));
    expect(answered(rs)).toHaveLength(10);
    // side by side, not one after the other (ten answers of 500 ms)
    expect(Date.now() - started).toBeLessThan(4500);
  });
});

describe('answers being written', () => {
  it('one stuck InProgress longer than the bound keeps nobody waiting', async () => {
    const agent = await agentWith({ limitTokens: true, tokensPerUserPerDay: 100 });
    const p = await t.createUser({ actions: ['GptSystemsRead'] });
    await used(agent, p.token, 90);
    await inProgressAnswer(p.id, agent, 11);
    ClaimTiming.waitMs = 2000;
    tokens = 1;
    const started = Date.now();
    expect(answered([await ask(agent, p.token)])).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a wait that runs out is a 429 with nothing written; once the answer ends the question goes ahead', async () => {
    const agent = await agentWith({ limitTokens: true, tokensPerUserPerDay: 100 });
    const p = await t.createUser({ actions: ['GptSystemsRead'] });
    await used(agent, p.token, 90);
    const stuck = await inProgressAnswer(p.id, agent, 1);
    ClaimTiming.waitMs = 500;
    tokens = 1;
    const before = (await segmentsOf(p.id)).length;
    const r = await ask(agent, p.token);
    expect(r.status).toBe(429);
    expect(ErrorBodySchema.parse(r.json).code).toBe(UsageLimitErrorCodes.answerInProgress);
    expect(await segmentsOf(p.id)).toHaveLength(before);
    await t.ctx.db
      .update(conversationSegments)
      .set({ status: 'Success', completionTokens: 5 })
      .where(and(eq(conversationSegments.conversationId, stuck), eq(conversationSegments.status, 'InProgress')));
    expect(answered([await ask(agent, p.token)])).toHaveLength(1);
  });
});
