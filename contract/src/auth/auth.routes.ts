// Paths of sign-in (docs/wire-protocol.md "Signing in"), exported as AuthRoutes (see ../routes.ts).

export const localToken = '/authorization/Local/GenerateToken';
export const entraIdToken = '/authorization/EntraId/GenerateToken';
/** any other provider's name: answered as not configured */
export const generateToken = '/authorization/:identityProvider/GenerateToken';
export const logout = '/authorization/logout';
export const session = '/authorization/session';
