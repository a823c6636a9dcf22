// Wire constants without zod, so that the browser bundle can use them without the schemas.

export const IdentityProviders = ['Local', 'EntraId'] as const;

export const TokenLifetimeSeconds = 1800;

export const RefreshCookieName = 'atrium_refresh';

/** Path of the refresh cookie: only the sign-in calls ever receive it. */
export const RefreshCookiePath = '/api/internal/authorization';

/** Error codes of sign-in beyond the common ones (ErrorCodes). */
export const AuthErrorCodes = {
  oidcNotConfigured: 'oidc_not_configured',
  localSignInDisabled: 'local_sign_in_disabled',
  identityProviderUnavailable: 'identity_provider_unavailable',
} as const;

export const KnownFeatureFlags = ['ShowFooter', 'ShowReleaseNotes', 'ShowQuickStartTour'] as const;

/** docs/product.md §9: the build version of this release; tokens carry it with a trailing .0 */
export const BuildVersion = '2.2510.3765';

export const TokenVersion = `${BuildVersion}.0`;

export const InstanceSettingsCacheSeconds = 604800;

export const LoginAlignments = ['Left', 'Center', 'Right'] as const;

export const DefaultBrandKey = 'default';

export const ErrorCodes = {
  validation: 'validation_error',
  malformedJson: 'malformed_json',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  unauthenticated: 'unauthenticated',
  invalidCredentials: 'invalid_credentials',
  tooManyAttempts: 'too_many_attempts',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  notReady: 'not_ready',
  internal: 'internal_error',
} as const;
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];
