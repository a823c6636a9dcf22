// Performance tests (docs/performance-tests.md): an administrator (PerformanceTestsRun) estimates what a load test of
// an agent costs, starts it (one at a time per instance: the run's row holds the slot; a pg-boss job runs it, so it
// survives the request and runs on whichever process takes the job), follows it, cancels it, and reads and compares
// the results.
import {
  PerformanceTestEstimateAssumptions as Assume,
  type PerformanceTest,
  type PerformanceTestComparison,
  type PerformanceTestEstimate,
  type PerformanceTestInput,
  type PerformanceTestList,
  type PerformanceTestResults,
  type PerformanceTestStatus,
  type PerformanceTestSummary,
} from '@atrium/contract';
import type { AppContext, DbContext } from '../../platform/context.js';
import type { Principal } from '../../platform/access.js';
import { recordAudit, type AuditActor } from '../../platform/audit.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { StoredPerformanceEstimate } from '../../db/schema/index.js';
import { createAgentDirectory } from '../agents/agents.service.js';
import { refuseInactive } from '../conversations/conversations.service.js';
import { userNames } from '../users/users.lookup.js';
import { listConnectionRows, listDeploymentRows } from '../connections/connections.repository.js';
import { tokenCost } from './performance-tests.stats.js';
import { questionAt, runLoadTest } from './performance-tests.runner.js';
import * as repo from './performance-tests.repository.js';

export const RunQueue = 'performance-tests.run';
export const AggregateType = 'PerformanceTest';

interface RunJob {
  performanceTestId: string;
}

type Input = Required<Pick<PerformanceTestInput, 'gptSystemId' | 'virtualUsers' | 'questionsPerUser' | 'rampUpSeconds' | 'questions'>>;

/** The run's job: one at a time; a job that runs again (its process stopped mid-run) ends the run as Failed. */
export function defineRunJob(ctx: AppContext): void {
  ctx.jobs.define<RunJob>(
    RunQueue,
    {
      concurrency: 1,
      retryLimit: 1,
      retryDelaySeconds: 1,
      expireInSeconds: 3600,
      heartbeatSeconds: 30,
    },
    async (job, run) => {
      const row = await repo.findRun(ctx.db, job.performanceTestId);
      if (!row || row.active === null) return;
      if (row.status !== 'Queued') {
        await repo.finishRun(ctx.db, row.id, {
          status: 'Failed',
          error: 'The server running it stopped; the results are what it measured until then.',
          at: new Date(),
        });
        return;
      }
      await runLoadTest(ctx, row, run.signal);
    },
  );
  // a run whose job was lost (a process stopped between the insert and the send) would hold the slot for ever; runs
  // made since this process started are this process's to send
  const mountedAt = new Date();
  ctx.jobs.onStart(async () => {
    const active = await repo.findActiveRun(ctx.db);
    if (!active || active.createdAt >= mountedAt) return;
    const jobs = await ctx.jobs.find<RunJob>(RunQueue, { performanceTestId: active.id });
    if (!jobs.some((j) => j.state === 'created' || j.state === 'retry' || j.state === 'active'))
      await repo.finishRun(ctx.db, active.id, { status: 'Failed', error: 'Its job was lost; start the run again.', at: new Date() });
  });
}

/** A deployment's prices per million tokens, as set on its connection's deployment (null: none set). */
async function deploymentPrices(ctx: DbContext, deploymentId: string) {
  const connections = await listConnectionRows(ctx.db);
  const found = (
    await listDeploymentRows(
      ctx.db,
      connections.map((c) => c.id),
    )
  ).find((d) => d.id === deploymentId);
  return { inputPricePerMillionTokens: found?.inputPricePerMillionTokens ?? null, outputPricePerMillionTokens: found?.outputPricePerMillionTokens ?? null };
}

const tokensOf = (text: string) => Math.ceil(text.length / Assume.charactersPerToken);

/** What a run would ask and cost, for the agent as the caller may chat with it. */
export async function estimate(ctx: AppContext, principal: Principal, input: Input): Promise<PerformanceTestEstimate> {
  const agent = refuseInactive(await createAgentDirectory(ctx).getForChat(principal, input.gptSystemId));
  const deployment = await ctx.models.resolve(agent.config.deploymentName);
  const prices = await deploymentPrices(ctx, deployment.deploymentId);
  const totalQuestions = input.virtualUsers * input.questionsPerUser;
  const system = tokensOf(`${agent.config.systemPrompt ?? ''}${agent.config.customSystemPrompt ?? ''}`) + Assume.promptOverheadTokens;
  let inputTokens = 0;
  for (let n = 0; n < totalQuestions; n++) inputTokens += system + tokensOf(questionAt(input.questions, n));
  const answerTokens = agent.config.maxTokens && agent.config.maxTokens > 0 ? agent.config.maxTokens : Assume.defaultAnswerTokens;
  const outputTokens = totalQuestions * answerTokens;
  return {
    gptSystemId: agent.gptSystemId,
    gptSystemName: agent.name,
    deploymentName: deployment.name,
    deploymentDisplayName: deployment.displayName,
    totalQuestions,
    inputTokens,
    outputTokens,
    ...prices,
    cost: tokenCost(inputTokens, outputTokens, prices),
  };
}

/** Starts a run: 409 while another is queued or running. */
export async function startRun(ctx: AppContext, principal: Principal, actor: AuditActor, input: Input): Promise<PerformanceTest> {
  const e = await estimate(ctx, principal, input);
  const { gptSystemId, gptSystemName, deploymentName, ...stored } = e;
  const row = await repo.insertActiveRun(ctx.db, {
    gptSystemId,
    gptSystemName,
    deploymentName,
    virtualUsers: input.virtualUsers,
    questionsPerUser: input.questionsPerUser,
    rampUpSeconds: input.rampUpSeconds,
    questions: input.questions,
    estimate: stored satisfies StoredPerformanceEstimate,
    createdByUserId: principal.userId,
  });
  if (!row) throw busy();
  await recordAudit(ctx.db, { aggregateType: AggregateType, aggregateId: row.id, domainOperation: 'Started', actor, after: auditSnapshot(row) });
  try {
    await ctx.jobs.send<RunJob>(RunQueue, { performanceTestId: row.id });
  } catch (err) {
    await repo.finishRun(ctx.db, row.id, { status: 'Failed', error: 'The run could not be queued.', at: new Date() });
    throw err;
  }
  return present(row, await namesOf(ctx, [row]));
}

const busy = () =>
  conflict('A performance test is already running on this instance. Wait for it to end or cancel it.', [
    { field: 'gptSystemId', message: 'Another run is in progress' },
  ]);

/** Asks a queued or running run to stop; 409 when it has already ended. */
export async function cancelRun(ctx: AppContext, actor: AuditActor, id: string): Promise<PerformanceTest> {
  const found = await repo.findRun(ctx.db, id);
  if (!found) throw notFound('The performance test');
  const row = await repo.requestCancel(ctx.db, id, new Date());
  if (!row) throw conflict('The performance test has already ended.');
  // a run no job has taken yet ends at once; a running one stops within a second (its process reads the request)
  const ended = row.status === 'Queued' ? await repo.finishRun(ctx.db, id, { status: 'Cancelled', at: new Date() }) : null;
  await recordAudit(ctx.db, { aggregateType: AggregateType, aggregateId: id, domainOperation: 'Cancelled', actor });
  const current = ended ?? row;
  return present(current, await namesOf(ctx, [current]));
}

export async function getRun(ctx: DbContext, id: string): Promise<PerformanceTest> {
  const row = await repo.findRun(ctx.db, id);
  if (!row) throw notFound('The performance test');
  return present(row, await namesOf(ctx, [row]));
}

export const countRuns = (ctx: DbContext) => repo.countRuns(ctx.db);

const encodeToken = (createdAt: string, id: string) => Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');

function decodeToken(token: string): repo.RunPageAfter {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt === 'string' && !Number.isNaN(Date.parse(createdAt)) && typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id))
      return { createdAt, id };
  } catch {
    // falls through to the refusal
  }
  throw badRequest('The continuation token is not valid.', [{ field: 'continuationToken', message: 'Use the token of a previous page' }]);
}

export async function listRuns(
  ctx: DbContext,
  query: { pageSize: number; continuationToken?: string | undefined; gptSystemId?: string | undefined },
): Promise<PerformanceTestList> {
  const pageSize = query.pageSize;
  const rows = await repo.listRuns(ctx.db, {
    ...(query.gptSystemId ? { gptSystemId: query.gptSystemId } : {}),
    after: query.continuationToken ? decodeToken(query.continuationToken) : null,
    limit: pageSize + 1,
  });
  const page = rows.slice(0, pageSize);
  const names = await namesOf(
    ctx,
    page.map((r) => r.row),
  );
  const last = page.at(-1);
  return {
    items: page.map((r) => summary(present(r.row, names))),
    continuationToken: rows.length > pageSize && last ? encodeToken(last.cursor, last.row.id) : null,
  };
}

const delta = (a: number | null | undefined, b: number | null | undefined) =>
  a === null || a === undefined || b === null || b === undefined ? null : Math.round((b - a) * 10) / 10;

const errorRate = (r: PerformanceTestResults | null) => (r && r.completed + r.errors > 0 ? r.errors / (r.completed + r.errors) : null);

export async function compareRuns(ctx: DbContext, baseId: string, otherId: string): Promise<PerformanceTestComparison> {
  const [base, other] = await Promise.all([getRun(ctx, baseId), getRun(ctx, otherId)]);
  const a = base.results;
  const b = other.results;
  const rate = delta(errorRate(a), errorRate(b));
  return {
    base,
    other,
    differences: {
      timeToFirstTokenMs: {
        p50: delta(a?.timeToFirstTokenMs?.p50, b?.timeToFirstTokenMs?.p50),
        p95: delta(a?.timeToFirstTokenMs?.p95, b?.timeToFirstTokenMs?.p95),
        p99: delta(a?.timeToFirstTokenMs?.p99, b?.timeToFirstTokenMs?.p99),
      },
      tokensPerSecond: {
        p50: delta(a?.tokensPerSecond?.p50, b?.tokensPerSecond?.p50),
        p95: delta(a?.tokensPerSecond?.p95, b?.tokensPerSecond?.p95),
        p99: delta(a?.tokensPerSecond?.p99, b?.tokensPerSecond?.p99),
      },
      throughputTokensPerSecond: delta(a?.throughputTokensPerSecond, b?.throughputTokensPerSecond),
      errorRate: rate === null ? null : Math.round((errorRate(b)! - errorRate(a)!) * 1000) / 1000,
    },
  };
}

/** The name of a run for the audit log. */
export async function runName(ctx: DbContext, id: string): Promise<string | null> {
  const row = await repo.findRun(ctx.db, id);
  return row ? `${row.gptSystemName} (${row.createdAt.toISOString().slice(0, 16).replace('T', ' ')})` : null;
}

async function namesOf(ctx: DbContext, rows: readonly repo.RunRow[]) {
  const found = await userNames(
    ctx,
    rows.flatMap((r) => (r.createdByUserId ? [r.createdByUserId] : [])),
  );
  return new Map(found.map((u) => [u.userId, u.displayName || u.emailAddress]));
}

const auditSnapshot = (row: repo.RunRow) => ({
  gptSystemId: row.gptSystemId,
  gptSystemName: row.gptSystemName,
  deploymentName: row.deploymentName,
  virtualUsers: row.virtualUsers,
  questionsPerUser: row.questionsPerUser,
  rampUpSeconds: row.rampUpSeconds,
  questions: row.questions.length,
  estimatedCost: row.estimate.cost,
});

function present(row: repo.RunRow, names: ReadonlyMap<string, string>): PerformanceTest {
  return {
    performanceTestId: row.id,
    gptSystemId: row.gptSystemId,
    gptSystemName: row.gptSystemName,
    deploymentName: row.deploymentName,
    status: row.status as PerformanceTestStatus,
    virtualUsers: row.virtualUsers,
    questionsPerUser: row.questionsPerUser,
    rampUpSeconds: row.rampUpSeconds,
    questions: row.questions,
    estimate: row.estimate,
    results: (row.results as PerformanceTestResults | null) ?? null,
    error: row.error,
    createdBy: row.createdByUserId ? { userId: row.createdByUserId, displayName: names.get(row.createdByUserId) ?? 'Removed user' } : null,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    cancelRequestedAt: row.cancelRequestedAt?.toISOString() ?? null,
  };
}

function summary(run: PerformanceTest): PerformanceTestSummary {
  const { questions: _questions, results, ...rest } = run;
  if (!results) return { ...rest, results: null };
  const { timeline: _timeline, errorMessages: _messages, ...figures } = results;
  return { ...rest, results: figures };
}
