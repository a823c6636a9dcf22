// Admin moderation reports (docs/moderation.md): newest-first pages chained by continuationToken (an infinite query
// per filter set), the agents for the filter, a report's segments, and resolving, reopening and deleting. A change
// also refreshes the admin overview's counts (the sidebar's open reports).
import {
  ModerationRoutes,
  pathTo,
  type ModerationReport,
  type ModerationReportFacets,
  type ModerationReportList,
  type ModerationReportStatus,
  type ModerationSegmentList,
} from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';

export const ModerationPageSize = 25;

export interface ModerationFilters {
  /** Open, Resolved or '' for both */
  reportStatus: string;
  gptSystemId: string;
  /** ISO 8601 with offset, or '' */
  createdFrom: string;
  createdTo: string;
}

const orUndefined = (v: string) => (v.trim() ? v.trim() : undefined);

export const moderationApi = baseApi.enhanceEndpoints({ addTagTypes: ['ModerationReport', 'AdminOverview'] }).injectEndpoints({
  endpoints: (build) => ({
    getModerationReports: build.infiniteQuery<ModerationReportList, ModerationFilters, string>({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (lastPage) => lastPage.continuationToken ?? undefined,
      },
      query: ({ queryArg, pageParam }) => ({
        url: ModerationRoutes.reports,
        params: {
          pageSize: ModerationPageSize,
          continuationToken: pageParam || undefined,
          reportStatus: orUndefined(queryArg.reportStatus),
          gptSystemId: orUndefined(queryArg.gptSystemId),
          createdFrom: orUndefined(queryArg.createdFrom),
          createdTo: orUndefined(queryArg.createdTo),
        },
      }),
      providesTags: ['ModerationReport'],
      // new reports arrive all the time; a fresh visit shows them
      keepUnusedDataFor: 0,
    }),
    getModerationFacets: build.query<ModerationReportFacets, void>({
      query: () => ModerationRoutes.reportFacets,
      providesTags: ['ModerationReport'],
    }),
    getModerationSegments: build.query<ModerationSegmentList, string>({
      query: (moderationReportId) => pathTo(ModerationRoutes.reportSegments, { moderationReportId }),
    }),
    updateModerationReport: build.mutation<ModerationReport, { moderationReportId: string; reportStatus: ModerationReportStatus; resolutionComment: string }>({
      query: ({ moderationReportId, ...body }) => ({ url: pathTo(ModerationRoutes.report, { moderationReportId }), method: 'PUT', body }),
      invalidatesTags: ['ModerationReport', 'AdminOverview'],
    }),
    deleteModerationReport: build.mutation<void, string>({
      query: (moderationReportId) => ({ url: pathTo(ModerationRoutes.report, { moderationReportId }), method: 'DELETE' }),
      invalidatesTags: ['ModerationReport', 'AdminOverview'],
    }),
  }),
});

export const {
  useGetModerationReportsInfiniteQuery,
  useGetModerationFacetsQuery,
  useGetModerationSegmentsQuery,
  useUpdateModerationReportMutation,
  useDeleteModerationReportMutation,
} = moderationApi;
