// Archive or unarchive one conversation; both lists refetch.
import { baseApi } from '../../../app/api/base-api';

export const archiveConversationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    setConversationArchived: build.mutation<void, { conversationId: string; archived: boolean }>({
      query: ({ conversationId, archived }) => ({
        url: `/userConversations/${conversationId}/${archived ? 'archive' : 'unArchive'}`,
        method: 'PUT',
      }),
      invalidatesTags: ['Conversation'],
    }),
  }),
});

export const { useSetConversationArchivedMutation } = archiveConversationApi;
