// Who the signed-in person is and what they may do (permissions come from resolvedActions only).
import { UserRoutes, type UserRolesWithResolvedActions } from '@atrium/contract';
import { baseApi } from './base-api';

export const currentUserApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCurrentUser: build.query<UserRolesWithResolvedActions, void>({
      query: () => UserRoutes.userRolesWithResolvedActions,
      providesTags: ['CurrentUser'],
    }),
  }),
});

export const { useGetCurrentUserQuery } = currentUserApi;
