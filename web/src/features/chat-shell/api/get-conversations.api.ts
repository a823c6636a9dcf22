// History and Archived lists (docs/product.md §2): pages of 50 chained by continuationToken, filtered by title
// on the server. One infinite query per list and search text; tag 'Conversation' refetches them.
import { ConversationRoutes, type ConversationList } from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';

export const ConversationPageSize = 50;

export interface ConversationListArgs {
  archived: boolean;
  title: string;
}

export const getConversationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getConversations: build.infiniteQuery<ConversationList, ConversationListArgs, string>({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (lastPage) => lastPage.continuationToken ?? undefined,
      },
      query: ({ queryArg, pageParam }) => ({
        url: queryArg.archived ? ConversationRoutes.archived : ConversationRoutes.conversations,
        params: { pageSize: ConversationPageSize, continuationToken: pageParam || undefined, title: queryArg.title || undefined },
      }),
      providesTags: ['Conversation'],
    }),
  }),
});

export const { useGetConversationsInfiniteQuery } = getConversationsApi;
