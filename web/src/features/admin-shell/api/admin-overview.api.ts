// GET /admin/overview: counts for the /admin index, only those the signed-in user may read.
import { AdminOverviewRoutes, type AdminOverview } from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';

// the moderation area invalidates AdminOverview when it resolves or deletes a report (the sidebar's open count)
export const adminOverviewApi = baseApi.enhanceEndpoints({ addTagTypes: ['AdminOverview'] }).injectEndpoints({
  endpoints: (build) => ({
    getAdminOverview: build.query<AdminOverview, void>({
      query: () => AdminOverviewRoutes.overview,
      providesTags: ['AdminOverview'],
      // counts change with every admin edit anywhere; a visit to /admin asks again
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetAdminOverviewQuery } = adminOverviewApi;
