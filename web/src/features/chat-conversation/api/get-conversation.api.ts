// One conversation with its segment tree (GET /userConversations/{id}).
import { ConversationRoutes, pathTo, type Conversation } from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';

export const getConversationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getConversation: build.query<Conversation, string>({
      query: (conversationId) => pathTo(ConversationRoutes.conversation, { conversationId }),
      providesTags: (_r, _e, id) => [{ type: 'Conversation', id }],
    }),
  }),
});

export const { useGetConversationQuery } = getConversationApi;
