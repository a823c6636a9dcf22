// Pin or unpin an agent for the current user; every agent list refetches (isPinned changes).
import { AgentRoutes } from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';

export const pinAgentApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    setAgentPinned: build.mutation<void, { gptSystemId: string; pinned: boolean }>({
      query: ({ gptSystemId, pinned }) => ({
        url: AgentRoutes.pin,
        method: pinned ? 'POST' : 'DELETE',
        body: { gptSystemId },
      }),
      invalidatesTags: ['Agent'],
    }),
  }),
});

export const { useSetAgentPinnedMutation } = pinAgentApi;
