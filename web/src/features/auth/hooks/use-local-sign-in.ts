// Local sign-in: email and password for a platform token (and the refresh cookie).
import { useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { identityFromToken, requestPlatformToken } from '../../../app/auth/token-requests';
import { authActions } from '../../../app/state/auth.slice';
import { useAppDispatch } from '../../../app/state/hooks';
import { errorBodyOf } from '../../../lib/http/http.types';

export function useLocalSignIn() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const signIn = async (userName: string, password: string): Promise<boolean> => {
    if (!userName.trim() || !password) {
      setError(t('auth.required'));
      return false;
    }
    setPending(true);
    setError(null);
    const result = await requestPlatformToken('Local', { userName: userName.trim(), password });
    setPending(false);
    const token = result.data?.n1AIToken;
    if (token) {
      dispatch(authActions.signedIn({ token, identityProvider: 'Local', ...identityFromToken(token, userName.trim()) }));
      return true;
    }
    const status = result.error?.status;
    const message =
      status === 429
        ? (errorBodyOf(result.error)?.message ?? t('auth.throttled'))
        : status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR'
          ? t('auth.unreachable')
          : (errorBodyOf(result.error)?.message ?? t('auth.failed'));
    setError(message);
    dispatch(authActions.tokenCleared(message));
    return false;
  };

  return { signIn, pending, error };
}
