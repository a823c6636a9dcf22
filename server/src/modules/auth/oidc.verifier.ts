// Verifies ID and access tokens of the configured OpenID provider (Entra ID or any other): signature
// against the issuer's JWKS (found through discovery, cached), issuer, audience and expiry, then
// reads the identity out of the claims the way Entra ID names them.
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { OidcConfig } from '../../config.js';
import type { DirectoryGroupRow } from '../../db/schema/index.js';

export interface ExternalIdentity {
  subject: string;
  email: string | null;
  displayName: string | null;
  /** null when the token does not say (e.g. Entra ID's groups overage): keep what is stored */
  directoryGroups: DirectoryGroupRow[] | null;
}

export class OidcTokenInvalid extends Error {}
export class OidcProviderUnavailable extends Error {}

/** Asymmetric algorithms only: an HS256 token "signed" with a public key must never pass. */
const Algorithms = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
const ClockToleranceSeconds = 60;
const DiscoveryTimeoutMs = 5000;

export class OidcVerifier {
  private jwks: Promise<JWTVerifyGetKey> | null = null;

  constructor(private readonly config: OidcConfig) {}

  async verify(token: string): Promise<ExternalIdentity> {
    const jwks = await this.keySet();
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, jwks, {
        // The configured issuer is kept without its trailing slash; some providers write one.
        issuer: [this.config.issuer, `${this.config.issuer}/`],
        audience: this.config.audience,
        algorithms: Algorithms,
        clockTolerance: ClockToleranceSeconds,
        requiredClaims: ['exp'],
      }));
    } catch (e) {
      if (e instanceof joseErrors.JWKSTimeout) throw new OidcProviderUnavailable('The identity provider keys could not be fetched in time.');
      if (e instanceof joseErrors.JOSEError) throw new OidcTokenInvalid(e.code);
      // jose reports a failed JWKS fetch as the fetch's own error
      throw new OidcProviderUnavailable(e instanceof Error ? e.message : String(e));
    }
    return this.identityOf(payload);
  }

  private identityOf(payload: JWTPayload): ExternalIdentity {
    const text = (name: string) => {
      const v = payload[name];
      return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
    };
    // Entra ID: `oid` is the person across all apps of the tenant; `sub` is per application.
    const subject = text('oid') ?? text('sub');
    if (!subject) throw new OidcTokenInvalid('no subject');
    const email = text('email') ?? text('preferred_username') ?? text('upn');
    return {
      subject,
      email: email?.toLowerCase() ?? null,
      displayName: text('name') ?? email,
      directoryGroups: this.groupsOf(payload),
    };
  }

  private groupsOf(payload: JWTPayload): DirectoryGroupRow[] | null {
    const claim = payload[this.config.groupsClaim];
    if (Array.isArray(claim)) {
      const ids = [...new Set(claim.filter((g): g is string => typeof g === 'string' && g !== ''))];
      return ids.map((id) => ({ id, displayName: id, description: null })).sort((a, b) => a.displayName.localeCompare(b.displayName));
    }
    // Too many groups for the token: Entra ID points elsewhere instead of listing them.
    const names = payload._claim_names as Record<string, unknown> | undefined;
    if (names && typeof names === 'object' && this.config.groupsClaim in names) return null;
    return [];
  }

  private keySet(): Promise<JWTVerifyGetKey> {
    this.jwks ??= this.discover().catch((e: unknown) => {
      // Try discovery again on the next sign-in rather than caching the failure.
      this.jwks = null;
      throw e;
    });
    return this.jwks;
  }

  private async discover(): Promise<JWTVerifyGetKey> {
    const url = `${this.config.issuer}/.well-known/openid-configuration`;
    let document: { jwks_uri?: unknown };
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(DiscoveryTimeoutMs), headers: { accept: 'application/json' } });
      if (!res.ok) throw new Error(`discovery answered ${res.status}`);
      document = (await res.json()) as { jwks_uri?: unknown };
    } catch (e) {
      throw new OidcProviderUnavailable(`OpenID discovery at ${url} failed: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (typeof document.jwks_uri !== 'string') throw new OidcProviderUnavailable(`OpenID discovery at ${url} names no jwks_uri`);
    return createRemoteJWKSet(new URL(document.jwks_uri), { timeoutDuration: DiscoveryTimeoutMs });
  }
}
