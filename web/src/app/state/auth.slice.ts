// Auth state of docs/product.md §3: the platform token and what it was obtained with, the account, the path to
// return to after login, display settings, directory groups and the health-check flag.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DirectoryGroup, IdentityProvider } from '@atrium/contract';

export const DefaultPathAfterLogin = '/chat';

export interface AuthUser {
  userId: string;
  name: string;
  email: string;
}

export interface AuthAccount {
  name: string;
  userName: string;
}

export interface DisplaySettings {
  showChatExecutionDetailsDrawer: boolean;
  useLatestChatSegmentForExecutionDetailsDrawer: boolean;
}

export interface AuthState {
  user: AuthUser | null;
  account: AuthAccount | null;
  n1aiToken: string;
  /** How to obtain a new token (docs/product.md §3 token-generation arguments). */
  tokenArgs: { identityProvider: IdentityProvider } | null;
  pathAfterLogin: string;
  displaySettings: DisplaySettings;
  entraGroups: DirectoryGroup[];
  healthCheckIssue: boolean;
  error: string | null;
  /** Set by a deliberate logout, so that the page left behind is not remembered for the next login. */
  loggedOut: boolean;
}

export const initialAuthState: AuthState = {
  user: null,
  account: null,
  n1aiToken: '',
  tokenArgs: null,
  pathAfterLogin: DefaultPathAfterLogin,
  displaySettings: { showChatExecutionDetailsDrawer: false, useLatestChatSegmentForExecutionDetailsDrawer: true },
  entraGroups: [],
  healthCheckIssue: false,
  error: null,
  loggedOut: false,
};

const byDisplayName = (a: DirectoryGroup, b: DirectoryGroup) => a.displayName.localeCompare(b.displayName);

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    signedIn(state, action: PayloadAction<{ token: string; identityProvider: IdentityProvider; account: AuthAccount; user: AuthUser }>) {
      const { token, identityProvider, account, user } = action.payload;
      state.n1aiToken = token;
      state.tokenArgs = { identityProvider };
      state.account = account;
      state.user = user;
      state.error = null;
      state.loggedOut = false;
    },
    tokenRenewed(state, action: PayloadAction<string>) {
      state.n1aiToken = action.payload;
      state.error = null;
    },
    /** docs/product.md §4: on failure the token is cleared and the error kept. */
    tokenCleared(state, action: PayloadAction<string | null | undefined>) {
      state.n1aiToken = '';
      state.error = action.payload ?? null;
    },
    signedOut: (state) => ({ ...initialAuthState, healthCheckIssue: state.healthCheckIssue, loggedOut: true }),
    resetAuth: () => initialAuthState,
    setAuthError(state, action: PayloadAction<string | null>) {
      state.error = action.payload;
    },
    setPathAfterLogin(state, action: PayloadAction<string>) {
      state.pathAfterLogin = action.payload || DefaultPathAfterLogin;
    },
    setDisplaySetting<K extends keyof DisplaySettings>(state: AuthState, action: PayloadAction<{ name: K; value: DisplaySettings[K] }>) {
      state.displaySettings[action.payload.name] = action.payload.value;
    },
    setEntraGroups(state, action: PayloadAction<DirectoryGroup[]>) {
      state.entraGroups = [...action.payload].sort(byDisplayName);
    },
    mergeEntraGroups(state, action: PayloadAction<DirectoryGroup[]>) {
      const merged = new Map(state.entraGroups.map((g) => [g.id, g]));
      for (const group of action.payload) merged.set(group.id, group);
      state.entraGroups = [...merged.values()].sort(byDisplayName);
    },
    setHealthCheckIssue(state, action: PayloadAction<boolean>) {
      state.healthCheckIssue = action.payload;
    },
  },
});

export const authActions = authSlice.actions;

/** Fields kept in localStorage under persist:auth; the rest is per page load. */
export const persistedAuthFields: (keyof AuthState)[] = ['user', 'account', 'n1aiToken', 'tokenArgs', 'pathAfterLogin', 'displaySettings', 'entraGroups'];
