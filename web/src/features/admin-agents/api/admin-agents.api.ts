// Admin gptSystems (docs/product.md §7): agents, drafts, publishing history and rollback, starter prompts,
// data-source links and what the agent form can offer.
import type {
  AdminAgentUpdate,
  AdminBrandList,
  AgentGuidelines,
  GuidelinesDocumentList,
  AdminAgent,
  AdminAgentList,
  AvailableConfiguration,
  ConfigState,
  ConfigStateList,
  ConfigStateUpdate,
  PublishedVersion,
  RagDataSource,
  StarterPrompt,
  StarterPromptInput,
} from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';

const B = '/admin/gptSystems';
const api = baseApi.enhanceEndpoints({
  addTagTypes: ['AdminAgent', 'AdminConfigState', 'AdminAgentVersions', 'AdminAgentPrompts', 'AdminAgentRag', 'AdminAgentGuidelines'],
});

type List<T> = { items: T[]; continuationToken: string | null };

export const adminAgentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAdminAgents: build.query<AdminAgentList, { search?: string }>({
      query: ({ search }) => ({ url: B, params: search ? { search } : {} }),
      providesTags: ['AdminAgent'],
    }),
    getAdminAgent: build.query<AdminAgent, string>({ query: (id) => `${B}/${id}`, providesTags: ['AdminAgent'] }),
    createAdminAgent: build.mutation<{ gptSystemId: string; configStateId: string }, { gptSystemName: string; description: string }>({
      query: (body) => ({ url: B, method: 'POST', body }),
      invalidatesTags: ['AdminAgent'],
    }),
    // the guidelines document the agent asks consent for (the guidelines module's agent-side link)
    getAgentGuidelines: build.query<AgentGuidelines, string>({ query: (id) => `${B}/${id}/guidelinesDocument`, providesTags: ['AdminAgentGuidelines'] }),
    setAgentGuidelines: build.mutation<AgentGuidelines, { gptSystemId: string; guidelinesDocumentId: string | null }>({
      query: ({ gptSystemId, guidelinesDocumentId }) => ({ url: `${B}/${gptSystemId}/guidelinesDocument`, method: 'PUT', body: { guidelinesDocumentId } }),
      invalidatesTags: ['AdminAgentGuidelines'],
    }),
    listBrandsForAgents: build.query<AdminBrandList, void>({ query: () => '/admin/brands' }),
    updateAdminAgent: build.mutation<void, { gptSystemId: string; body: AdminAgentUpdate }>({
      query: ({ gptSystemId, body }) => ({ url: `${B}/${gptSystemId}`, method: 'PUT', body }),
      invalidatesTags: ['AdminAgent', 'Agent'],
    }),
    listGuidelinesDocumentsForAgents: build.query<GuidelinesDocumentList, void>({ query: () => '/admin/guidelinesDocuments' }),
    deleteAdminAgent: build.mutation<void, string>({ query: (id) => ({ url: `${B}/${id}`, method: 'DELETE' }), invalidatesTags: ['AdminAgent', 'Agent'] }),
    availableConfiguration: build.query<AvailableConfiguration, void>({ query: () => `${B}/AvailableConfiguration` }),
    listAgentConfigStates: build.query<ConfigStateList, string>({ query: (id) => `${B}/${id}/configurationStates`, providesTags: ['AdminConfigState'] }),
    createAgentConfigState: build.mutation<{ configStateId: string }, string>({
      query: (id) => ({ url: `${B}/${id}/configurationStates`, method: 'POST' }),
      invalidatesTags: ['AdminConfigState', 'AdminAgent'],
    }),
    getAdminConfigState: build.query<ConfigState, string>({
      query: (id) => `${B}/configurationStates/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'AdminConfigState', id }],
    }),
    updateAdminConfigState: build.mutation<ConfigState, { id: string; body: ConfigStateUpdate }>({
      query: ({ id, body }) => ({ url: `${B}/configurationStates/${id}`, method: 'PUT', body }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(adminAgentsApi.util.upsertQueryData('getAdminConfigState', id, data));
      },
    }),
    updateAgentFromState: build.mutation<{ gptSystemId: string }, string>({
      query: (id) => ({ url: `${B}/configurationStates/${id}/updateGptSystem`, method: 'PUT' }),
      invalidatesTags: ['AdminAgent'],
    }),
    publishingHistory: build.query<List<PublishedVersion>, string>({ query: (id) => `${B}/${id}/publishing`, providesTags: ['AdminAgentVersions'] }),
    publishAgent: build.mutation<{ version: PublishedVersion }, { gptSystemId: string; configStateId?: string; rollbackToVersionId?: string }>({
      query: ({ gptSystemId, ...body }) => ({ url: `${B}/${gptSystemId}/publishing`, method: 'PUT', body }),
      invalidatesTags: ['AdminAgentVersions', 'AdminAgent', 'Agent'],
    }),
    listStarterPrompts: build.query<List<StarterPrompt>, string>({ query: (id) => `${B}/${id}/prompts`, providesTags: ['AdminAgentPrompts'] }),
    saveStarterPrompt: build.mutation<StarterPrompt, { gptSystemId: string; promptId?: string; body: StarterPromptInput }>({
      query: ({ gptSystemId, promptId, body }) =>
        promptId ? { url: `${B}/${gptSystemId}/prompts/${promptId}`, method: 'PUT', body } : { url: `${B}/${gptSystemId}/prompts`, method: 'POST', body },
      invalidatesTags: ['AdminAgentPrompts'],
    }),
    deleteStarterPrompt: build.mutation<void, { gptSystemId: string; promptId: string }>({
      query: ({ gptSystemId, promptId }) => ({ url: `${B}/${gptSystemId}/prompts/${promptId}`, method: 'DELETE' }),
      invalidatesTags: ['AdminAgentPrompts'],
    }),
    listRagDataSources: build.query<List<RagDataSource>, string>({ query: (id) => `${B}/${id}/ragDataSources`, providesTags: ['AdminAgentRag'] }),
    addRagDataSource: build.mutation<RagDataSource, { gptSystemId: string; dataSourceId: string }>({
      query: ({ gptSystemId, dataSourceId }) => ({ url: `${B}/${gptSystemId}/ragDataSources`, method: 'POST', body: { dataSourceId } }),
      invalidatesTags: ['AdminAgentRag'],
    }),
    removeRagDataSource: build.mutation<void, { gptSystemId: string; ragDataSourceId: string }>({
      query: ({ gptSystemId, ragDataSourceId }) => ({ url: `${B}/${gptSystemId}/ragDataSources/${ragDataSourceId}`, method: 'DELETE' }),
      invalidatesTags: ['AdminAgentRag'],
    }),
    uploadAgentAvatar: build.mutation<{ avatarUrl: string }, { gptSystemId: string; file: File }>({
      query: ({ gptSystemId, file }) => {
        const form = new FormData();
        form.append('file', file, file.name);
        return { url: `${B}/${gptSystemId}/avatar`, method: 'POST', body: form };
      },
      invalidatesTags: ['AdminAgent', 'Agent'],
    }),
    deleteAgentAvatar: build.mutation<void, string>({
      query: (id) => ({ url: `${B}/${id}/avatar`, method: 'DELETE' }),
      invalidatesTags: ['AdminAgent', 'Agent'],
    }),
  }),
});

export const {
  useListAdminAgentsQuery,
  useGetAdminAgentQuery,
  useCreateAdminAgentMutation,
  useDeleteAdminAgentMutation,
  useAvailableConfigurationQuery,
  useListAgentConfigStatesQuery,
  useCreateAgentConfigStateMutation,
  useGetAdminConfigStateQuery,
  useUpdateAdminConfigStateMutation,
  useUpdateAgentFromStateMutation,
  usePublishingHistoryQuery,
  usePublishAgentMutation,
  useListStarterPromptsQuery,
  useSaveStarterPromptMutation,
  useDeleteStarterPromptMutation,
  useListRagDataSourcesQuery,
  useAddRagDataSourceMutation,
  useRemoveRagDataSourceMutation,
  useUploadAgentAvatarMutation,
  useDeleteAgentAvatarMutation,
  useGetAgentGuidelinesQuery,
  useSetAgentGuidelinesMutation,
  useListGuidelinesDocumentsForAgentsQuery,
  useListBrandsForAgentsQuery,
  useUpdateAdminAgentMutation,
} = adminAgentsApi;
