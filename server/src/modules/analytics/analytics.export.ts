// GET /admin/analytics/export (docs/analytics.md): one CSV with two sections told apart by the `section` column:
// UserMonth rows (per person and UTC month, by agent, model and deployment: questions, tokens and cost; visitors of
// public endpoints in one row per month, agent, model and deployment) and Day rows (per UTC day: distinct users and
// conversations started). Written by csv-stringify (the csv project's writer, beside the csv-parse the server reads
// tables with): quoting of commas, quotes and line breaks in names follows RFC 4180.
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import { AnalyticsExportColumns } from '@atrium/contract';
import { analyticsUsageDaily, analyticsUsersDaily } from '../../db/schema/index.js';
import type { DbContext } from '../../platform/context.js';
import { systemAgentNames } from '../agents/agents.lookup.js';
import { listConnectionRows, listDeploymentRows } from '../connections/connections.repository.js';
import { userNames } from '../users/users.lookup.js';
import { rowsOf, type Period } from './analytics.service.js';

const DayMs = 86_400_000;
type Row = Partial<Record<(typeof AnalyticsExportColumns)[number], string | number>>;

/** Cost of tokens at a price per million; rounded to 6 decimals (the prices' own precision). */
const costOf = (tokens: number, pricePerMillion: number | null) => (pricePerMillion === null ? 0 : (tokens * pricePerMillion) / 1_000_000);

export async function exportCsv(ctx: DbContext, p: Period): Promise<string> {
  const rows: Row[] = [];
  if (p.from) {
    const from = new Date(Math.floor(p.from.getTime() / DayMs) * DayMs).toISOString();
    const to = p.to.toISOString();
    const d = analyticsUsersDaily;
    const u = analyticsUsageDaily;
    const [usage, daily, connections] = await Promise.all([
      rowsOf<{
        month: string;
        user_id: string | null;
        privacy: string;
        gpt_system_id: string | null;
        model: string;
        deployment_name: string;
        segments: number;
        input: number;
        output: number;
      }>(
        ctx.db,
        sql`select to_char(date_trunc('month', ${d.day}, 'UTC') at time zone 'UTC', 'YYYY-MM') as month, ${d.userId} as user_id, ${d.privacy} as privacy,
          ${d.gptSystemId} as gpt_system_id, ${d.model} as model, ${d.deploymentName} as deployment_name,
          sum(${d.segments})::float8 as segments, sum(${d.inputTokens})::float8 as input, sum(${d.outputTokens})::float8 as output
        from ${d} where ${d.day} >= ${from}::timestamptz and ${d.day} < ${to}::timestamptz
        group by 1, 2, 3, 4, 5, 6 order by 1, 2 nulls last, 4, 5, 6`,
      ),
      rowsOf<{ day: string; users: number; conversations: number }>(
        ctx.db,
        sql`
        with users as (select to_char(${d.day} at time zone 'UTC', 'YYYY-MM-DD') as day, count(distinct ${d.userKey})::float8 as users
            from ${d} where ${d.day} >= ${from}::timestamptz and ${d.day} < ${to}::timestamptz group by 1),
          started as (select to_char(${u.day} at time zone 'UTC', 'YYYY-MM-DD') as day, sum(${u.conversations})::float8 as conversations
            from ${u} where ${u.day} >= ${from}::timestamptz and ${u.day} < ${to}::timestamptz group by 1)
        select day, coalesce(users.users, 0) as users, coalesce(started.conversations, 0) as conversations
        from users full join started using (day) order by day`,
      ),
      listConnectionRows(ctx.db),
    ]);
    const deployments = await listDeploymentRows(
      ctx.db,
      connections.map((c) => c.id),
    );
    const prices = new Map(deployments.map((x) => [x.name, x]));
    const people = new Map((await userNames(ctx, [...new Set(usage.map((r) => r.user_id).filter((x): x is string => x !== null))])).map((x) => [x.userId, x]));
    const agents = new Map(
      (await systemAgentNames(ctx, [...new Set(usage.map((r) => r.gpt_system_id).filter((x): x is string => x !== null))])).map((a) => [a.gptSystemId, a.name]),
    );
    for (const r of usage) {
      const price = prices.get(r.deployment_name);
      const cost = costOf(r.input, price?.inputPricePerMillionTokens ?? null) + costOf(r.output, price?.outputPricePerMillionTokens ?? null);
      rows.push({
        section: 'UserMonth',
        period: r.month,
        userId: r.user_id ?? '',
        userEmail: r.user_id ? (people.get(r.user_id)?.emailAddress ?? '') : '',
        privacy: r.privacy,
        gptSystemId: r.gpt_system_id ?? '',
        gptSystemName: r.gpt_system_id ? (agents.get(r.gpt_system_id) ?? '') : '',
        model: r.model,
        deploymentName: r.deployment_name,
        segments: r.segments,
        inputTokens: r.input,
        outputTokens: r.output,
        totalTokens: r.input + r.output,
        cost: cost.toFixed(6),
      });
    }
    for (const r of daily) rows.push({ section: 'Day', period: r.day, uniqueUsers: r.users, conversations: r.conversations });
  }
  return stringify(rows, { header: true, columns: [...AnalyticsExportColumns] });
}
