// Connects the fetch client to the store: it reads the token, renews it through the auth thunks,
// and reports 503 waits as the health-check issue the app shows.
import { ApiBase } from '@atrium/contract';
import { createHttpClient, type RenewalReadiness } from '../../lib/http/http-client';
import { setHttpClient } from '../api/http';
import { authActions } from '../state/auth.slice';
import type { AppStore } from '../state/store';
import { renewToken } from './session.thunks';

export function installHttpClient(store: AppStore): void {
  const readiness = (): RenewalReadiness => {
    const { auth } = store.getState();
    const rehydrated = (auth as { _persist?: { rehydrated: boolean } })._persist?.rehydrated ?? false;
    if (auth.account?.userName && auth.tokenArgs) return 'yes';
    return rehydrated ? 'no' : 'unknown';
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
    }),
  );
}
