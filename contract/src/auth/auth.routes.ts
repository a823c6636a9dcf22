// Paths of sign-in and platform tokens (docs/wire-protocol.md "Tokens"), exported as AuthRoutes (see ../routes.ts).

export const localToken = '/authorization/Local/GenerateToken';
export const entraIdToken = '/authorization/EntraId/GenerateToken';
/** any other provider's name: answered as not configured */
export const generateToken = '/authorization/:identityProvider/GenerateToken';
export const logout = '/authorization/logout';
export const session = '/authorization/session';
