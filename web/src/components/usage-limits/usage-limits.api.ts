// The usage limits' admin calls (docs/usage-limits.md): the roles' monthly budgets, and the usage the Agents and Users
// pages show against the limits (asked for the ids of the rows on screen, at most UsageQueryMaxIds at a time).
import {
  UsageLimitRoutes,
  pathTo,
  type AgentUsageList,
  type RoleBudget,
  type RoleBudgetInput,
  type RoleBudgetList,
  type UserUsageList,
} from '@atrium/contract';
import { baseApi } from '../../app/api/base-api';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['UsageLimits'] });

export const usageLimitsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRoleBudgets: build.query<RoleBudgetList, void>({
      query: () => UsageLimitRoutes.roleBudgets,
      providesTags: ['UsageLimits'],
    }),
    setRoleBudget: build.mutation<RoleBudget, { userRoleId: string } & RoleBudgetInput>({
      query: ({ userRoleId, ...body }) => ({ url: pathTo(UsageLimitRoutes.roleBudget, { userRoleId }), method: 'PUT', body }),
      invalidatesTags: ['UsageLimits'],
    }),
    removeRoleBudget: build.mutation<void, string>({
      query: (userRoleId) => ({ url: pathTo(UsageLimitRoutes.roleBudget, { userRoleId }), method: 'DELETE' }),
      invalidatesTags: ['UsageLimits'],
    }),
    getAgentUsage: build.query<AgentUsageList, readonly string[]>({
      query: (ids) => ({ url: UsageLimitRoutes.agentUsage, params: { gptSystemIds: ids.join(',') } }),
      providesTags: ['UsageLimits'],
    }),
    getUserUsage: build.query<UserUsageList, readonly string[]>({
      query: (ids) => ({ url: UsageLimitRoutes.userUsage, params: { userIds: ids.join(',') } }),
      providesTags: ['UsageLimits'],
    }),
  }),
});

export const { useGetRoleBudgetsQuery, useSetRoleBudgetMutation, useRemoveRoleBudgetMutation, useGetAgentUsageQuery, useGetUserUsageQuery } = usageLimitsApi;
