// Calls that obtain or end a platform token. They never trigger the 401 renewal themselves.
import {
  AuthRoutes,
  pathTo,
  type GenerateTokenResponse,
  type IdentityProvider,
  type LocalGenerateTokenRequest,
  type OidcGenerateTokenRequest,
} from '@atrium/contract';
import { decodeTokenClaims } from '../../lib/jwt';
import type { HttpResult } from '../../lib/http/http.types';
import { http } from '../api/http';
import type { AuthAccount, AuthUser } from '../state/auth.slice';

export const requestPlatformToken = (
  provider: IdentityProvider,
  body: LocalGenerateTokenRequest | OidcGenerateTokenRequest,
): Promise<HttpResult<GenerateTokenResponse>> =>
  http().request<GenerateTokenResponse>({
    url: pathTo(AuthRoutes.generateToken, { identityProvider: provider }),
    method: 'POST',
    body,
    withCredentials: true,
    skipTokenRenewal: true,
  });

export const requestLogout = (): Promise<HttpResult> =>
  http().request({ url: AuthRoutes.logout, method: 'POST', withCredentials: true, skipTokenRenewal: true });

/** The person behind a token, as the token itself says. */
export function identityFromToken(token: string, fallbackUserName = ''): { user: AuthUser; account: AuthAccount } {
  const claims = decodeTokenClaims(token) ?? {};
  const email = claims.email ?? fallbackUserName;
  const name = claims.name || email;
  return { user: { userId: claims.sub ?? '', name, email }, account: { name, userName: email } };
}
