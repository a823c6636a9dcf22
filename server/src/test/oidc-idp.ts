// A real OpenID Provider for tests: `oidc-provider` on 127.0.0.1 with a random port, one public
// client (PKCE, authorization code + refresh token), the caller's accounts and the development login
// form (any password is accepted; the login field is the account's `sub`). Server tests get genuine
// tokens through `signIn`; browser tests send Chromium through the same provider's login page:
//   /interaction/<uid> shows a form with `input[name=login]` (type the account's sub),
//   `input[name=password]` (anything) and `button[type=submit]` ("Sign-in"). With autoConsent off a
//   second form follows with one `button[type=submit]` ("Continue"). /session/end (RP-initiated
//   logout) submits its own confirmation form by script and returns to the post-logout URI.
// The package ships no types; the reference carries them into every project that imports this file (e2e too).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./oidc-provider.d.ts" />
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import Provider from 'oidc-provider';
import { SignJWT, type JWTPayload } from 'jose';

export interface TestIdpAccount {
  /** the account id: type it in the login field of the login form */
  sub: string;
  email: string;
  name: string;
  /** directory group ids, emitted in the `groups` claim */
  groups?: string[];
}

export interface TestIdpOptions {
  /** read at every sign-in: change an account object to change the claims of its next tokens */
  accounts: TestIdpAccount[];
  clientId?: string;
  /** where the provider may send the browser back with the code (exact match) */
  redirectUris?: string[];
  postLogoutRedirectUris?: string[];
  /**
   * Audience of the JWT access tokens (as for an API exposed by the same app registration in
   * Entra ID). Defaults to the client id, so that the server accepts both tokens.
   */
  accessTokenAudience?: string;
  /** `false` shows the consent page after the login form (default: first-party, no consent page) */
  autoConsent?: boolean;
  /** fixed port (default: a random free one) */
  port?: number;
}

export interface TestIdpTokens {
  idToken: string;
  accessToken: string;
  refreshToken: string | null;
}

export interface TestIdp {
  /** `http://127.0.0.1:<port>`: use it as OIDC_ISSUER */
  issuer: string;
  clientId: string;
  /** the key id of the provider's signing key (it is in the JWKS) */
  kid: string;
  /**
   * Runs the whole authorization-code + PKCE flow over plain HTTP as a browser would: redirects,
   * the login form (and the consent form when shown), then the code exchange.
   */
  signIn(sub: string, options?: { scope?: string; redirectUri?: string }): Promise<TestIdpTokens>;
  /**
   * Signs arbitrary claims with the provider's own key (kid in its JWKS), defaults being those of
   * a valid ID token for `sub`: lets tests forge expired, wrong-audience or wrong-issuer tokens
   * that are still genuinely signed.
   */
  sign(claims: JWTPayload & { sub: string }, options?: { expiresInSeconds?: number; issuedAt?: number }): Promise<string>;
  close(): Promise<void>;
}

const base64url = (b: Buffer) => b.toString('base64url');

export async function startTestIdp(options: TestIdpOptions): Promise<TestIdp> {
  const clientId = options.clientId ?? 'atrium-test';
  const redirectUris = options.redirectUris ?? ['http://127.0.0.1/callback'];
  const accessTokenAudience = options.accessTokenAudience ?? clientId;
  const autoConsent = options.autoConsent ?? true;
  // Entra ID names an app's own API api://<client id> and stamps the client id as the audience.
  const resource = `api://${clientId}`;
  const accounts = new Map(options.accounts.map((a) => [a.sub, a]));

  // Listen first: the issuer must name the port before the provider is built.
  let handler: http.RequestListener = (_req, res) => res.writeHead(503).end();
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const kid = `test-idp-${randomBytes(4).toString('hex')}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };

  const accountFor = (id: string): TestIdpAccount =>
    // "Any login accepted": an unknown login becomes an account of its own.
    accounts.get(id) ?? { sub: id, email: id.includes('@') ? id : `${id}@idp.test`, name: id, groups: [] };
  const claimsOf = (a: TestIdpAccount) => ({
    sub: a.sub,
    email: a.email,
    email_verified: true,
    name: a.name,
    preferred_username: a.email,
    groups: a.groups ?? [],
  });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        redirect_uris: redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris ?? [],
        response_types: ['code'],
        grant_types: ['authorization_code', 'refresh_token'],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    pkce: { required: () => true },
    // The ID token carries the profile claims, as Entra ID's does, instead of leaving them to userinfo.
    conformIdTokenClaims: false,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username', 'groups'],
    },
    features: {
      devInteractions: { enabled: true },
      revocation: { enabled: true },
      rpInitiatedLogout: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: 'api',
          audience: accessTokenAudience,
          accessTokenFormat: 'jwt',
          accessTokenTTL: 3600,
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
    // JWT access tokens carry who the person is, like Entra ID's do for an app's own API.
    extraTokenClaims: async (_ctx: unknown, token: { kind: string; accountId?: string }) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const { sub: _sub, email_verified: _v, ...rest } = claimsOf(accountFor(token.accountId));
      return rest;
    },
    findAccount: async (_ctx: unknown, id: string) => {
      const account = accountFor(id);
      return { accountId: account.sub, claims: async () => claimsOf(account) };
    },
    // A browser app's silent renew uses refresh tokens without asking for offline_access.
    issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(t: string): boolean }) => client.grantTypeAllowed('refresh_token'),
    clientBasedCORS: () => true,
    loadExistingGrant: async (ctx: ProviderContext) => {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      if (!autoConsent) return undefined;
      // First-party client: grant what it asks for, so the only page a person sees is the login form.
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session?.accountId });
      grant.addOIDCScope('openid profile email offline_access');
      grant.addResourceScope(resource, 'api');
      await grant.save();
      return grant;
    },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 120,
      IdToken: 3600,
      RefreshToken: 86400,
      Interaction: 900,
      Session: 86400,
      Grant: 86400,
    },
    renderError: (ctx: { type: string; body: string }, out: Record<string, string>) => {
      ctx.type = 'html';
      ctx.body = `<!DOCTYPE html><title>oops</title><pre id="error">${Object.entries(out)
        .map(([k, v]) => `${k}: ${String(v).replace(/[<>&]/g, '')}`)
        .join('\n')}</pre>`;
    },
  });
  handler = provider.callback();

  const signIn: TestIdp['signIn'] = async (sub, signInOptions = {}) => {
    const redirectUri = signInOptions.redirectUri ?? redirectUris[0]!;
    const verifier = base64url(randomBytes(32));
    const state = base64url(randomBytes(16));
    const auth = new URL('/auth', issuer);
    auth.search = new URLSearchParams({
      client_id: clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: signInOptions.scope ?? 'openid profile email',
      state,
      nonce: base64url(randomBytes(16)),
      code_challenge: base64url(createHash('sha256').update(verifier).digest()),
      code_challenge_method: 'S256',
    }).toString();

    const browser = new CookieJar();
    let response = await browser.fetch(auth.toString());
    for (let step = 0; step < 20; step++) {
      if (response.status >= 300 && response.status < 400) {
        const location = new URL(response.headers.get('location')!, issuer);
        if (location.toString().startsWith(redirectUri)) {
          const error = location.searchParams.get('error');
          if (error) throw new Error(`Test IdP refused the sign-in: ${error} ${location.searchParams.get('error_description') ?? ''}`);
          if (location.searchParams.get('state') !== state) throw new Error('Test IdP returned another state');
          return exchange(location.searchParams.get('code')!, redirectUri, verifier);
        }
        response = await browser.fetch(location.toString());
        continue;
      }
      const html = await response.text();
      if (response.status !== 200) throw new Error(`Test IdP answered ${response.status}: ${html.slice(0, 500)}`);
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
      if (!action || !prompt) throw new Error(`Test IdP showed an unexpected page: ${html.slice(0, 500)}`);
      const form = new URLSearchParams(prompt === 'login' ? { prompt, login: sub, password: 'any password' } : { prompt });
      response = await browser.fetch(new URL(action.replaceAll('&amp;', '&'), issuer).toString(), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
    }
    throw new Error('Test IdP sign-in did not finish');
  };

  const exchange = async (code: string, redirectUri: string, verifier: string): Promise<TestIdpTokens> => {
    const res = await fetch(new URL('/token', issuer), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: clientId, code_verifier: verifier }).toString(),
    });
    const body = (await res.json()) as { id_token?: string; access_token?: string; refresh_token?: string; error?: string; error_description?: string };
    if (!res.ok || !body.id_token || !body.access_token)
      throw new Error(`Test IdP token exchange failed: ${body.error ?? res.status} ${body.error_description ?? ''}`);
    return { idToken: body.id_token, accessToken: body.access_token, refreshToken: body.refresh_token ?? null };
  };

  return {
    issuer,
    clientId,
    kid,
    signIn,
    async sign(claims, signOptions = {}) {
      const now = signOptions.issuedAt ?? Math.floor(Date.now() / 1000);
      const account = accountFor(claims.sub);
      const { sub: _sub, ...profile } = claimsOf(account);
      return new SignJWT({ ...profile, iss: issuer, aud: clientId, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuedAt(now)
        .setExpirationTime(now + (signOptions.expiresInSeconds ?? 3600))
        .sign(privateKey);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface ProviderContext {
  oidc: {
    result?: { consent?: { grantId?: string } };
    session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
    client: { clientId: string };
    provider: {
      Grant: {
        new (init: { clientId: string; accountId?: string }): {
          addOIDCScope(scope: string): void;
          addResourceScope(resource: string, scope: string): void;
          save(): Promise<string>;
        };
        find(id: string): Promise<unknown>;
      };
    };
  };
}

/** Just enough of a browser's cookie handling for the provider's session and interaction cookies. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired =
        attributes.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) < Date.now()) || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
}
