// Admin chatAccessPolicies (docs/product.md §7), the pickers' options and the directory group lookup.
import type { ChatAccessPolicy, ChatAccessPolicyInput, ChatAccessPolicyList, ChatAccessPolicyOptions, DirectoryGroupList } from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';

const Base = '/admin/chatAccessPolicies';

export const chatAccessPoliciesApi = baseApi.enhanceEndpoints({ addTagTypes: ['ChatAccessPolicy'] }).injectEndpoints({
  endpoints: (build) => ({
    listChatAccessPolicies: build.query<ChatAccessPolicyList, void>({
      query: () => Base,
      providesTags: ['ChatAccessPolicy'],
    }),
    getChatAccessPolicy: build.query<ChatAccessPolicy, string>({
      query: (id) => `${Base}/${id}`,
      providesTags: ['ChatAccessPolicy'],
    }),
    createChatAccessPolicy: build.mutation<ChatAccessPolicy, ChatAccessPolicyInput>({
      query: (body) => ({ url: Base, method: 'POST', body }),
      // the agents people may use change with every policy
      invalidatesTags: ['ChatAccessPolicy', 'Agent'],
    }),
    updateChatAccessPolicy: build.mutation<ChatAccessPolicy, { id: string; body: ChatAccessPolicyInput }>({
      query: ({ id, body }) => ({ url: `${Base}/${id}`, method: 'PUT', body }),
      invalidatesTags: ['ChatAccessPolicy', 'Agent'],
    }),
    deleteChatAccessPolicy: build.mutation<void, string>({
      query: (id) => ({ url: `${Base}/${id}`, method: 'DELETE' }),
      invalidatesTags: ['ChatAccessPolicy', 'Agent'],
    }),
    chatAccessPolicyOptions: build.query<ChatAccessPolicyOptions, string>({
      query: (search) => ({ url: `${Base}/options`, params: search ? { search } : undefined }),
    }),
    directoryGroups: build.query<DirectoryGroupList, string>({
      query: (search) => ({ url: '/admin/directory/groups', params: search ? { search } : undefined }),
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
