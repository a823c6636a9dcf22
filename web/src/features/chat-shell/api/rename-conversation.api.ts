// Rename one conversation (the sidebar's inline input, SPEC §5: at most 50 characters).
import { baseApi } from '../../../app/api/base-api';

export const renameConversationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    renameConversation: build.mutation<void, { conversationId: string; title: string }>({
      query: ({ conversationId, title }) => ({ url: `/userConversations/${conversationId}/updateTitle`, method: 'PUT', body: { title } }),
      invalidatesTags: ['Conversation'],
    }),
  }),
});

export const { useRenameConversationMutation } = renameConversationApi;
