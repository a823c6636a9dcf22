import { z } from 'zod';
import { IdentityProviders } from '../constants.js';

export const IdentityProviderSchema = z.enum(IdentityProviders);
export type IdentityProvider = z.infer<typeof IdentityProviderSchema>;

/**
 * POST /authorization/Local/GenerateToken. Both fields may be absent: then the httpOnly refresh
 * cookie (if any) renews the session without the password.
 */
export const LocalGenerateTokenRequestSchema = z.object({
  userName: z.string().trim().max(320).optional(),
  password: z.string().max(1024).optional(),
});
export type LocalGenerateTokenRequest = z.infer<typeof LocalGenerateTokenRequestSchema>;

/**
 * POST /authorization/EntraId/GenerateToken with the identity provider's ID or access token.
 * Clients of the original send the token under one of these names; the Authorization header
 * may carry it too.
 */
export const OidcGenerateTokenRequestSchema = z.object({
  idToken: z.string().max(20000).optional(),
  accessToken: z.string().max(20000).optional(),
  token: z.string().max(20000).optional(),
  scopes: z.array(z.string().max(200)).max(20).optional(),
});
export type OidcGenerateTokenRequest = z.infer<typeof OidcGenerateTokenRequestSchema>;

export const GenerateTokenResponseSchema = z.object({ n1AIToken: z.string() });
export type GenerateTokenResponse = z.infer<typeof GenerateTokenResponseSchema>;

/** Claims of the platform token (docs/wire-protocol.md "Tokens"). */
export interface PlatformTokenClaims {
  sub: string;
  /** identity provider: Local or EntraId */
  ip: IdentityProvider;
  email: string;
  name: string;
  /** build version, e.g. 2.2510.3765.0 */
  v: string;
  iat: number;
  exp: number;
  /** the session the token was minted in; the token dies when that session ends (logout). Absent in older tokens. */
  sid?: string;
}

/** GET /authorization/session: who the bearer token belongs to and when it expires. */
export const SessionInfoSchema = z.object({
  userId: z.string(),
  email: z.string(),
  displayName: z.string(),
  identityProvider: IdentityProviderSchema,
  expiresAt: z.string(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;
