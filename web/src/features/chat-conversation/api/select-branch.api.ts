// Moves the conversation to another branch (PUT updateSelectedLeafSegmentId); the path follows the
// newest children from the chosen segment down to a leaf.
import { ConversationRoutes, pathTo } from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';

export const selectBranchApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    selectLeafSegment: build.mutation<void, { conversationId: string; segmentId: string }>({
      query: ({ conversationId, segmentId }) => ({
        url: pathTo(ConversationRoutes.selectedLeaf, { conversationId }),
        method: 'PUT',
        body: { selectedLeafSegmentId: segmentId },
      }),
      invalidatesTags: (_r, _e, { conversationId }) => [{ type: 'Conversation', id: conversationId }],
    }),
  }),
});

export const { useSelectLeafSegmentMutation } = selectBranchApi;
