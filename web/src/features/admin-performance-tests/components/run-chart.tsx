// A run over time, one point per second from its start: the median time to first token of the answers whose first
// token came in that second, and the answers that ended (with the errors among them) and those in flight. The charts
// take their container's width, so they fit a phone.
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { LineChart } from '@mui/x-charts/LineChart';
import type { PerformanceTestSecond } from '@atrium/contract';
import { useTranslation } from '../../../app/i18n/i18n';
import { formatNumber } from './run-format';

export function RunChart({ timeline }: { timeline: PerformanceTestSecond[] }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const seconds = timeline.map((s) => s.second);
  const xAxis = [
    {
      data: seconds,
      scaleType: 'linear' as const,
      valueFormatter: (v: number, context: { location: string }) =>
        context.location === 'tick' ? `${v}s` : t('adminPerformanceTests.chart.second', { value: v }),
      tickMinStep: 1,
      height: 28,
    },
  ];
  const number = (v: number | null) => (v === null ? '—' : formatNumber(v, i18n.language));
  const common = {
    height: 240,
    xAxis,
    grid: { horizontal: true },
    margin: { top: 8, right: 12, bottom: 0, left: 0 },
    slotProps: { legend: { direction: 'horizontal' as const, position: { vertical: 'bottom' as const, horizontal: 'center' as const } } },
  };
  return (
    <Grid container spacing={2} role="figure" aria-label={t('adminPerformanceTests.chart.label')} data-testid="performance-test-chart">
      <Grid size={{ xs: 12, md: 6 }} sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
          {t('adminPerformanceTests.chart.ttft')}
        </Typography>
        <LineChart
          {...common}
          yAxis={[{ width: 48, valueFormatter: (v: number) => formatNumber(v, i18n.language) }]}
          hideLegend
          series={[
            {
              data: timeline.map((s) => s.timeToFirstTokenMs),
              label: t('adminPerformanceTests.chart.ttft'),
              color: theme.palette.primary.main,
              connectNulls: true,
              showMark: timeline.length <= 30,
              valueFormatter: number,
            },
          ]}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }} sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
          {t('adminPerformanceTests.chart.completed')}
        </Typography>
        <LineChart
          {...common}
          yAxis={[{ width: 36, tickMinStep: 1 }]}
          series={[
            {
              data: timeline.map((s) => s.completed),
              label: t('adminPerformanceTests.chart.completed'),
              color: theme.palette.success.main,
              showMark: timeline.length <= 3,
              area: true,
              valueFormatter: number,
            },
            {
              data: timeline.map((s) => s.inFlight),
              label: t('adminPerformanceTests.chart.inFlight'),
              color: theme.palette.info.main,
              showMark: timeline.length <= 3,
              curve: 'stepAfter',
              valueFormatter: number,
            },
            {
              data: timeline.map((s) => s.errors),
              label: t('adminPerformanceTests.chart.errors'),
              color: theme.palette.error.main,
              showMark: timeline.length <= 3,
              valueFormatter: number,
            },
          ]}
        />
      </Grid>
    </Grid>
  );
}
