// Delete one conversation.
import { baseApi } from '../../../app/api/base-api';

export const deleteConversationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    deleteConversation: build.mutation<void, { conversationId: string }>({
      query: ({ conversationId }) => ({ url: `/userConversations/${conversationId}`, method: 'DELETE' }),
      invalidatesTags: ['Conversation'],
    }),
  }),
});

export const { useDeleteConversationMutation } = deleteConversationApi;
