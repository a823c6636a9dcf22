// A person's report of an answer (docs/moderation.md): loaded with the report dialog only.
import { ModerationRoutes, type ModerationReportInput, type ModerationReportReceipt } from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';

export const moderationReportApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    reportAnswer: build.mutation<ModerationReportReceipt, ModerationReportInput>({
      query: (body) => ({ url: ModerationRoutes.reports, method: 'POST', body }),
    }),
  }),
});

export const { useReportAnswerMutation } = moderationReportApi;
