// One chart's figures for the period shown: the current period's answer only (never the previous period's while the
// new one loads, which would be drawn under the wrong buckets), with its loading and error state.
import type { AnalyticsChart, ReportingPeriod } from '@atrium/contract';
import { useGetAnalyticsChartQuery, type AnalyticsChartName } from '../api/analytics.api';

export interface ChartState {
  data: AnalyticsChart | undefined;
  loading: boolean;
  error: unknown;
  refetch: () => void;
}

/** `skip`: a chart not shown now (another measure is chosen) is not asked for. */
export function useChart(chart: AnalyticsChartName, reportingPeriod: ReportingPeriod, options: { gptSystemId?: string; skip?: boolean } = {}): ChartState {
  const query = useGetAnalyticsChartQuery({ chart, reportingPeriod, gptSystemId: options.gptSystemId }, { skip: options.skip });
  return {
    data: query.currentData,
    loading: !options.skip && query.currentData === undefined && !query.isError,
    error: query.isError ? query.error : undefined,
    refetch: () => void query.refetch(),
  };
}
