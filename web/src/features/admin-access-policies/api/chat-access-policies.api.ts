// Admin chatAccessPolicies (docs/product.md §7), the pickers' options and the directory group lookup.
import {
  ChatAccessPolicyRoutes,
  pathTo,
  type ChatAccessPolicy,
  type ChatAccessPolicyInput,
  type ChatAccessPolicyList,
  type ChatAccessPolicyOptions,
  type DirectoryGroupList,
} from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';

export const chatAccessPoliciesApi = baseApi.enhanceEndpoints({ addTagTypes: ['ChatAccessPolicy'] }).injectEndpoints({
  endpoints: (build) => ({
    listChatAccessPolicies: build.query<ChatAccessPolicyList, void>({
      query: () => ChatAccessPolicyRoutes.policies,
      providesTags: ['ChatAccessPolicy'],
    }),
    getChatAccessPolicy: build.query<ChatAccessPolicy, string>({
      query: (id) => pathTo(ChatAccessPolicyRoutes.policy, { chatAccessPolicyId: id }),
      providesTags: ['ChatAccessPolicy'],
    }),
    createChatAccessPolicy: build.mutation<ChatAccessPolicy, ChatAccessPolicyInput>({
      query: (body) => ({ url: ChatAccessPolicyRoutes.policies, method: 'POST', body }),
      // the agents people may use change with every policy
      invalidatesTags: ['ChatAccessPolicy', 'Agent'],
    }),
    updateChatAccessPolicy: build.mutation<ChatAccessPolicy, { id: string; body: ChatAccessPolicyInput }>({
      query: ({ id, body }) => ({ url: pathTo(ChatAccessPolicyRoutes.policy, { chatAccessPolicyId: id }), method: 'PUT', body }),
      invalidatesTags: ['ChatAccessPolicy', 'Agent'],
    }),
    deleteChatAccessPolicy: build.mutation<void, string>({
      query: (id) => ({ url: pathTo(ChatAccessPolicyRoutes.policy, { chatAccessPolicyId: id }), method: 'DELETE' }),
      invalidatesTags: ['ChatAccessPolicy', 'Agent'],
    }),
    chatAccessPolicyOptions: build.query<ChatAccessPolicyOptions, string>({
      query: (search) => ({ url: ChatAccessPolicyRoutes.options, params: search ? { search } : undefined }),
    }),
    directoryGroups: build.query<DirectoryGroupList, string>({
      query: (search) => ({ url: ChatAccessPolicyRoutes.directoryGroups, params: search ? { search } : undefined }),
    }),
  }),
});

export const {
  useListChatAccessPoliciesQuery,
  useGetChatAccessPolicyQuery,
  useCreateChatAccessPolicyMutation,
  useUpdateChatAccessPolicyMutation,
  useDeleteChatAccessPolicyMutation,
  useChatAccessPolicyOptionsQuery,
  useDirectoryGroupsQuery,
} = chatAccessPoliciesApi;
