// Admin performance tests (docs/performance-tests.md): the runs (newest first, page by page), one run (polled while it
// is queued or running), the estimate shown before a run, starting, cancelling and comparing runs.
import {
  PerformanceTestRoutes,
  pathTo,
  type PerformanceTest,
  type PerformanceTestComparison,
  type PerformanceTestEstimate,
  type PerformanceTestInput,
  type PerformanceTestList,
} from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';

export const PerformanceTestPageSize = 10;

export const performanceTestsApi = baseApi.enhanceEndpoints({ addTagTypes: ['PerformanceTest'] }).injectEndpoints({
  endpoints: (build) => ({
    listPerformanceTests: build.query<PerformanceTestList, { continuationToken?: string }>({
      query: ({ continuationToken }) => ({ url: PerformanceTestRoutes.runs, params: { pageSize: PerformanceTestPageSize, continuationToken } }),
      providesTags: ['PerformanceTest'],
      keepUnusedDataFor: 0,
    }),
    getPerformanceTest: build.query<PerformanceTest, string>({
      query: (performanceTestId) => pathTo(PerformanceTestRoutes.run, { performanceTestId }),
      providesTags: (_r, _e, id) => [{ type: 'PerformanceTest', id }],
    }),
    comparePerformanceTests: build.query<PerformanceTestComparison, { baseId: string; otherId: string }>({
      query: (params) => ({ url: PerformanceTestRoutes.compare, params }),
    }),
    estimatePerformanceTest: build.mutation<PerformanceTestEstimate, PerformanceTestInput>({
      query: (body) => ({ url: PerformanceTestRoutes.estimate, method: 'POST', body }),
    }),
    startPerformanceTest: build.mutation<PerformanceTest, PerformanceTestInput>({
      query: (body) => ({ url: PerformanceTestRoutes.runs, method: 'POST', body }),
      invalidatesTags: ['PerformanceTest'],
    }),
    cancelPerformanceTest: build.mutation<PerformanceTest, string>({
      query: (performanceTestId) => ({ url: pathTo(PerformanceTestRoutes.cancel, { performanceTestId }), method: 'POST' }),
      invalidatesTags: (_r, _e, id) => ['PerformanceTest', { type: 'PerformanceTest', id }],
    }),
  }),
});

export const {
  useListPerformanceTestsQuery,
  useGetPerformanceTestQuery,
  useComparePerformanceTestsQuery,
  useEstimatePerformanceTestMutation,
  useStartPerformanceTestMutation,
  useCancelPerformanceTestMutation,
} = performanceTestsApi;
