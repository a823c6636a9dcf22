// GET /admin/analytics/costs (docs/analytics.md): the period's tokens per deployment, read from the usage rollups
// (whole UTC days from the daily table, the hours of the days the period's edges cut from the hourly one, as every
// chart), priced at each deployment's current prices per million tokens as the CSV export prices them (costOf).
import type { AnalyticsCostItem, AnalyticsCosts } from '@atrium/contract';
import type { DbContext } from '../../platform/context.js';
import { listConnectionRows, listDeploymentRows } from '../connections/connections.repository.js';
import { costOf } from './analytics.export.js';
import { usageByDeployment, type Period } from './analytics.service.js';

/** to 6 decimals, the prices' own precision (and no float noise such as 0.0037500000000000003) */
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** Cost per deployment used in the period, costliest first (then most tokens); deployments without a price cost 0. */
export async function costsByDeployment(ctx: DbContext, p: Period): Promise<AnalyticsCosts> {
  const rows = await usageByDeployment(ctx, p);
  const connections = await listConnectionRows(ctx.db);
  const deployments = await listDeploymentRows(
    ctx.db,
    connections.map((c) => c.id),
  );
  const byName = new Map(deployments.map((d) => [d.name, d]));
  const items = rows
    .filter((r) => r.input > 0 || r.output > 0)
    .map((r): AnalyticsCostItem => {
      const name = r.key ?? '';
      const d = byName.get(name);
      const inputPrice = d?.inputPricePerMillionTokens ?? null;
      const outputPrice = d?.outputPricePerMillionTokens ?? null;
      return {
        label: d?.displayName || name || 'Unknown deployment',
        value: round6(costOf(r.input, inputPrice) + costOf(r.output, outputPrice)),
        inputTokens: r.input,
        outputTokens: r.output,
        deploymentName: name,
        // a deployment priced for one side only is priced: its other side is free
        priced: inputPrice !== null || outputPrice !== null,
      };
    })
    .sort((a, b) => b.value - a.value || b.inputTokens + b.outputTokens - (a.inputTokens + a.outputTokens) || a.label.localeCompare(b.label));
  return {
    items,
    total: round6(items.reduce((n, i) => n + i.value, 0)),
    reportingPeriod: p.reportingPeriod,
    timeZone: p.timeZone,
    from: p.from?.toISOString() ?? null,
    to: p.to.toISOString(),
    rolledUpUntil: p.rolledUpUntil?.toISOString() ?? null,
  };
}
