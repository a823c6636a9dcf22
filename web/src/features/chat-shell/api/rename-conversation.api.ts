// Rename one conversation (the sidebar's inline input, docs/product.md §5: at most 50 characters). The new title
// shows at once in every cached list and is rolled back when the server refuses it.
import { ConversationRoutes, pathTo } from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';
import { getConversationsApi } from './get-conversations.api';

export const renameConversationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    renameConversation: build.mutation<void, { conversationId: string; title: string }>({
      query: ({ conversationId, title }) => ({ url: pathTo(ConversationRoutes.conversationTitle, { conversationId }), method: 'PUT', body: { title } }),
      async onQueryStarted({ conversationId, title }, { dispatch, getState, queryFulfilled }) {
        const lists = getConversationsApi.util.selectCachedArgsForQuery(getState(), 'getConversations');
        const patches = lists.map((args) =>
          dispatch(
            getConversationsApi.util.updateQueryData('getConversations', args, (draft) => {
              for (const page of draft.pages) {
                const item = page.items.find((c) => c.conversationId === conversationId);
                if (item) item.title = title;
              }
            }),
          ),
        );
        try {
          await queryFulfilled;
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
      invalidatesTags: ['Conversation'],
    }),
  }),
});

export const { useRenameConversationMutation } = renameConversationApi;
