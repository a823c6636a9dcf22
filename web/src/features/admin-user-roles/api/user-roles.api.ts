// The admin user roles API: roles with actions, entity configuration, users of a role, the actions
// list. Role changes refresh the users lists (they show roles) and the signed-in user's own actions.
import {
  UserRoleRoutes,
  pathTo,
  type AdminUserList,
  type EntityConfigurationDetails,
  type EntityConfigurationUpdate,
  type UserActionList,
  type UserRole,
  type UserRoleCreate,
  type UserRoleList,
  type UserRoleUpdate,
} from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['AdminUser', 'UserRole'] });

export const userRolesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserRoles: build.query<UserRoleList, { name?: string; continuationToken?: string; pageSize?: number }>({
      query: ({ name, continuationToken, pageSize = 25 }) => ({
        url: UserRoleRoutes.userRoles,
        params: { name: name || undefined, continuationToken, pageSize },
      }),
      providesTags: ['UserRole'],
    }),
    getUserRole: build.query<UserRole, string>({
      query: (id) => pathTo(UserRoleRoutes.userRole, { userRoleId: id }),
      providesTags: ['UserRole'],
    }),
    createUserRole: build.mutation<UserRole, UserRoleCreate>({
      query: (body) => ({ url: UserRoleRoutes.userRoles, method: 'POST', body }),
      invalidatesTags: ['UserRole'],
    }),
    updateUserRole: build.mutation<UserRole, { userRoleId: string } & UserRoleUpdate>({
      query: ({ userRoleId, ...body }) => ({ url: pathTo(UserRoleRoutes.userRole, { userRoleId }), method: 'PUT', body }),
      invalidatesTags: ['UserRole', 'AdminUser', 'CurrentUser'],
    }),
    deleteUserRole: build.mutation<void, string>({
      query: (id) => ({ url: pathTo(UserRoleRoutes.userRole, { userRoleId: id }), method: 'DELETE' }),
      invalidatesTags: ['UserRole', 'AdminUser', 'CurrentUser'],
    }),
    getRoleUsers: build.query<AdminUserList, { userRoleId: string; continuationToken?: string }>({
      query: ({ userRoleId, continuationToken }) => ({ url: pathTo(UserRoleRoutes.users, { userRoleId }), params: { continuationToken, pageSize: 10 } }),
      providesTags: ['UserRole', 'AdminUser'],
    }),
    getEntityConfiguration: build.query<EntityConfigurationDetails, string>({
      query: (id) => pathTo(UserRoleRoutes.entityConfiguration, { userRoleId: id }),
      providesTags: ['UserRole'],
    }),
    updateEntityConfiguration: build.mutation<EntityConfigurationDetails, { userRoleId: string } & EntityConfigurationUpdate>({
      query: ({ userRoleId, ...body }) => ({ url: pathTo(UserRoleRoutes.entityConfiguration, { userRoleId }), method: 'PUT', body }),
      invalidatesTags: ['UserRole', 'CurrentUser'],
    }),
    getUserActions: build.query<UserActionList, void>({
      query: () => UserRoleRoutes.userActions,
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const {
  useGetUserRolesQuery,
  useGetUserRoleQuery,
  useCreateUserRoleMutation,
  useUpdateUserRoleMutation,
  useDeleteUserRoleMutation,
  useGetRoleUsersQuery,
  useGetEntityConfigurationQuery,
  useUpdateEntityConfigurationMutation,
  useGetUserActionsQuery,
} = userRolesApi;
