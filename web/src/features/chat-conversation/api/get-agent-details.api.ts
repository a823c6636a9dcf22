// What the chat page shows about an agent: introduction, model name, and its starter prompts.
import type { ConversationPromptList, DetailsForConversation } from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';

const base = (gptSystemId: string) => `/userConversations/gptSystems/${gptSystemId}`;

export const getAgentDetailsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDetailsForConversation: build.query<DetailsForConversation, string>({
      query: (gptSystemId) => `${base(gptSystemId)}/detailsForConversation`,
      providesTags: ['Agent'],
    }),
    getPromptsForConversation: build.query<ConversationPromptList, string>({
      query: (gptSystemId) => `${base(gptSystemId)}/promptsForConversation`,
      providesTags: ['Agent'],
    }),
  }),
});

export const { useGetDetailsForConversationQuery, useGetPromptsForConversationQuery } = getAgentDetailsApi;
