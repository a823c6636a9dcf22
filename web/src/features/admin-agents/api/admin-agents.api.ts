// Admin gptSystems (docs/product.md §7): agents, drafts, publishing history and rollback, starter prompts,
// data-source links and what the agent form can offer.
import {
  AdminAgentRoutes,
  AdminBrandRoutes,
  GuidelinesRoutes,
  pathTo,
  type AdminAgentUpdate,
  type AdminBrandList,
  type AgentGuidelines,
  type GuidelinesDocumentList,
  type AdminAgent,
  type AdminAgentList,
  type AvailableConfiguration,
  type ConfigState,
  type ConfigStateList,
  type ConfigStateUpdate,
  type PublishedVersion,
  type RagDataSource,
  type LibraryFilter,
  type StarterPrompt,
  type StarterPromptInput,
} from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';

const api = baseApi.enhanceEndpoints({
  addTagTypes: ['AdminAgent', 'AdminConfigState', 'AdminAgentVersions', 'AdminAgentPrompts', 'AdminAgentRag', 'AdminAgentGuidelines'],
});

type List<T> = { items: T[]; continuationToken: string | null };

export const adminAgentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAdminAgents: build.query<AdminAgentList, { search?: string }>({
      query: ({ search }) => ({ url: AdminAgentRoutes.agents, params: search ? { search } : {} }),
      providesTags: ['AdminAgent'],
    }),
    getAdminAgent: build.query<AdminAgent, string>({ query: (id) => pathTo(AdminAgentRoutes.agent, { gptSystemId: id }), providesTags: ['AdminAgent'] }),
    createAdminAgent: build.mutation<{ gptSystemId: string; configStateId: string }, { gptSystemName: string; description: string }>({
      query: (body) => ({ url: AdminAgentRoutes.agents, method: 'POST', body }),
      invalidatesTags: ['AdminAgent'],
    }),
    // the guidelines document the agent asks consent for (the guidelines module's agent-side link)
    getAgentGuidelines: build.query<AgentGuidelines, string>({
      query: (id) => pathTo(GuidelinesRoutes.agentGuidelines, { gptSystemId: id }),
      providesTags: ['AdminAgentGuidelines'],
    }),
    setAgentGuidelines: build.mutation<AgentGuidelines, { gptSystemId: string; guidelinesDocumentId: string | null }>({
      query: ({ gptSystemId, guidelinesDocumentId }) => ({
        url: pathTo(GuidelinesRoutes.agentGuidelines, { gptSystemId }),
        method: 'PUT',
        body: { guidelinesDocumentId },
      }),
      invalidatesTags: ['AdminAgentGuidelines'],
    }),
    listBrandsForAgents: build.query<AdminBrandList, void>({ query: () => AdminBrandRoutes.brands }),
    updateAdminAgent: build.mutation<void, { gptSystemId: string; body: AdminAgentUpdate }>({
      query: ({ gptSystemId, body }) => ({ url: pathTo(AdminAgentRoutes.agent, { gptSystemId }), method: 'PUT', body }),
      invalidatesTags: ['AdminAgent', 'Agent'],
    }),
    listGuidelinesDocumentsForAgents: build.query<GuidelinesDocumentList, void>({ query: () => GuidelinesRoutes.documents }),
    deleteAdminAgent: build.mutation<void, string>({
      query: (id) => ({ url: pathTo(AdminAgentRoutes.agent, { gptSystemId: id }), method: 'DELETE' }),
      invalidatesTags: ['AdminAgent', 'Agent'],
    }),
    availableConfiguration: build.query<AvailableConfiguration, void>({ query: () => AdminAgentRoutes.availableConfiguration }),
    listAgentConfigStates: build.query<ConfigStateList, string>({
      query: (id) => pathTo(AdminAgentRoutes.agentConfigStates, { gptSystemId: id }),
      providesTags: ['AdminConfigState'],
    }),
    createAgentConfigState: build.mutation<{ configStateId: string }, string>({
      query: (id) => ({ url: pathTo(AdminAgentRoutes.agentConfigStates, { gptSystemId: id }), method: 'POST' }),
      invalidatesTags: ['AdminConfigState', 'AdminAgent'],
    }),
    getAdminConfigState: build.query<ConfigState, string>({
      query: (id) => pathTo(AdminAgentRoutes.configState, { configStateId: id }),
      providesTags: (_r, _e, id) => [{ type: 'AdminConfigState', id }],
    }),
    updateAdminConfigState: build.mutation<ConfigState, { id: string; body: ConfigStateUpdate }>({
      query: ({ id, body }) => ({ url: pathTo(AdminAgentRoutes.configState, { configStateId: id }), method: 'PUT', body }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(adminAgentsApi.util.upsertQueryData('getAdminConfigState', id, data));
      },
    }),
    updateAgentFromState: build.mutation<{ gptSystemId: string }, string>({
      query: (id) => ({ url: pathTo(AdminAgentRoutes.updateFromConfigState, { configStateId: id }), method: 'PUT' }),
      invalidatesTags: ['AdminAgent'],
    }),
    publishingHistory: build.query<List<PublishedVersion>, string>({
      query: (id) => pathTo(AdminAgentRoutes.publishing, { gptSystemId: id }),
      providesTags: ['AdminAgentVersions'],
    }),
    publishAgent: build.mutation<{ version: PublishedVersion }, { gptSystemId: string; configStateId?: string; rollbackToVersionId?: string }>({
      query: ({ gptSystemId, ...body }) => ({ url: pathTo(AdminAgentRoutes.publishing, { gptSystemId }), method: 'PUT', body }),
      invalidatesTags: ['AdminAgentVersions', 'AdminAgent', 'Agent'],
    }),
    listStarterPrompts: build.query<List<StarterPrompt>, string>({
      query: (id) => pathTo(AdminAgentRoutes.prompts, { gptSystemId: id }),
      providesTags: ['AdminAgentPrompts'],
    }),
    saveStarterPrompt: build.mutation<StarterPrompt, { gptSystemId: string; promptId?: string; body: StarterPromptInput }>({
      query: ({ gptSystemId, promptId, body }) =>
        promptId
          ? { url: pathTo(AdminAgentRoutes.prompt, { gptSystemId, promptId }), method: 'PUT', body }
          : { url: pathTo(AdminAgentRoutes.prompts, { gptSystemId }), method: 'POST', body },
      invalidatesTags: ['AdminAgentPrompts'],
    }),
    deleteStarterPrompt: build.mutation<void, { gptSystemId: string; promptId: string }>({
      query: ({ gptSystemId, promptId }) => ({ url: pathTo(AdminAgentRoutes.prompt, { gptSystemId, promptId }), method: 'DELETE' }),
      invalidatesTags: ['AdminAgentPrompts'],
    }),
    listRagDataSources: build.query<List<RagDataSource>, string>({
      query: (id) => pathTo(AdminAgentRoutes.ragDataSources, { gptSystemId: id }),
      providesTags: ['AdminAgentRag'],
    }),
    /** Links a library (POST …/ragDataSources): top-k and filter left out take the server's defaults (5, none). */
    addRagDataSource: build.mutation<RagDataSource, { gptSystemId: string; dataSourceId: string; topK?: number; filters?: LibraryFilter[] }>({
      query: ({ gptSystemId, ...body }) => ({ url: pathTo(AdminAgentRoutes.ragDataSources, { gptSystemId }), method: 'POST', body }),
      invalidatesTags: ['AdminAgentRag'],
    }),
    /** Changes a link's top-k and/or replaces its metadata filter (PUT …/ragDataSources/{id}, `filters: []` removes it). */
    updateRagDataSource: build.mutation<RagDataSource, { gptSystemId: string; ragDataSourceId: string; body: { topK?: number; filters?: LibraryFilter[] } }>({
      query: ({ gptSystemId, ragDataSourceId, body }) => ({
        url: pathTo(AdminAgentRoutes.ragDataSource, { gptSystemId, ragDataSourceId }),
        method: 'PUT',
        body,
      }),
      invalidatesTags: ['AdminAgentRag'],
    }),
    removeRagDataSource: build.mutation<void, { gptSystemId: string; ragDataSourceId: string }>({
      query: ({ gptSystemId, ragDataSourceId }) => ({ url: pathTo(AdminAgentRoutes.ragDataSource, { gptSystemId, ragDataSourceId }), method: 'DELETE' }),
      invalidatesTags: ['AdminAgentRag'],
    }),
    uploadAgentAvatar: build.mutation<{ avatarUrl: string }, { gptSystemId: string; file: File }>({
      query: ({ gptSystemId, file }) => {
        const form = new FormData();
        form.append('file', file, file.name);
        return { url: pathTo(AdminAgentRoutes.avatar, { gptSystemId }), method: 'POST', body: form };
      },
      invalidatesTags: ['AdminAgent', 'Agent'],
    }),
    deleteAgentAvatar: build.mutation<void, string>({
      query: (id) => ({ url: pathTo(AdminAgentRoutes.avatar, { gptSystemId: id }), method: 'DELETE' }),
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
  useUpdateRagDataSourceMutation,
  useRemoveRagDataSourceMutation,
  useUploadAgentAvatarMutation,
  useDeleteAgentAvatarMutation,
  useGetAgentGuidelinesQuery,
  useSetAgentGuidelinesMutation,
  useListGuidelinesDocumentsForAgentsQuery,
  useListBrandsForAgentsQuery,
  useUpdateAdminAgentMutation,
} = adminAgentsApi;
