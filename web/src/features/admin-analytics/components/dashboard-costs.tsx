// The period's estimated cost: a headline card with the sum and a bar per deployment, each deployment's input and
// output tokens priced at its prices per million tokens (GET /admin/analytics/costs). A deployment without a price
// counts as 0, which a note under the chart says when there is one. Bars run across, so that deployment names of any
// length stay readable on a phone.
import type { AnalyticsCosts, ReportingPeriod } from '@atrium/contract';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from '../../../app/i18n/i18n';
import { useGetAnalyticsCostsQuery } from '../api/analytics.api';
import { formatCost, formatNumber } from './analytics-format';
import { ChartCard } from './chart-card';
import { HeadlineCard } from './headline-card';

const BarHeight = 36;

function CostChart({ costs, label }: { costs: AnalyticsCosts; label: string }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const locale = i18n.language;
  const items = costs.items;
  const byName = new Map(items.map((i) => [i.deploymentName, i]));
  return (
    <div role="figure" aria-label={label}>
      <BarChart
        layout="horizontal"
        height={Math.max(120, items.length * BarHeight + 40)}
        yAxis={[
          {
            scaleType: 'band',
            data: items.map((i) => i.deploymentName),
            valueFormatter: (name: string) => byName.get(name)?.label ?? name,
            width: 110,
            categoryGapRatio: 0.3,
          },
        ]}
        xAxis={[{ valueFormatter: (v: number) => formatCost(v, locale), height: 28, tickMinStep: 0.000001 }]}
        series={[
          {
            data: items.map((i) => i.value),
            label: t('analyticsAdmin.costs.series'),
            color: theme.palette.success.main,
            valueFormatter: (v, { dataIndex }) => {
              const item = items[dataIndex];
              if (v === null || !item) return '';
              const tokens = t('analyticsAdmin.costs.tokens', {
                input: formatNumber(item.inputTokens, locale),
                output: formatNumber(item.outputTokens, locale),
              });
              return `${item.priced ? formatCost(v, locale, true) : t('analyticsAdmin.costs.unpriced')} (${tokens})`;
            },
          },
        ]}
        grid={{ vertical: true }}
        hideLegend
        margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
      />
    </div>
  );
}

export function DashboardCosts({ period }: { period: ReportingPeriod }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const locale = i18n.language;
  const query = useGetAnalyticsCostsQuery({ reportingPeriod: period });
  const costs = query.currentData;
  const loading = costs === undefined && !query.isError;
  const error = query.isError ? query.error : undefined;
  const unpriced = (costs?.items ?? []).filter((i) => !i.priced).length;
  const title = t('analyticsAdmin.costs.chart');
  return (
    <>
      <Grid size={{ xs: 12, md: 4, lg: 3 }}>
        <HeadlineCard
          id="cost"
          label={t('analyticsAdmin.costs.headline')}
          hint={t('analyticsAdmin.costs.headlineHint', { period: t(`analyticsAdmin.periods.${period}`) })}
          value={costs?.total ?? null}
          format={(v) => formatCost(v, locale)}
          formatFull={(v) => formatCost(v, locale, true)}
          color={theme.palette.success.main}
          loading={loading}
          failed={Boolean(error)}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 8, lg: 9 }}>
        <ChartCard
          title={title}
          loading={loading}
          error={error}
          onRetry={() => void query.refetch()}
          empty={costs?.items.length === 0}
          emptyText={t('analyticsAdmin.costs.empty')}
          height={120}
          testId="analytics-cost-by-deployment"
        >
          {costs && <CostChart costs={costs} label={title} />}
          {unpriced > 0 && (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }} data-testid="analytics-cost-unpriced">
              {t('analyticsAdmin.costs.unpricedNote', { count: unpriced })}
            </Typography>
          )}
        </ChartCard>
      </Grid>
    </>
  );
}
