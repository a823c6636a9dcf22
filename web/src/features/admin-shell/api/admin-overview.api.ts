// GET /admin/overview: counts for the /admin index, only those the signed-in user may read.
import { AdminOverviewRoutes, type AdminOverview } from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';

export const adminOverviewApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminOverview: build.query<AdminOverview, void>({
      query: () => AdminOverviewRoutes.overview,
      // counts change with every admin edit anywhere; a visit to /admin asks again
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetAdminOverviewQuery } = adminOverviewApi;
