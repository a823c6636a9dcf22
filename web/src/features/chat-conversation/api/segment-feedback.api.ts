// Thumbs up or down on an answer, with an optional comment, and taking it back.
import { ConversationRoutes, pathTo, type Feedback, type FeedbackType } from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';

interface SegmentArgs {
  conversationId: string;
  segmentId: string;
}

export const segmentFeedbackApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    giveSegmentFeedback: build.mutation<Feedback, SegmentArgs & { feedbackType: FeedbackType; comment?: string }>({
      query: ({ conversationId, segmentId, feedbackType, comment }) => ({
        url: pathTo(ConversationRoutes.feedback, { conversationId, segmentId }),
        method: 'POST',
        body: comment ? { feedbackType, comment } : { feedbackType },
      }),
      invalidatesTags: (_r, _e, { conversationId }) => [{ type: 'Conversation', id: conversationId }],
    }),
    removeSegmentFeedback: build.mutation<void, SegmentArgs>({
      query: ({ conversationId, segmentId }) => ({ url: pathTo(ConversationRoutes.removeSegmentFeedback, { conversationId, segmentId }), method: 'DELETE' }),
      invalidatesTags: (_r, _e, { conversationId }) => [{ type: 'Conversation', id: conversationId }],
    }),
  }),
});

export const { useGiveSegmentFeedbackMutation, useRemoveSegmentFeedbackMutation } = segmentFeedbackApi;
