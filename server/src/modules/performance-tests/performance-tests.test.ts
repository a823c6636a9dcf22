// Performance tests against the fake OpenAI-compatible server (chunk delays): a small run through the real chat path
// with sane percentiles, its conversations kept out of the person's list and its tokens out of the usage limits, the
// bounds (400), one run at a time (409), cancel, compare and the permissions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PerformanceTest, PerformanceTestComparison, PerformanceTestEstimate, PerformanceTestList } from '@atrium/contract';
import { startFakeOpenAI, type FakeUpstream } from '../../test/fake-upstreams.js';
import { startModelTestApp, type ModelTestApp } from '../../test/model-app.js';
import { eventually, jsonCaller } from '../../test/chat-stream.js';
import { analyticsUsageHourly, conversationSegments, conversations } from '../../db/schema/index.js';
import { rollUp } from '../analytics/analytics.rollup.js';
import { agentTokensBetween } from '../conversations/conversations.token-usage.js';
import { percentile, timeline } from './performance-tests.stats.js';

describe('performance tests', () => {
  let app: ModelTestApp;
  let openai: FakeUpstream;
  let admin: { id: string; token: string };
  let reader: { id: string; token: string };
  let call: ReturnType<typeof jsonCaller>;

  beforeAll(async () => {
    openai = await startFakeOpenAI({
      script: { chunks: ['One', ' two', ' three', ' four'], firstTokenDelayMs: 60, chunkDelayMs: 15, usage: { promptTokens: 40, completionTokens: 4 } },
    });
    app = await startModelTestApp([
      {
        name: 'Local vLLM',
        providerType: 'OpenAICompatible',
        endpoint: openai.url,
        apiKey: 'sk-test',
        deployments: [
          {
            name: 'fake-gpt',
            displayName: 'Fake GPT',
            model: 'fake-gpt-model',
            isDefault: true,
            inputPricePerMillionTokens: 2.5,
            outputPricePerMillionTokens: 10,
          },
        ],
      },
    ]);
    admin = await app.t.createUser({ actions: ['PerformanceTestsRun', 'GptSystemsRead'] });
    reader = await app.t.createUser({ actions: ['GptSystemsRead', 'AnalyticsRead'] });
    call = jsonCaller(
      () => app.base,
      () => admin.token,
    );
  });
  afterAll(async () => {
    await app.close();
    await openai.close();
  });

  const input = (over: Record<string, unknown> = {}) => ({
    gptSystemId: app.agentId,
    virtualUsers: 3,
    questionsPerUser: 2,
    rampUpSeconds: 1,
    questions: ['What are the library opening hours?', 'How do I reset my password?'],
    ...over,
  });
  const waitFor = (id: string, statuses: string[], timeoutMs = 20_000) =>
    eventually(
      async () => (await call<PerformanceTest>('GET', `/admin/performanceTests/${id}`)).body,
      (r) => statuses.includes(r.status),
      timeoutMs,
    );

  it('refuses people without PerformanceTestsRun (403) and anonymous callers (401)', async () => {
    for (const [method, path, body] of [
      ['GET', '/admin/performanceTests'],
      ['GET', '/admin/performanceTests/count'],
      ['POST', '/admin/performanceTests/estimate', input()],
      ['POST', '/admin/performanceTests', input()],
    ] as const) {
      expect((await call(method, path, body, reader.token)).status, `${method} ${path}`).toBe(403);
      const anonymous = await fetch(`${app.base}/api/internal${path}`, {
        method,
        ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
      });
      expect(anonymous.status).toBe(401);
    }
    expect((await call('GET', '/admin/performanceTests/count')).body).toEqual({ count: 0 });
  });

  it('refuses runs beyond the bounds with 400 and starts nothing', async () => {
    const refused = [
      input({ virtualUsers: 51 }),
      input({ virtualUsers: 0 }),
      input({ questionsPerUser: 21 }),
      input({ virtualUsers: 50, questionsPerUser: 11 }),
      input({ rampUpSeconds: 301 }),
      input({ questions: [] }),
      input({ questions: ['   '] }),
      input({ questions: Array.from({ length: 51 }, (_, i) => `Question ${i}`) }),
      input({ questions: ['x'.repeat(2001)] }),
      input({ virtualUsers: 2.5 }),
      input({ gptSystemId: 'not-a-uuid' }),
    ];
    for (const body of refused) {
      const r = await call<{ code: string; details: { field: string }[] }>('POST', '/admin/performanceTests', body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.body.details.length).toBeGreaterThan(0);
    }
    expect((await call('POST', '/admin/performanceTests', input({ gptSystemId: '00000000-0000-4000-8000-000000000000' }))).status).toBe(404);
    expect((await call('GET', '/admin/performanceTests/count')).body).toEqual({ count: 0 });
  });

  it('estimates the tokens and the cost at the deployment’s prices', async () => {
    const r = await call<PerformanceTestEstimate>('POST', '/admin/performanceTests/estimate', input());
    expect(r.status).toBe(200);
    const e = r.body;
    expect(e).toMatchObject({ deploymentName: 'fake-gpt', totalQuestions: 6, inputPricePerMillionTokens: 2.5, outputPricePerMillionTokens: 10 });
    expect(e.inputTokens).toBeGreaterThan(6 * 8);
    expect(e.outputTokens).toBeGreaterThan(0);
    expect(e.cost).toBeCloseTo((e.inputTokens * 2.5 + e.outputTokens * 10) / 1_000_000, 6);
  });

  let first: PerformanceTest;

  it('runs a small test through the chat path and stores sane results', async () => {
    const started = await call<PerformanceTest>('POST', '/admin/performanceTests', input());
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'Queued', virtualUsers: 3, questionsPerUser: 2, createdBy: { userId: admin.id } });
    first = await waitFor(started.body.performanceTestId, ['Completed', 'Failed', 'Cancelled']);
    expect(first.status, JSON.stringify({ error: first.error, messages: first.results?.errorMessages })).toBe('Completed');
    const r = first.results!;
    expect(r).toMatchObject({ completed: 6, errors: 0, inputTokens: 6 * 40, outputTokens: 6 * 4, errorMessages: [] });
    // the fake waits 60 ms before its first token
    expect(r.timeToFirstTokenMs!.p50).toBeGreaterThanOrEqual(55);
    expect(r.timeToFirstTokenMs!.p50).toBeLessThanOrEqual(r.timeToFirstTokenMs!.p95);
    expect(r.timeToFirstTokenMs!.p95).toBeLessThanOrEqual(r.timeToFirstTokenMs!.p99);
    expect(r.timeToFirstTokenMs!.p99).toBeLessThan(5000);
    expect(r.durationMs!.p50).toBeGreaterThan(r.timeToFirstTokenMs!.p50);
    expect(r.tokensPerSecond!.p50).toBeGreaterThan(0);
    expect(r.throughputTokensPerSecond).toBeGreaterThan(0);
    expect(r.cost).toBeCloseTo((240 * 2.5 + 24 * 10) / 1_000_000, 9);
    // ramped over a second: the timeline holds every question once
    expect(r.timeline.reduce((n, s) => n + s.started, 0)).toBe(6);
    expect(r.timeline.reduce((n, s) => n + s.completed, 0)).toBe(6);
    expect(r.elapsedSeconds).toBeGreaterThanOrEqual(0.6);

    // the questions went to the agent's deployment, each as a new conversation marked with the run
    const asked = openai.requests.filter((q) => JSON.stringify(q.body).includes('library opening hours'));
    expect(asked).toHaveLength(3);
    const made = await app.t.ctx.db.select().from(conversations).where(eq(conversations.performanceTestRunId, first.performanceTestId));
    expect(made).toHaveLength(6);
    expect(made.every((c) => c.userId === admin.id)).toBe(true);
    const segments = await app.t.ctx.db.select().from(conversationSegments).where(eq(conversationSegments.performanceTestRunId, first.performanceTestId));
    expect(segments.map((s) => s.status)).toEqual(Array(6).fill('Success'));
    // no titles were asked for: 6 model calls in all
    expect(openai.requests).toHaveLength(6);
    // not in the person's conversation list, and not counted against the agent's daily limit
    const list = await call<{ items: unknown[] }>('GET', '/userConversations');
    expect(list.body.items).toHaveLength(0);
    const tokens = await agentTokensBetween(app.t.ctx.db, [app.agentId], new Date(Date.now() - 3600_000), new Date(Date.now() + 1000));
    expect(tokens.get(app.agentId)).toBe(0);
    // nor in analytics: the rollup of this hour has no rows
    await rollUp(app.t.ctx);
    expect(await app.t.ctx.db.select().from(analyticsUsageHourly)).toEqual([]);

    expect((await call('GET', '/admin/performanceTests/count')).body).toEqual({ count: 1 });
    const listed = await call<PerformanceTestList>('GET', '/admin/performanceTests');
    expect(listed.body.items).toHaveLength(1);
    expect(listed.body.items[0]).toMatchObject({ performanceTestId: first.performanceTestId, status: 'Completed', results: { completed: 6 } });
    expect(listed.body.items[0]).not.toHaveProperty('questions');
  });

  it('runs one test at a time (409), and a cancel stops the running one', async () => {
    openai.setScript({ chunks: ['slow'], firstTokenDelayMs: 3000, usage: { promptTokens: 40, completionTokens: 1 } });
    const before = openai.requests.length;
    const started = await call<PerformanceTest>('POST', '/admin/performanceTests', input({ virtualUsers: 4, questionsPerUser: 5, rampUpSeconds: 0 }));
    expect(started.status).toBe(202);
    const id = started.body.performanceTestId;
    await waitFor(id, ['Running']);
    const second = await call<{ code: string }>('POST', '/admin/performanceTests', input());
    expect(second.status).toBe(409);
    expect(second.body.code).toBeTruthy();
    // the four virtual users' first questions reach the model
    await eventually(
      async () => openai.requests.length - before,
      (n) => n >= 4,
    );
    const cancelled = await call<PerformanceTest>('POST', `/admin/performanceTests/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.cancelRequestedAt).not.toBeNull();
    const ended = await waitFor(id, ['Cancelled', 'Completed', 'Failed'], 10_000);
    expect(ended.status).toBe('Cancelled');
    // the answers being made were stopped (the model's requests abandoned) and no further question was asked
    await openai.waitForAbort(4, 5000);
    expect(openai.requests.length - before).toBe(4);
    expect(ended.results?.completed ?? 0).toBe(0);
    expect(ended.results?.errors ?? 0).toBe(0);
    // an ended run cannot be cancelled again; the slot is free for the next
    expect((await call('POST', `/admin/performanceTests/${id}/cancel`)).status).toBe(409);
    expect((await call('POST', '/admin/performanceTests/00000000-0000-4000-8000-000000000000/cancel')).status).toBe(404);
  });

  it('counts failed answers as errors with their messages and compares two runs', async () => {
    openai.setScript({ status: 500, errorMessage: 'upstream exploded' });
    const started = await call<PerformanceTest>('POST', '/admin/performanceTests', input({ virtualUsers: 2, questionsPerUser: 1, rampUpSeconds: 0 }));
    expect(started.status).toBe(202);
    const failed = await waitFor(started.body.performanceTestId, ['Completed', 'Failed', 'Cancelled']);
    expect(failed.status).toBe('Completed');
    expect(failed.results).toMatchObject({ completed: 0, errors: 2, timeToFirstTokenMs: null });
    expect(failed.results!.errorMessages, JSON.stringify(failed.results!.errorMessages)).toHaveLength(1);
    expect(failed.results!.errorMessages[0]!.count).toBe(2);

    const compared = await call<PerformanceTestComparison>(
      'GET',
      `/admin/performanceTests/compare?baseId=${first.performanceTestId}&otherId=${failed.performanceTestId}`,
    );
    expect(compared.status).toBe(200);
    expect(compared.body.base.performanceTestId).toBe(first.performanceTestId);
    expect(compared.body.differences.errorRate).toBe(1);
    expect(compared.body.differences.timeToFirstTokenMs.p50).toBeNull();
    expect((await call('GET', `/admin/performanceTests/compare?baseId=${first.performanceTestId}&otherId=x`)).status).toBe(400);
  });
});

describe('performance test statistics', () => {
  it('takes nearest-rank percentiles', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect([percentile(values, 50), percentile(values, 95), percentile(values, 99), percentile(values, 100)]).toEqual([50, 95, 99, 100]);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBe(0);
  });

  it('puts each answer in the seconds it started, was in flight and ended', () => {
    const rows = timeline(
      [
        { startedMs: 100, endedMs: 2500, timeToFirstTokenMs: 400, durationMs: 2400, inputTokens: 10, outputTokens: 7, error: null },
        { startedMs: 1200, endedMs: 1300, timeToFirstTokenMs: null, durationMs: null, inputTokens: 0, outputTokens: 0, error: 'failed' },
      ],
      3000,
    );
    expect(rows.map((r) => [r.started, r.completed, r.errors, r.inFlight, r.outputTokens])).toEqual([
      [1, 0, 0, 1, 0],
      [1, 1, 1, 1, 0],
      [0, 1, 0, 0, 7],
    ]);
    expect(rows[0]!.timeToFirstTokenMs).toBe(400);
  });
});
