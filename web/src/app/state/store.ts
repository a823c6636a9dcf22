// The Redux store: persisted auth (localStorage persist:auth), local settings (localStorage settings),
// UI state and the RTK Query cache.
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { baseApi } from '../api/base-api';
import { authSlice, initialAuthState, persistedAuthFields } from './auth.slice';
import { chatSlice } from './chat.slice';
import { loadPersistedAuth, savePersistedAuth } from './persisted-auth';
import { loadSettings, settingsSlice, SettingsStorageKey } from './settings.slice';
import { uiSlice } from './ui.slice';

const rootReducer = combineReducers({
  auth: authSlice.reducer,
  settings: settingsSlice.reducer,
  ui: uiSlice.reducer,
  chat: chatSlice.reducer,
  [baseApi.reducerPath]: baseApi.reducer,
});

export function createStore() {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { auth: { ...initialAuthState, ...loadPersistedAuth(persistedAuthFields) }, settings: loadSettings() },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
  let saved = store.getState().settings;
  let savedAuth = store.getState().auth;
  store.subscribe(() => {
    const { settings, auth } = store.getState();
    if (settings !== saved) {
      saved = settings;
      localStorage.setItem(SettingsStorageKey, JSON.stringify(settings));
    }
    if (auth !== savedAuth) {
      const changed = persistedAuthFields.some((field) => auth[field] !== savedAuth[field]);
      savedAuth = auth;
      if (changed) savePersistedAuth(auth, persistedAuthFields);
    }
  });
  setupListeners(store.dispatch);
  return { store };
}

export type AppStore = ReturnType<typeof createStore>['store'];
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
