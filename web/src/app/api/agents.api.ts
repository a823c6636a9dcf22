// The agent lists of the current user: available (the chat page opens the first; Discover page, New
// Chat), pinned and recent. One endpoint for all who need them, so that /chat asks for
// AvailableGptSystems once (the chat page and the sidebar each had an endpoint of their own for it).
import { AgentRoutes, type GptSystemList } from '@atrium/contract';
import { baseApi } from './base-api';

export type AgentListKind = 'available' | 'pinned' | 'recent';

const paths: Record<AgentListKind, string> = { available: AgentRoutes.available, pinned: AgentRoutes.pinned, recent: AgentRoutes.recent };

export const agentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAgents: build.query<GptSystemList, AgentListKind>({
      query: (kind) => ({ url: paths[kind], params: { pageSize: 200 } }),
      // Once per page load: unused for a minute (the admin area, a settings page), a list was dropped from
      // the cache and asked for again on the way back. It changes through what this browser does, whose
      // tags below refetch it; what others change shows at the next load.
      keepUnusedDataFor: Infinity,
      // 'Agent' refetches every list (pin changes); the list's own id only that list (recent after a new chat)
      providesTags: (_result, _error, kind) => ['Agent', { type: 'Agent', id: kind }],
    }),
  }),
});

export const { useGetAgentsQuery } = agentsApi;
