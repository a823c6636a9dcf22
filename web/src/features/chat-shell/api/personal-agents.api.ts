// Personal agents (docs/product.md §7 ConfigStates, GptSystems personal; docs/wire-protocol.md): drafts, their avatar,
// turning a draft into an agent, publishing V2 and sharing.
import {
  PersonalAgentRoutes,
  pathTo,
  type ConfigState,
  type ConfigStateUpdate,
  type DataSourcesAndCapabilities,
  type ManagedAgent,
  type PublishedVersion,
} from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['ConfigState', 'PersonalAgent'] });

/** What a draft's editor may offer: the deployments (with vision and tools) and the capabilities with why not. */
export type DraftOptions = DataSourcesAndCapabilities;

export const personalAgentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    createPersonalConfigState: build.mutation<{ configStateId: string }, void>({
      query: () => ({ url: pathTo(PersonalAgentRoutes.byGptSystemType, { gptSystemType: 'User' }), method: 'POST', body: {} }),
    }),
    getConfigState: build.query<ConfigState, string>({
      query: (id) => pathTo(PersonalAgentRoutes.configState, { configStateId: id }),
      providesTags: (_r, _e, id) => [{ type: 'ConfigState', id }],
    }),
    updateConfigState: build.mutation<ConfigState, { id: string; body: ConfigStateUpdate }>({
      query: ({ id, body }) => ({ url: pathTo(PersonalAgentRoutes.configState, { configStateId: id }), method: 'PUT', body }),
      // the answer is the saved draft with its errors and warnings: no refetch needed
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(personalAgentsApi.util.upsertQueryData('getConfigState', id, data));
      },
    }),
    uploadConfigStateAvatar: build.mutation<{ avatarUrl: string }, { id: string; file: Blob; fileName: string }>({
      query: ({ id, file, fileName }) => {
        const form = new FormData();
        form.append('file', file, fileName);
        return { url: pathTo(PersonalAgentRoutes.configStateAvatar, { configStateId: id }), method: 'POST', body: form };
      },
      invalidatesTags: (_r, _e, { id }) => [{ type: 'ConfigState', id }],
    }),
    getDraftOptions: build.query<DraftOptions, string>({
      query: (id) => pathTo(PersonalAgentRoutes.dataSourcesAndCapabilities, { configStateId: id }),
    }),
    createAgentFromDraft: build.mutation<{ gptSystemId: string }, string>({
      query: (id) => ({ url: pathTo(PersonalAgentRoutes.createGptSystem, { configStateId: id }), method: 'POST' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'ConfigState', id }, 'PersonalAgent'],
    }),
    updateAgentFromDraft: build.mutation<{ gptSystemId: string }, string>({
      query: (id) => ({ url: pathTo(PersonalAgentRoutes.updateGptSystem, { configStateId: id }), method: 'PUT' }),
      invalidatesTags: ['PersonalAgent', 'Agent'],
    }),
    getPersonalAgent: build.query<ManagedAgent, string>({
      query: (id) => pathTo(PersonalAgentRoutes.managedAgent, { gptSystemId: id }),
      providesTags: ['PersonalAgent'],
    }),
    publishPersonalAgent: build.mutation<{ version: PublishedVersion }, { gptSystemId: string; configStateId: string }>({
      query: ({ gptSystemId, configStateId }) => ({
        url: pathTo(PersonalAgentRoutes.publishingV2, { gptSystemId }),
        method: 'PUT',
        body: { configStateId },
      }),
      invalidatesTags: ['PersonalAgent', 'Agent'],
    }),
    sharePersonalAgent: build.mutation<ManagedAgent, { gptSystemId: string; emails: string[] }>({
      query: ({ gptSystemId, emails }) => ({ url: pathTo(PersonalAgentRoutes.sharing, { gptSystemId }), method: 'PUT', body: { emails } }),
      invalidatesTags: ['PersonalAgent'],
    }),
  }),
});

export const {
  useCreatePersonalConfigStateMutation,
  useGetConfigStateQuery,
  useUpdateConfigStateMutation,
  useUploadConfigStateAvatarMutation,
  useGetDraftOptionsQuery,
  useCreateAgentFromDraftMutation,
  useUpdateAgentFromDraftMutation,
  useGetPersonalAgentQuery,
  usePublishPersonalAgentMutation,
  useSharePersonalAgentMutation,
} = personalAgentsApi;
