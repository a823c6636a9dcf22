// The admin users API: people with their roles, creating local users, disable/enable, roles.
// Changes to people also refresh the signed-in user's own actions (an admin may change themselves).
import {
  AdminUserRoutes,
  pathTo,
  UserRoleRoutes,
  type AdminUser,
  type AdminUserCreate,
  type AdminUserList,
  type AdminUserUpdate,
  type UserRoleList,
} from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['AdminUser', 'UserRole'] });

export interface UserListArgs {
  emailAddress?: string;
  continuationToken?: string;
  pageSize?: number;
}

export const adminUsersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminUsers: build.query<AdminUserList, UserListArgs>({
      query: ({ emailAddress, continuationToken, pageSize = 25 }) => ({
        url: AdminUserRoutes.users,
        params: { emailAddress: emailAddress || undefined, continuationToken, pageSize },
      }),
      providesTags: ['AdminUser'],
    }),
    getAdminUser: build.query<AdminUser, string>({
      query: (userId) => pathTo(AdminUserRoutes.user, { userId }),
      providesTags: (_r, _e, userId) => [{ type: 'AdminUser', id: userId }],
    }),
    createAdminUser: build.mutation<AdminUser, AdminUserCreate>({
      query: (body) => ({ url: AdminUserRoutes.users, method: 'POST', body }),
      invalidatesTags: ['AdminUser', 'UserRole'],
    }),
    updateAdminUser: build.mutation<AdminUser, { userId: string } & AdminUserUpdate>({
      query: ({ userId, ...body }) => ({ url: pathTo(AdminUserRoutes.user, { userId }), method: 'PUT', body }),
      invalidatesTags: ['AdminUser', 'CurrentUser'],
    }),
    addUserRole: build.mutation<AdminUser, { userId: string; userRoleId: string }>({
      query: ({ userId, userRoleId }) => ({ url: pathTo(AdminUserRoutes.userRole, { userId, userRoleId }), method: 'POST' }),
      invalidatesTags: ['AdminUser', 'UserRole', 'CurrentUser'],
    }),
    removeUserRole: build.mutation<AdminUser, { userId: string; userRoleId: string }>({
      query: ({ userId, userRoleId }) => ({ url: pathTo(AdminUserRoutes.userRole, { userId, userRoleId }), method: 'DELETE' }),
      invalidatesTags: ['AdminUser', 'UserRole', 'CurrentUser'],
    }),
    /** every role, for the role picker (instances have a handful) */
    getAssignableRoles: build.query<UserRoleList, void>({
      query: () => ({ url: UserRoleRoutes.userRoles, params: { pageSize: 500 } }),
      providesTags: ['UserRole'],
    }),
  }),
});

export const {
  useGetAdminUsersQuery,
  useGetAdminUserQuery,
  useCreateAdminUserMutation,
  useUpdateAdminUserMutation,
  useAddUserRoleMutation,
  useRemoveUserRoleMutation,
  useGetAssignableRolesQuery,
} = adminUsersApi;
