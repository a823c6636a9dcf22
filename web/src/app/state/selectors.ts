import type { RootState } from './store';

/** docs/product.md §4: authenticated only when signed in and the token is non-empty. */
export const selectIsAuthenticated = (state: RootState): boolean => state.auth.account !== null && state.auth.n1aiToken !== '';
export const selectToken = (state: RootState): string => state.auth.n1aiToken;
export const selectIdentityProvider = (state: RootState) => state.auth.tokenArgs?.identityProvider ?? null;
