// Single sign-on: redirect to the identity provider, and on the way back exchange its tokens for a
// platform token (docs/product.md §4 sign-in, with the token loop counter).
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { oidcSettingsOf } from '../../../app/auth/session.thunks';
import { identityFromToken, requestPlatformToken } from '../../../app/auth/token-requests';
import { useInstanceSettings } from '../../../app/hooks/use-instance';
import { authActions } from '../../../app/state/auth.slice';
import { useAppDispatch } from '../../../app/state/hooks';
import { errorBodyOf } from '../../../lib/http/http.types';
import { clearIdentityCache, getUserManager, isSigninCallback, noteTokenAttempt } from '../../../lib/oidc';

export function useSsoSignIn() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { settings } = useInstanceSettings();
  const oidc = oidcSettingsOf(settings);
  const [pending, setPending] = useState(() => isSigninCallback(window.location.search));
  const [error, setError] = useState<string | null>(null);
  const handled = useRef(false);

  useEffect(() => {
    if (!oidc || handled.current || !isSigninCallback(window.location.search)) return;
    handled.current = true;
    void (async () => {
      try {
        if (noteTokenAttempt().clearCache) await clearIdentityCache(oidc);
        const manager = await getUserManager(oidc);
        const user = await manager.signinRedirectCallback();
        // The code and state must not stay in the address bar or history.
        window.history.replaceState(null, '', window.location.pathname);
        const result = await requestPlatformToken('EntraId', { idToken: user.id_token, accessToken: user.access_token });
        const token = result.data?.n1AIToken;
        if (!token) throw new Error(errorBodyOf(result.error)?.message ?? t('auth.failed'));
        const identity = identityFromToken(token, user.profile.email ?? '');
        dispatch(authActions.signedIn({ token, identityProvider: 'EntraId', ...identity }));
      } catch (e) {
        const message = e instanceof Error ? e.message : t('auth.failed');
        setError(message);
        dispatch(authActions.tokenCleared(message));
        setPending(false);
      }
    })();
  }, [oidc, dispatch, t]);

  const start = async () => {
    if (!oidc) return;
    setPending(true);
    setError(null);
    try {
      await (await getUserManager(oidc)).signinRedirect();
    } catch (e) {
      setError(e instanceof Error ? e.message : t('auth.failed'));
      setPending(false);
    }
  };

  return { enabled: oidc !== null, start, pending, error };
}
