// A person's saved prompts (docs/product.md §7 UserPrompts): the whole list (pages chained by continuationToken),
// create, update and delete. Tag 'UserPrompt' refetches the list after each change.
import { UserPromptRoutes, UserPromptTextMax, UserPromptTitleMax, pathTo, type UserPrompt, type UserPromptBody, type UserPromptList } from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';

export { UserPromptTextMax, UserPromptTitleMax };

const PageSize = 200;
/** A person keeps tens of prompts; the cap only stops a runaway loop. */
const MaxPages = 25;

export const userPromptsApi = baseApi.enhanceEndpoints({ addTagTypes: ['UserPrompt'] }).injectEndpoints({
  endpoints: (build) => ({
    getUserPrompts: build.query<UserPrompt[], void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const items: UserPrompt[] = [];
        let token: string | null = null;
        for (let page = 0; page < MaxPages; page++) {
          const result = await baseQuery({ url: UserPromptRoutes.prompts, params: { pageSize: PageSize, continuationToken: token ?? undefined } });
          if (result.error) return { error: result.error };
          const list = result.data as UserPromptList;
          items.push(...list.items);
          token = list.continuationToken;
          if (!token) break;
        }
        return { data: items };
      },
      providesTags: ['UserPrompt'],
    }),
    createUserPrompt: build.mutation<UserPrompt, UserPromptBody>({
      query: (body) => ({ url: UserPromptRoutes.prompts, method: 'POST', body }),
      invalidatesTags: ['UserPrompt'],
    }),
    updateUserPrompt: build.mutation<UserPrompt, UserPromptBody & { promptId: string }>({
      query: ({ promptId, ...body }) => ({ url: pathTo(UserPromptRoutes.prompt, { promptId }), method: 'PUT', body }),
      invalidatesTags: ['UserPrompt'],
    }),
    deleteUserPrompt: build.mutation<void, string>({
      query: (promptId) => ({ url: pathTo(UserPromptRoutes.prompt, { promptId }), method: 'DELETE' }),
      invalidatesTags: ['UserPrompt'],
    }),
  }),
});

export const { useGetUserPromptsQuery, useCreateUserPromptMutation, useUpdateUserPromptMutation, useDeleteUserPromptMutation } = userPromptsApi;
