// The single sign-on client (oidc-client-ts), loaded on demand so that local-only instances never
// download it. Also owns the token loop counter of docs/product.md §4.
import type { UserManager } from 'oidc-client-ts';

export interface OidcSettings {
  authority: string;
  clientId: string;
  scopes: readonly string[];
}

export const TokenLoopLimit = 4;
export const TokenLoopResetMs = 30_000;
const LoopKey = 'atrium.tokenLoop';

let manager: { key: string; promise: Promise<UserManager> } | null = null;

const scopeOf = (scopes: readonly string[]): string => Array.from(new Set(['openid', 'profile', 'email', ...scopes])).join(' ');

export function getUserManager(settings: OidcSettings): Promise<UserManager> {
  const key = `${settings.authority}|${settings.clientId}`;
  if (manager?.key === key) return manager.promise;
  const promise = import('oidc-client-ts').then(({ UserManager: Manager, WebStorageStateStore }) => {
    const origin = window.location.origin;
    return new Manager({
      authority: settings.authority,
      client_id: settings.clientId,
      redirect_uri: `${origin}/auth/jwt/login`,
      post_logout_redirect_uri: `${origin}/auth/jwt/login`,
      silent_redirect_uri: `${origin}/silent-renew.html`,
      scope: scopeOf(settings.scopes),
      response_type: 'code',
      automaticSilentRenew: true,
      userStore: new WebStorageStateStore({ store: window.sessionStorage }),
      stateStore: new WebStorageStateStore({ store: window.sessionStorage }),
    });
  });
  manager = { key, promise };
  return promise;
}

/** True when the current URL is the identity provider's redirect back to the login page. */
export const isSigninCallback = (search: string): boolean => {
  const params = new URLSearchParams(search);
  return (params.has('code') || params.has('error')) && params.has('state');
};

/** Forgets the identity provider's session kept in this tab (the "identity cache"). */
export async function clearIdentityCache(settings: OidcSettings | null): Promise<void> {
  if (settings) {
    const userManager = await getUserManager(settings);
    await userManager.removeUser();
    await userManager.clearStaleState();
  }
  for (const key of Object.keys(window.sessionStorage)) {
    if (key.startsWith('oidc.')) window.sessionStorage.removeItem(key);
  }
}

/**
 * Counts token acquisitions in a row. At the limit the identity cache is cleared so that a broken
 * cached session cannot loop forever; the count starts again 30 s after its first attempt.
 */
export function noteTokenAttempt(now = Date.now()): { clearCache: boolean } {
  let loop = { count: 0, since: now };
  try {
    loop = { ...loop, ...(JSON.parse(window.sessionStorage.getItem(LoopKey) ?? '{}') as Partial<typeof loop>) };
  } catch {
    // A corrupt counter simply starts again.
  }
  if (now - loop.since > TokenLoopResetMs) loop = { count: 0, since: now };
  loop.count += 1;
  const clearCache = loop.count >= TokenLoopLimit;
  window.sessionStorage.setItem(LoopKey, JSON.stringify(clearCache ? { count: 0, since: now } : loop));
  return { clearCache };
}
