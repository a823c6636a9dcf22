// GET /admin/firstRun: which first-run steps are done, only those the signed-in user may do.
import { FirstRunRoutes, type FirstRun } from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';

export const firstRunApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getFirstRun: build.query<FirstRun, void>({
      query: () => FirstRunRoutes.firstRun,
      // a step is done somewhere else in the admin area: a visit to /admin asks again
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetFirstRunQuery } = firstRunApi;
