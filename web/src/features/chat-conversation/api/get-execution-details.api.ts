// The execution details of one answer: model, usage and execution logs.
import { ConversationRoutes, pathTo, type ExecutionDetails } from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';

export const getExecutionDetailsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getExecutionDetails: build.query<ExecutionDetails, { conversationId: string; segmentId: string }>({
      query: ({ conversationId, segmentId }) => pathTo(ConversationRoutes.executionDetails, { conversationId, segmentId }),
    }),
  }),
});

export const { useGetExecutionDetailsQuery } = getExecutionDetailsApi;
