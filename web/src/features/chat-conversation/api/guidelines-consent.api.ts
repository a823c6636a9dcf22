// The guidelines document a person reads before the first question to an agent, and their consent.
import { GuidelinesConsentRoutes, pathTo, type GuidelinesConsent, type UserGuidelinesDocument } from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';

export const guidelinesConsentApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUserGuidelinesDocument: build.query<UserGuidelinesDocument, string>({
      query: (id) => pathTo(GuidelinesConsentRoutes.document, { guidelinesDocumentId: id }),
      // always the current version: the dialog must show what the consent is given to
      keepUnusedDataFor: 0,
    }),
    giveGuidelinesConsent: build.mutation<GuidelinesConsent, { id: string; contentVersion: string }>({
      query: ({ id, contentVersion }) => ({
        url: pathTo(GuidelinesConsentRoutes.consent, { guidelinesDocumentId: id }),
        method: 'POST',
        body: { contentVersion },
      }),
    }),
  }),
});

export const { useLazyGetUserGuidelinesDocumentQuery, useGiveGuidelinesConsentMutation } = guidelinesConsentApi;
