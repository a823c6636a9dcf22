// Thumbs up or down on an answer, with an optional comment, and taking it back.
import type { Feedback, FeedbackType } from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';

interface SegmentArgs {
  conversationId: string;
  segmentId: string;
}

export const segmentFeedbackApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    giveSegmentFeedback: build.mutation<Feedback, SegmentArgs & { feedbackType: FeedbackType; comment?: string }>({
      query: ({ conversationId, segmentId, feedbackType, comment }) => ({
        url: `/userConversations/${conversationId}/segments/${segmentId}/feedback`,
        method: 'POST',
        body: comment ? { feedbackType, comment } : { feedbackType },
      }),
      invalidatesTags: (_r, _e, { conversationId }) => [{ type: 'Conversation', id: conversationId }],
    }),
    removeSegmentFeedback: build.mutation<void, SegmentArgs>({
      query: ({ conversationId, segmentId }) => ({ url: `/userConversations/${conversationId}/segments/${segmentId}/removeFeedback`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { conversationId }) => [{ type: 'Conversation', id: conversationId }],
    }),
  }),
});

export const { useGiveSegmentFeedbackMutation, useRemoveSegmentFeedbackMutation } = segmentFeedbackApi;
