// What the chat page shows about an agent: introduction, model name, and its starter prompts.
import { AgentRoutes, pathTo, type ConversationPromptList, type DetailsForConversation } from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';

export const getAgentDetailsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDetailsForConversation: build.query<DetailsForConversation, string>({
      query: (gptSystemId) => pathTo(AgentRoutes.detailsForConversation, { gptSystemId }),
      providesTags: ['Agent'],
    }),
    getPromptsForConversation: build.query<ConversationPromptList, string>({
      query: (gptSystemId) => pathTo(AgentRoutes.promptsForConversation, { gptSystemId }),
      providesTags: ['Agent'],
    }),
  }),
});

export const { useGetDetailsForConversationQuery, useGetPromptsForConversationQuery } = getAgentDetailsApi;
