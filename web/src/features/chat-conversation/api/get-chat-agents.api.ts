// The agents available to the user, for /chat without an agent (the first one is opened).
import type { GptSystemList } from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';

export const getChatAgentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getChatAgents: build.query<GptSystemList, void>({
      query: () => ({ url: '/CurrentUser/AvailableGptSystems', params: { pageSize: 200 } }),
      providesTags: ['Agent'],
    }),
  }),
});

export const { useGetChatAgentsQuery } = getChatAgentsApi;
