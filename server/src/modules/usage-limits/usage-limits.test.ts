// Usage limits over HTTP through the chat path: an agent's daily limits (each person's, and everybody's) and the roles'
// monthly budgets, exactly at the edges (limit-1, limit and limit+1 tokens used, counted from what the scripted model
// reported), the threshold notice on the stream, the refusal's code and message, and the admin figures.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AgentUsageListSchema,
  DefaultUsageMessages,
  ErrorBodySchema,
  RoleBudgetMessages,
  UsageLimitErrorCodes,
  UsageNoticeHeader,
  UserUsageListSchema,
  type AgentConfigWire,
} from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { baseUrl, postStream, questionBody, scriptedGateway, type StreamResult } from '../../test/chat-stream.js';
import { createAgent, publishedConfig } from '../agents/agents.test-factory.js';
import { auditLog, conversationSegments, conversations, userRoleAssignments, userRoles } from '../../db/schema/index.js';
import { agentUsage } from './usage-limits.service.js';

let t: TestApp;
let base: string;
let admin: string;
/** the tokens the scripted model reports for the next answer: [prompt, completion] */
let next: [number, number] = [10, 5];

const gateway = scriptedGateway(async function* () {
  yield { type: 'text', text: 'An answer.' };
  yield { type: 'usage', promptTokens: next[0], completionTokens: next[1], estimated: false };
});

type Limits = NonNullable<AgentConfigWire['tokenLimitSettings']>;
const agentWith = async (limits: Limits) => (await createAgent(t.ctx.db, { publishedConfig: publishedConfig({ tokenLimitSettings: limits }) })).id;

/** Asks the agent a first question, the model reporting `tokens` tokens (prompt and completion split). */
async function ask(agentId: string, token: string, tokens: number): Promise<StreamResult> {
  next = [Math.ceil(tokens / 2), Math.floor(tokens / 2)];
  return postStream(base, `/userConversations/byGptSystemId/${agentId}`, questionBody('How far?'), { token });
}

const noticeOf = (r: StreamResult) => {
  const v = r.headers.get(UsageNoticeHeader);
  return v === null ? null : decodeURIComponent(v);
};

function expectAnswered(r: StreamResult) {
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  expect(r.events.some((e) => e.event === 'response-model')).toBe(true);
}

function expectRefused(r: StreamResult, message: string) {
  expect(r.status).toBe(403);
  const body = ErrorBodySchema.parse(r.json);
  expect(body.code).toBe(UsageLimitErrorCodes.limitReached);
  expect(body.message).toBe(message);
}

const roleOf = async (userId: string) =>
  (await t.ctx.db.select({ id: userRoleAssignments.roleId }).from(userRoleAssignments).where(eq(userRoleAssignments.userId, userId)))[0]!.id;

const api = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, token = admin) =>
  t.app.inject({
    method,
    url: `/api/internal${path}`,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });

beforeAll(async () => {
  t = await createTestApp();
  t.ctx.models = gateway;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = baseUrl(t);
  admin = (await t.createUser({ actions: ['GptSystemsRead', 'GptSystemsWrite', 'UserRolesWrite', 'UserRead'] })).token;
});

afterAll(async () => {
  await t?.close();
});

describe('a person’s daily limit with an agent (tokensPerUserPerDay 100: threshold 80)', () => {
  let agent: string;
  beforeAll(async () => {
    agent = await agentWith({ limitTokens: true, tokensPerDay: null, tokensPerUserPerDay: 100 });
  });

  it('answers below the threshold without a notice, with the threshold message from 80 tokens, refuses from the limit', async () => {
    const p = await t.createUser({ actions: ['GptSystemsRead'] });
    expectAnswered(await ask(agent, p.token, 79));
    // 79 used: below the threshold
    const second = await ask(agent, p.token, 1);
    expectAnswered(second);
    expect(noticeOf(second)).toBeNull();
    // 80 used: exactly the threshold
    const third = await ask(agent, p.token, 19);
    expectAnswered(third);
    expect(noticeOf(third)).toBe(DefaultUsageMessages.thresholdTokensPerUserPerDayMessage);
    // 99 used (limit-1): still answered, with the notice
    const fourth = await ask(agent, p.token, 1);
    expectAnswered(fourth);
    expect(noticeOf(fourth)).toBe(DefaultUsageMessages.thresholdTokensPerUserPerDayMessage);
    // 100 used (the limit): refused, and nothing written
    expectRefused(await ask(agent, p.token, 1), DefaultUsageMessages.limitReachedTokensPerUserPerDayMessage);
    const usage = AgentUsageListSchema.parse((await api('GET', `/admin/usageLimits/agentUsage?gptSystemIds=${agent}`)).json());
    expect(usage.items).toEqual([{ gptSystemId: agent, tokensToday: 100, tokensPerDay: null, tokensPerUserPerDay: 100 }]);
  });

  it('refuses after an answer that went past the limit (limit+1), and only that person', async () => {
    const p = await t.createUser({ actions: ['GptSystemsRead'] });
    const other = await t.createUser({ actions: ['GptSystemsRead'] });
    expectAnswered(await ask(agent, p.token, 101));
    expectRefused(await ask(agent, p.token, 1), DefaultUsageMessages.limitReachedTokensPerUserPerDayMessage);
    const theirs = await ask(agent, other.token, 1);
    expectAnswered(theirs);
    expect(noticeOf(theirs)).toBeNull();
  });

  it('counts a follow-up in the same conversation, and the day’s tokens with other agents not at all', async () => {
    const p = await t.createUser({ actions: ['GptSystemsRead'] });
    const unlimited = await agentWith({ limitTokens: false, tokensPerUserPerDay: 1 });
    expectAnswered(await ask(unlimited, p.token, 500));
    expectAnswered(await ask(unlimited, p.token, 500));
    const first = await ask(agent, p.token, 60);
    const ids = JSON.parse(first.events.find((e) => e.event === 'conversation-and-segment-id')!.data) as { ConversationId: string };
    next = [20, 20];
    const follow = await postStream(base, `/userConversations/${ids.ConversationId}/segments`, questionBody('And then?'), { token: p.token });
    expectAnswered(follow);
    expect(noticeOf(follow)).toBeNull();
    next = [1, 0];
    const refused = await postStream(base, `/userConversations/${ids.ConversationId}/segments`, questionBody('More?'), { token: p.token });
    expectRefused(refused, DefaultUsageMessages.limitReachedTokensPerUserPerDayMessage);
  });
});

describe('an agent’s daily limit (tokensPerDay 100) with its own messages', () => {
  const own = {
    thresholdTokensPerDayMessage: 'Busy day: the agent is nearly out of tokens.',
    limitReachedTokensPerDayMessage: 'The agent is out of tokens for today.',
  };

  it('counts everybody’s tokens: at limit-1 the next person is answered with the notice, at the limit refused', async () => {
    const agent = await agentWith({ limitTokens: true, tokensPerDay: 100, tokensPerUserPerDay: null, ...own });
    const a = await t.createUser({ actions: ['GptSystemsRead'] });
    const b = await t.createUser({ actions: ['GptSystemsRead'] });
    expectAnswered(await ask(agent, a.token, 99));
    const atLimitLess1 = await ask(agent, b.token, 1);
    expectAnswered(atLimitLess1);
    expect(noticeOf(atLimitLess1)).toBe(own.thresholdTokensPerDayMessage);
    expectRefused(await ask(agent, a.token, 1), own.limitReachedTokensPerDayMessage);
    expectRefused(await ask(agent, b.token, 1), own.limitReachedTokensPerDayMessage);
  });

  it('refuses after limit+1, and ignores limits while limitTokens is off', async () => {
    const agent = await agentWith({ limitTokens: true, tokensPerDay: 100 });
    const off = await agentWith({ limitTokens: false, tokensPerDay: 100 });
    const a = await t.createUser({ actions: ['GptSystemsRead'] });
    expectAnswered(await ask(agent, a.token, 101));
    expectRefused(await ask(agent, a.token, 1), DefaultUsageMessages.limitReachedTokensPerDayMessage);
    expectAnswered(await ask(off, a.token, 101));
    const again = await ask(off, a.token, 1);
    expectAnswered(again);
    expect(noticeOf(again)).toBeNull();
  });
});

describe('monthly budgets per role', () => {
  it('a Hard budget refuses from the budget on, a Soft one warns and answers', async () => {
    const agent = await agentWith({ limitTokens: false });
    const hard = await t.createUser({ actions: ['GptSystemsRead'] });
    const soft = await t.createUser({ actions: ['GptSystemsRead'] });
    expect((await api('PUT', `/admin/usageLimits/roleBudgets/${await roleOf(hard.id)}`, { monthlyTokens: 100, enforcement: 'Hard' })).statusCode).toBe(200);
    expect((await api('PUT', `/admin/usageLimits/roleBudgets/${await roleOf(soft.id)}`, { monthlyTokens: 100, enforcement: 'Soft' })).statusCode).toBe(200);

    expectAnswered(await ask(agent, hard.token, 99));
    const last = await ask(agent, hard.token, 1);
    expectAnswered(last);
    expect(noticeOf(last)).toBe(RoleBudgetMessages.threshold);
    expectRefused(await ask(agent, hard.token, 1), RoleBudgetMessages.reached);

    expectAnswered(await ask(agent, soft.token, 101));
    const over = await ask(agent, soft.token, 1);
    expectAnswered(over);
    expect(noticeOf(over)).toBe(RoleBudgetMessages.exceeded);

    const users = UserUsageListSchema.parse((await api('GET', `/admin/usageLimits/userUsage?userIds=${hard.id},${soft.id}`)).json());
    expect(users.items).toEqual([
      { userId: hard.id, tokensThisMonth: 100, monthlyTokens: 100, enforcement: 'Hard' },
      { userId: soft.id, tokensThisMonth: 102, monthlyTokens: 100, enforcement: 'Soft' },
    ]);
  });

  it('the most generous budget of a person’s roles applies; roles without one do not count', async () => {
    const agent = await agentWith({ limitTokens: false });
    const p = await t.createUser({ actions: ['GptSystemsRead'] });
    const small = await roleOf(p.id);
    const [big] = await t.ctx.db.insert(userRoles).values({ name: 'Big budget', actions: [] }).returning();
    const [none] = await t.ctx.db.insert(userRoles).values({ name: 'No budget', actions: [] }).returning();
    await t.ctx.db.insert(userRoleAssignments).values([
      { userId: p.id, roleId: big!.id },
      { userId: p.id, roleId: none!.id },
    ]);
    await api('PUT', `/admin/usageLimits/roleBudgets/${small}`, { monthlyTokens: 50, enforcement: 'Hard' });
    await api('PUT', `/admin/usageLimits/roleBudgets/${big!.id}`, { monthlyTokens: 200, enforcement: 'Hard' });
    expectAnswered(await ask(agent, p.token, 150));
    expectAnswered(await ask(agent, p.token, 50));
    expectRefused(await ask(agent, p.token, 1), RoleBudgetMessages.reached);
    // removed: the smaller budget applies, still reached
    expect((await api('DELETE', `/admin/usageLimits/roleBudgets/${big!.id}`)).statusCode).toBe(204);
    expectRefused(await ask(agent, p.token, 1), RoleBudgetMessages.reached);
    expect((await api('DELETE', `/admin/usageLimits/roleBudgets/${small}`)).statusCode).toBe(204);
    expectAnswered(await ask(agent, p.token, 1));
  });

  it('lists, audits and checks budgets; refuses bad input and callers without the right', async () => {
    const p = await t.createUser({ actions: ['GptSystemsRead'] });
    const role = await roleOf(p.id);
    const put = await api('PUT', `/admin/usageLimits/roleBudgets/${role}`, { monthlyTokens: 1000, enforcement: 'Soft' });
    expect(put.json()).toEqual({ userRoleId: role, monthlyTokens: 1000, enforcement: 'Soft' });
    expect((await api('GET', `/admin/usageLimits/roleBudgets/${role}`)).json()).toEqual({ userRoleId: role, monthlyTokens: 1000, enforcement: 'Soft' });
    const list = (await api('GET', '/admin/usageLimits/roleBudgets')).json() as { items: { userRoleId: string }[] };
    expect(list.items.map((i) => i.userRoleId)).toContain(role);
    const audits = await t.ctx.db.select().from(auditLog).where(eq(auditLog.aggregateId, role));
    expect(audits.map((a) => a.domainOperation)).toContain('BudgetSet');

    for (const bad of [
      { monthlyTokens: 0, enforcement: 'Soft' },
      { monthlyTokens: 1.5, enforcement: 'Hard' },
      { monthlyTokens: 10, enforcement: 'Never' },
      {},
    ]) {
      const res = await api('PUT', `/admin/usageLimits/roleBudgets/${role}`, bad);
      expect(res.statusCode).toBe(400);
      expect(ErrorBodySchema.parse(res.json()).code).toBe('validation_error');
    }
    expect((await api('GET', `/admin/usageLimits/roleBudgets/${role}`)).json()).toMatchObject({ monthlyTokens: 1000 });
    expect((await api('PUT', `/admin/usageLimits/roleBudgets/${crypto.randomUUID()}`, { monthlyTokens: 10, enforcement: 'Hard' })).statusCode).toBe(404);
    expect((await api('DELETE', `/admin/usageLimits/roleBudgets/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await api('GET', '/admin/usageLimits/agentUsage?gptSystemIds=nope')).statusCode).toBe(400);
    expect((await api('PUT', `/admin/usageLimits/roleBudgets/${role}`, { monthlyTokens: 10, enforcement: 'Hard' }, p.token)).statusCode).toBe(403);
    expect((await api('GET', `/admin/usageLimits/userUsage?userIds=${p.id}`, undefined, p.token)).statusCode).toBe(403);
    expect((await api('GET', `/admin/usageLimits/agentUsage?gptSystemIds=${p.id}`, undefined, p.token)).statusCode).toBe(403);
  });
});

describe('an agent’s tokens of the day', () => {
  /** a segment of the agent created at `at` with these tokens (null: its answer is still being written) */
  async function segmentAt(agent: string, at: Date, tokens: number | null) {
    const [c] = await t.ctx.db.insert(conversations).values({ userId: null, gptSystemId: agent, title: 'Day', createdAt: at, lastModifiedAt: at }).returning();
    const [s] = await t.ctx.db
      .insert(conversationSegments)
      .values({
        conversationId: c!.id,
        question: 'q',
        status: tokens === null ? 'InProgress' : 'Success',
        createdAt: at,
        gptSystemId: agent,
        promptTokens: tokens,
        completionTokens: 0,
      })
      .returning();
    return s!.id;
  }

  it('counts the UTC day up to now, the settled part read once per slot and the last minutes every time', async () => {
    const agent = await agentWith({ limitTokens: true, tokensPerDay: 1000 });
    const now = new Date('2030-03-10T12:00:00Z');
    const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
    await segmentAt(agent, new Date('2030-03-09T23:59:59Z'), 1); // yesterday (UTC)
    await segmentAt(agent, new Date('2030-03-10T00:00:00Z'), 10); // the day's first instant
    await segmentAt(agent, minutesAgo(60), 100);
    await segmentAt(agent, minutesAgo(2), 1000);
    const long = await segmentAt(agent, minutesAgo(30), null);
    const today = async (at: Date) => (await agentUsage(t.ctx, [agent], at)).items[0]!.tokensToday;
    expect(await today(now)).toBe(1110);
    // an answer that started half an hour ago ends now: the settled part of this slot was read already
    await t.ctx.db.update(conversationSegments).set({ promptTokens: 7, status: 'Success' }).where(eq(conversationSegments.id, long));
    expect(await today(new Date(now.getTime() + 1000))).toBe(1110);
    // the next slot reads it again; a recent segment counts at once
    await segmentAt(agent, minutesAgo(1), 5);
    expect(await today(new Date(now.getTime() + 5 * 60_000))).toBe(1122);
    // the next day starts from nothing
    expect(await today(new Date('2030-03-11T00:00:01Z'))).toBe(0);
  });
});

describe('a public endpoint’s visitors', () => {
  it('count towards the agent’s daily limit and are refused with its message; a person’s limit is not theirs', async () => {
    const endpointName = `limited-${crypto.randomUUID().slice(0, 8)}`;
    const created = await api('POST', '/admin/gptSystems', {
      gptSystemName: 'Front desk',
      description: 'Answers visitors',
      config: {
        systemPrompt: 'You help.',
        publicEndpointConfiguration: { endpointName, isEnabled: true, allowedOrigins: [] },
        tokenLimitSettings: { limitTokens: true, tokensPerDay: 100, tokensPerUserPerDay: 10 },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { gptSystemId, configStateId } = created.json() as { gptSystemId: string; configStateId: string };
    expect((await api('PUT', `/admin/gptSystems/${gptSystemId}/publishing`, { configStateId })).statusCode).toBe(200);
    const visit = (tokens: number) => {
      next = [tokens, 0];
      const session = crypto.randomUUID();
      return postStream(
        base,
        `/public-conversations/${endpointName}`,
        { question: 'Opening hours?', visionImageIds: [], attachmentIds: [], session: { sessionIdentifier: session } },
        { token: '', headers: { SessionIdentifier: session } },
      );
    };
    expectAnswered(await visit(99));
    const nearly = await visit(1);
    expectAnswered(nearly);
    expect(noticeOf(nearly)).toBe(DefaultUsageMessages.thresholdTokensPerDayMessage);
    expectRefused(await visit(1), DefaultUsageMessages.limitReachedTokensPerDayMessage);
  });
});
