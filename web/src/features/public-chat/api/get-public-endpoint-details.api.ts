// What a visitor's page reads before the first question: the endpoint's agent, introduction, starter prompts and
// limits (GET /public-conversations/{endpointName}/details, no token; the session identifier names the visitor, or a
// host site's signed token in X-Visitor-Token, which the fetch client adds: visitor-token.ts).
import { PublicConversationRoutes, VisitorSessionHeader, pathTo, type PublicEndpointDetails } from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';

export interface PublicEndpointDetailsArgs {
  endpointName: string;
  sessionIdentifier: string;
}

export const publicEndpointDetailsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPublicEndpointDetails: build.query<PublicEndpointDetails, PublicEndpointDetailsArgs>({
      query: ({ endpointName, sessionIdentifier }) => ({
        url: pathTo(PublicConversationRoutes.details, { endpointName }),
        headers: { [VisitorSessionHeader]: sessionIdentifier },
      }),
      // read again when the embed's signed visitor token arrives or changes (use-embed-bridge.ts)
      providesTags: ['PublicEndpointDetails'],
    }),
  }),
});

export const { useGetPublicEndpointDetailsQuery } = publicEndpointDetailsApi;
