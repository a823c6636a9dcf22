// Delete one conversation.
import { ConversationRoutes, pathTo } from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';

export const deleteConversationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    deleteConversation: build.mutation<void, { conversationId: string }>({
      query: ({ conversationId }) => ({ url: pathTo(ConversationRoutes.conversation, { conversationId }), method: 'DELETE' }),
      invalidatesTags: ['Conversation'],
    }),
  }),
});

export const { useDeleteConversationMutation } = deleteConversationApi;
