// Archive or unarchive one conversation; both lists refetch.
import { ConversationRoutes, pathTo } from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';

export const archiveConversationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    setConversationArchived: build.mutation<void, { conversationId: string; archived: boolean }>({
      query: ({ conversationId, archived }) => ({
        url: pathTo(archived ? ConversationRoutes.archive : ConversationRoutes.unArchive, { conversationId }),
        method: 'PUT',
      }),
      invalidatesTags: ['Conversation'],
    }),
  }),
});

export const { useSetConversationArchivedMutation } = archiveConversationApi;
