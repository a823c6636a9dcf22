// The admin analytics calls (docs/analytics.md): one query per chart, keyed by the chart's path and the reporting
// period (and the agent for the drill-down). The fetch client sends the person's time zone as x-timezone, so every
// bucket and hour of the day is in their zone.
import { AnalyticsRoutes, type AnalyticsChart, type AnalyticsCosts, type ReportingPeriod } from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';

/** The chart calls (every route but the costs, the export and the rollup). */
export type AnalyticsChartName = Exclude<keyof typeof AnalyticsRoutes, 'costs' | 'exportCsv' | 'rollup'>;
/** The two calls that take an agent. */
export type AgentChartName = 'gptSystemConversationsByPeriod' | 'gptSystemConversationSegmentFeedBackByPeriod';

export interface AnalyticsChartArgs {
  chart: AnalyticsChartName;
  reportingPeriod: ReportingPeriod;
  gptSystemId?: string;
}

export const analyticsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAnalyticsChart: build.query<AnalyticsChart, AnalyticsChartArgs>({
      query: ({ chart, reportingPeriod, gptSystemId }) => ({ url: AnalyticsRoutes[chart], params: { reportingPeriod, gptSystemId } }),
      // the rollup job adds the last minute's segments every minute
      keepUnusedDataFor: 60,
    }),
    getAnalyticsCosts: build.query<AnalyticsCosts, { reportingPeriod: ReportingPeriod }>({
      query: ({ reportingPeriod }) => ({ url: AnalyticsRoutes.costs, params: { reportingPeriod } }),
      keepUnusedDataFor: 60,
    }),
  }),
});

export const { useGetAnalyticsChartQuery, useGetAnalyticsCostsQuery } = analyticsApi;
