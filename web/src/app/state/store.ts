// The Redux store: persisted auth (localStorage persist:auth), local settings (localStorage settings),
// UI state and the RTK Query cache.
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { FLUSH, PAUSE, PERSIST, persistReducer, persistStore, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import { baseApi } from '../api/base-api';
import { authSlice, persistedAuthFields } from './auth.slice';
import { chatSlice } from './chat.slice';
import { loadSettings, settingsSlice, SettingsStorageKey } from './settings.slice';
import { uiSlice } from './ui.slice';

// redux-persist's bundled storage module is CommonJS and loses its default export in the ESM build;
// this is the same localStorage adapter without the interop trap.
const storage = {
  getItem: (key: string) => Promise.resolve(localStorage.getItem(key)),
  setItem: (key: string, value: string) => Promise.resolve(localStorage.setItem(key, value)),
  removeItem: (key: string) => Promise.resolve(localStorage.removeItem(key)),
};

const rootReducer = combineReducers({
  auth: persistReducer({ key: 'auth', storage, whitelist: persistedAuthFields }, authSlice.reducer),
  settings: settingsSlice.reducer,
  ui: uiSlice.reducer,
  chat: chatSlice.reducer,
  [baseApi.reducerPath]: baseApi.reducer,
});

export function createStore() {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { settings: loadSettings() },
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } }).concat(
        baseApi.middleware,
      ),
  });
  let saved = store.getState().settings;
  store.subscribe(() => {
    const { settings } = store.getState();
    if (settings !== saved) {
      saved = settings;
      localStorage.setItem(SettingsStorageKey, JSON.stringify(settings));
    }
  });
  setupListeners(store.dispatch);
  const persistor = persistStore(store);
  return { store, persistor };
}

export type AppStore = ReturnType<typeof createStore>['store'];
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
