// Session transitions that involve the server or the identity provider: renew, sign out, version check.
import { TokenVersion, type InstanceSettings } from '@atrium/contract';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { errorBodyOf } from '../../lib/http/http.types';
import { decodeTokenClaims } from '../../lib/jwt';
import { clearIdentityCache, getUserManager, noteTokenAttempt, type OidcSettings } from '../../lib/oidc';
import { baseApi } from '../api/base-api';
import { http } from '../api/http';
import { instanceApi } from '../api/instance.api';
import { authActions } from '../state/auth.slice';
import type { RootState } from '../state/store';
import { requestLogout, requestPlatformToken } from './token-requests';

type AppThunk<R> = ThunkAction<R, RootState, unknown, UnknownAction>;

export const VersionReloadDelayMs = 100;
export const VersionReloadKey = 'atrium.versionReload';
export const VersionScreenKey = 'atrium.versionReloadScreen';

export const oidcSettingsOf = (settings: InstanceSettings | undefined): OidcSettings | null =>
  settings?.entraIdSettings
    ? { authority: settings.entraIdSettings.authority, clientId: settings.entraIdSettings.clientId, scopes: settings.entraIdSettings.scopes }
    : null;

export const loadOidcSettings = (): AppThunk<Promise<OidcSettings | null>> => async (dispatch) => {
  const query = dispatch(instanceApi.endpoints.getInstanceSettings.initiate());
  try {
    return oidcSettingsOf(await query.unwrap());
  } catch {
    return null;
  } finally {
    query.unsubscribe();
  }
};

/** Obtains a new platform token the way the current one was obtained; clears it on failure. */
export const renewToken = (): AppThunk<Promise<string | null>> => async (dispatch, getState) => {
  const provider = getState().auth.tokenArgs?.identityProvider;
  let result;
  if (provider === 'Local') {
    result = await requestPlatformToken('Local', {});
  } else if (provider === 'EntraId') {
    const oidc = await dispatch(loadOidcSettings());
    if (!oidc) {
      dispatch(authActions.tokenCleared('Single sign-on is not configured.'));
      return null;
    }
    if (noteTokenAttempt().clearCache) await clearIdentityCache(oidc);
    try {
      const user = await (await getUserManager(oidc)).signinSilent();
      if (!user) throw new Error('No active account.');
      result = await requestPlatformToken('EntraId', { idToken: user.id_token, accessToken: user.access_token });
    } catch (e) {
      dispatch(authActions.tokenCleared(e instanceof Error ? e.message : String(e)));
      return null;
    }
  } else {
    return null;
  }
  const token = result.data?.n1AIToken;
  if (!token) {
    dispatch(authActions.tokenCleared(errorBodyOf(result.error)?.message ?? null));
    return null;
  }
  dispatch(authActions.tokenRenewed(token));
  return token;
};

/** Ends the session on the server and, for single sign-on, at the identity provider too. */
export const signOut = (): AppThunk<Promise<void>> => async (dispatch, getState) => {
  const provider = getState().auth.tokenArgs?.identityProvider;
  await requestLogout();
  http().sessionHeaders.clear();
  const oidc = provider === 'EntraId' ? await dispatch(loadOidcSettings()) : null;
  dispatch(authActions.signedOut());
  dispatch(baseApi.util.resetApiState());
  if (oidc) {
    const manager = await getUserManager(oidc);
    await manager.signoutRedirect().catch(() => clearIdentityCache(oidc));
  }
};

/**
 * docs/product.md §4: a token minted by another build (its v claim differs) is renewed and the page reloaded
 * after 100 ms. Once per mismatch and tab, so a server on another version cannot cause a reload loop.
 */
export const checkTokenVersion = (): AppThunk<Promise<void>> => async (dispatch, getState) => {
  const token = getState().auth.n1aiToken;
  const version = token ? decodeTokenClaims(token)?.v : undefined;
  if (!version || version === TokenVersion) return;
  const marker = `${version}->${TokenVersion}`;
  if (sessionStorage.getItem(VersionReloadKey) === marker) return;
  sessionStorage.setItem(VersionReloadKey, marker);
  if (!(await dispatch(renewToken()))) return;
  sessionStorage.setItem(VersionScreenKey, '1');
  setTimeout(() => window.location.reload(), VersionReloadDelayMs);
};
