// Connects the fetch client to the store: it reads the token, renews it through the auth thunks,
// and reports 503 waits as the health-check issue the app shows.
import { ApiBase } from '@atrium/contract';
import { createHttpClient, type RenewalReadiness } from '../../lib/http/http-client';
import { addVisitorToken, isVisitorCall } from '../../features/public-chat/hooks/visitor-token';
import { setHttpClient } from '../api/http';
import { authActions } from '../state/auth.slice';
import type { AppStore } from '../state/store';
import { renewToken } from './session.thunks';

export function installHttpClient(store: AppStore): void {
  const readiness = (): RenewalReadiness => {
    const { auth } = store.getState();
    // the persisted session is read when the store is created, so the answer is never 'unknown' here
    return auth.account?.userName && auth.tokenArgs ? 'yes' : 'no';
  };
  setHttpClient(
    createHttpClient({
      baseUrl: ApiBase,
      getToken: () => store.getState().auth.n1aiToken,
      renewal: { readiness, renew: () => store.dispatch(renewToken()) },
      onSessionLost: () => {
        if (store.getState().auth.n1aiToken) store.dispatch(authActions.tokenCleared(store.getState().auth.error));
      },
      setWaiting: (waiting) => store.dispatch(authActions.setHealthCheckIssue(waiting)),
      // a public chat visitor's calls carry the host site's signed token (docs/public-chat.md)
      decorate: addVisitorToken,
      // a visitor call's 401 is about the visitor's token, not the person's session: no renewal, no sign-out
      skipsRenewal: (args) => isVisitorCall(new Headers(args.headers)),
    }),
  );
}
