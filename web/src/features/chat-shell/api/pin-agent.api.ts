// Pin or unpin an agent for the current user; every agent list refetches (isPinned changes).
import { baseApi } from '../../../app/api/base-api';

export const pinAgentApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    setAgentPinned: build.mutation<void, { gptSystemId: string; pinned: boolean }>({
      query: ({ gptSystemId, pinned }) => ({
        url: '/CurrentUser/pinnedGptSystem',
        method: pinned ? 'POST' : 'DELETE',
        body: { gptSystemId },
      }),
      invalidatesTags: ['Agent'],
    }),
  }),
});

export const { useSetAgentPinnedMutation } = pinAgentApi;
