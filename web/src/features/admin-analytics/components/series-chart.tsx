// A chart over a list of items in drawing order: the period's buckets (dates in the figures' zone) or the 24 hours of
// the day. Bars, stacked where series share `stack`, or lines with an area; compact figures on the axis, full ones
// in the tooltip. The chart takes its container's width, so it fits a phone.
import type { AnalyticsChart, AnalyticsItem } from '@atrium/contract';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslation } from '../../../app/i18n/i18n';
import { formatBucket, formatCompact, formatNumber } from './analytics-format';

/** The item's figures a series can draw. */
export type ItemFigure = 'value' | 'inputTokens' | 'outputTokens' | 'signedInUsers' | 'visitors' | 'conversations' | 'segments' | 'positive' | 'negative';

export interface SeriesSpec {
  figure: ItemFigure;
  label: string;
  color: string;
  stack?: string;
}

export interface SeriesChartProps {
  chart: AnalyticsChart;
  series: SeriesSpec[];
  kind?: 'bar' | 'line';
  height?: number;
  /** a name for the chart as a whole, for people who do not see it */
  label: string;
}

const figureOf = (item: AnalyticsItem, figure: ItemFigure): number => item[figure] ?? 0;

export function SeriesChart({ chart, series, kind = 'bar', height = 260, label }: SeriesChartProps) {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const keys = chart.items.map((item, i) => item.key ?? String(i));
  const byKey = new Map(chart.items.map((item, i) => [keys[i]!, item]));
  const bucketText = (key: string, long: boolean) => {
    const item = byKey.get(key);
    return item ? formatBucket(item.key, item.label, chart.bucket, chart.timeZone, locale, long) : key;
  };
  const xAxis = [
    {
      scaleType: kind === 'bar' ? ('band' as const) : ('point' as const),
      data: keys,
      valueFormatter: (key: string, context: { location: string }) => bucketText(key, context.location !== 'tick'),
      tickLabelMinGap: 12,
      height: 28,
      // a few buckets get narrower bars than one bar across the whole chart
      categoryGapRatio: chart.items.length < 6 ? 0.6 : 0.2,
    },
  ];
  // counts: no ticks between whole numbers
  const yAxis = [{ valueFormatter: (v: number) => formatCompact(v, locale), width: 44, tickMinStep: 1 }];
  const common = {
    height,
    xAxis,
    yAxis,
    grid: { horizontal: true },
    hideLegend: series.length < 2,
    margin: { top: 8, right: 8, bottom: 0, left: 0 },
    slotProps: { legend: { direction: 'horizontal' as const, position: { vertical: 'bottom' as const, horizontal: 'center' as const } } },
  };
  const full = (v: number | null) => (v === null ? '' : formatNumber(v, locale));
  return (
    <div role="figure" aria-label={label}>
      {kind === 'bar' ? (
        <BarChart
          {...common}
          series={series.map((s) => ({
            data: chart.items.map((item) => figureOf(item, s.figure)),
            label: s.label,
            color: s.color,
            stack: s.stack,
            valueFormatter: full,
          }))}
        />
      ) : (
        <LineChart
          {...common}
          series={series.map((s) => ({
            data: chart.items.map((item) => figureOf(item, s.figure)),
            label: s.label,
            color: s.color,
            area: true,
            showMark: chart.items.length <= 14,
            valueFormatter: full,
          }))}
        />
      )}
    </div>
  );
}
