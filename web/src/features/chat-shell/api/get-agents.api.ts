// The agent lists of the current user: available (Discover page, New Chat), pinned and recent.
import type { GptSystemList } from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';

export type AgentListKind = 'available' | 'pinned' | 'recent';

const paths: Record<AgentListKind, string> = {
  available: '/CurrentUser/AvailableGptSystems',
  pinned: '/CurrentUser/pinnedGptSystems',
  recent: '/CurrentUser/recentGptSystems',
};

export const getAgentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAgents: build.query<GptSystemList, AgentListKind>({
      query: (kind) => ({ url: paths[kind], params: { pageSize: 200 } }),
      // 'Agent' refetches every list (pin changes); the list's own id only that list (recent after a new chat)
      providesTags: (_result, _error, kind) => ['Agent', { type: 'Agent', id: kind }],
    }),
  }),
});

export const { useGetAgentsQuery } = getAgentsApi;
