// Signed-identity embeds (docs/public-chat.md): a host site names its signed-in visitor with a short-lived JWT in the
// X-Visitor-Token header, verified with jose (already the server's JWT library): HS256 with the endpoint's secret,
// RS256 with the keys at the site's JWKS address (createRemoteJWKSet, cached per address). The secret is write-only:
// a saved configuration keeps it sealed with the instance's encryption key (secretSealed, which the contract's schema
// does not know, so that no response carries it, and which the audit trail redacts) and answers hasSecret instead.
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey, type JWTVerifyOptions } from 'jose';
import type { FastifyRequest } from 'fastify';
import {
  PublicChatMessages,
  VisitorSubjectMaxLength,
  VisitorTokenHeader,
  VisitorTokenMaxLifetimeSeconds,
  type PublicEndpointConfiguration,
} from '@atrium/contract';
import type { SecretBox } from '../../platform/secrets.js';
import { AppError, badRequest, unauthenticated } from '../../platform/errors.js';

/** A host site's signed-in visitor, as its token names them. */
export interface SignedVisitor {
  subject: string;
  name: string | null;
  email: string | null;
}

const ClockToleranceSeconds = 30;
const JwksTimeoutMs = 5_000;
const MaxKeySets = 200;
const SecretField = 'config.publicEndpointConfiguration.identity.secret';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The sealed secret of a stored publicEndpointConfiguration (HS256 only), or null. */
export function sealedSecretOf(endpointConfiguration: unknown): string | null {
  if (!isObject(endpointConfiguration) || !isObject(endpointConfiguration.identity)) return null;
  const { mode, secretSealed } = endpointConfiguration.identity;
  return mode === 'HS256' && typeof secretSealed === 'string' && secretSealed !== '' ? secretSealed : null;
}

/**
 * The publicEndpointConfiguration to store: a `secret` sent is sealed (secretSealed) and dropped; without one, the
 * secret stored before is kept while the mode is HS256; `hasSecret` says which. Anything else passes as it is.
 */
export function sealEndpointIdentity(secrets: SecretBox, before: unknown, next: unknown): unknown {
  if (!isObject(next) || !isObject(next.identity)) return next;
  const { secret, secretSealed: _stored, hasSecret: _claimed, ...identity } = next.identity;
  let sealed: string | null = null;
  if (identity.mode === 'HS256')
    sealed = typeof secret === 'string' && secret !== '' ? secrets.encrypt(secret) : (sealedSecretOf(before) ?? sealedSecretOf(next));
  return { ...next, identity: { ...identity, hasSecret: sealed !== null, ...(sealed ? { secretSealed: sealed } : {}) } };
}

/** Seals the identity secret of a whole configuration (in place of its publicEndpointConfiguration). */
export function sealConfigIdentity<T extends { publicEndpointConfiguration?: unknown }>(
  secrets: SecretBox,
  before: { publicEndpointConfiguration?: unknown } | null,
  config: T,
): T {
  if (!isObject(config.publicEndpointConfiguration)) return config;
  return { ...config, publicEndpointConfiguration: sealEndpointIdentity(secrets, before?.publicEndpointConfiguration, config.publicEndpointConfiguration) };
}

/** 400 at publishing when HS256 is chosen and no secret was ever set. */
export function requireIdentitySecret(endpoint: PublicEndpointConfiguration, endpointConfiguration: unknown): void {
  if (endpoint.identity?.mode === 'HS256' && !sealedSecretOf(endpointConfiguration))
    throw badRequest('Set the secret that signs visitor tokens (HS256) before publishing.', [
      { field: SecretField, message: 'Set a secret of 32 characters or more' },
    ]);
}

/** The token a visitor call carries (X-Visitor-Token), or null. */
export function visitorTokenOf(request: FastifyRequest): string | null {
  const header = request.headers[VisitorTokenHeader.toLowerCase()];
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  return value ? value : null;
}

// one key set per JWKS address: jose fetches it on first use, keeps it, and fetches again for an unknown key id
const keySets = new Map<string, JWTVerifyGetKey>();
function keySetOf(url: string): JWTVerifyGetKey {
  let set = keySets.get(url);
  if (!set) {
    if (keySets.size >= MaxKeySets) keySets.delete(keySets.keys().next().value!);
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: JwksTimeoutMs, cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
    keySets.set(url, set);
  }
  return set;
}

/** Why a token was refused, in the visitor's words. */
function reasonOf(e: unknown): string {
  if (e instanceof joseErrors.JWTExpired) return 'it has expired';
  if (e instanceof joseErrors.JWTClaimValidationFailed) {
    if (e.reason === 'missing') return `it has no ${e.claim}`;
    if (e.claim === 'aud') return 'it is meant for another assistant';
    if (e.claim === 'iss') return 'it was issued by another site';
    return `its ${e.claim} is not valid`;
  }
  if (e instanceof joseErrors.JWSSignatureVerificationFailed) return 'its signature does not match';
  if (e instanceof joseErrors.JOSEAlgNotAllowed) return 'it is signed with another algorithm';
  if (e instanceof joseErrors.JWKSNoMatchingKey) return 'no key of the site matches it';
  if (e instanceof joseErrors.JWKSTimeout || e instanceof joseErrors.JWKSInvalid) return "the site's keys could not be read";
  if (e instanceof TypeError) return "the site's keys could not be read";
  return 'it is not a valid token';
}

const claimText = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 200) : null);

/**
 * The signed visitor of a call: null when the endpoint takes no tokens (mode None, a token is then ignored) or none
 * was sent and none is required; 401 when one is required and missing, or when the one sent is not valid (signature,
 * exp, a lifetime over VisitorTokenMaxLifetimeSeconds, iss and aud when set, sub).
 */
export async function verifyVisitor(
  secrets: SecretBox,
  endpoint: PublicEndpointConfiguration,
  sealedSecret: string | null,
  token: string | null,
): Promise<SignedVisitor | null> {
  const identity = endpoint.identity;
  if (!identity || identity.mode === 'None') return null;
  if (!token) {
    if (identity.required) throw unauthenticated(PublicChatMessages.visitorTokenRequired);
    return null;
  }
  const refuse = (reason: string) => unauthenticated(PublicChatMessages.visitorTokenInvalid(reason));
  const options: JWTVerifyOptions = {
    algorithms: [identity.mode],
    audience: identity.audience || endpoint.endpointName,
    ...(identity.issuer ? { issuer: identity.issuer } : {}),
    requiredClaims: ['sub', 'exp'],
    clockTolerance: ClockToleranceSeconds,
  };
  let payload: JWTPayload;
  try {
    if (identity.mode === 'HS256') {
      if (!sealedSecret) throw refuse('this assistant has no secret to check it with');
      ({ payload } = await jwtVerify(token, new TextEncoder().encode(secrets.decrypt(sealedSecret)), options));
    } else {
      if (!identity.jwksUrl) throw refuse('this assistant has no keys to check it with');
      ({ payload } = await jwtVerify(token, keySetOf(identity.jwksUrl), options));
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw refuse(reasonOf(e));
  }
  if (payload.exp! - Date.now() / 1000 > VisitorTokenMaxLifetimeSeconds + ClockToleranceSeconds)
    throw refuse(`it is valid for longer than ${VisitorTokenMaxLifetimeSeconds / 60} minutes`);
  const subject = payload.sub;
  if (typeof subject !== 'string' || subject === '' || subject.length > VisitorSubjectMaxLength) throw refuse('its sub is not valid');
  return { subject, name: claimText(payload.name), email: claimText(payload.email) };
}

/** The session identifier a signed visitor owns conversations and counts limits by: the endpoint's and the subject's. */
export const signedSessionIdentifier = (endpointName: string, subject: string) => `signed:${endpointName}:${subject}`;
