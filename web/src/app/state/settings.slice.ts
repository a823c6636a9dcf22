// Local settings of docs/product.md §3, kept in localStorage under "settings".
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface LocalSettings {
  themeMode: 'light' | 'dark';
  themeDirection: 'ltr' | 'rtl';
  themeContrast: 'default' | 'bold';
  themeStretch: boolean;
  themeLayout: 'vertical';
  /** read each answer aloud, sentence by sentence, as it streams (docs/speech.md) */
  readAloud: boolean;
  /** the voice answers are read with, when the server reads them (a voice of GET /speech/options); null: the default */
  readAloudVoice: string | null;
}

export const SettingsStorageKey = 'settings';
export const defaultSettings: LocalSettings = {
  themeMode: 'light',
  themeDirection: 'ltr',
  themeContrast: 'default',
  themeStretch: false,
  themeLayout: 'vertical',
  readAloud: false,
  readAloudVoice: null,
};

export function loadSettings(storage: Storage | undefined = globalThis.localStorage): LocalSettings {
  try {
    const stored = JSON.parse(storage?.getItem(SettingsStorageKey) ?? '{}') as Partial<LocalSettings>;
    return {
      themeMode: stored.themeMode === 'dark' ? 'dark' : 'light',
      themeDirection: stored.themeDirection === 'rtl' ? 'rtl' : 'ltr',
      themeContrast: stored.themeContrast === 'bold' ? 'bold' : 'default',
      themeStretch: stored.themeStretch === true,
      themeLayout: 'vertical',
      readAloud: stored.readAloud === true,
      readAloudVoice: typeof stored.readAloudVoice === 'string' && /^[\w.:-]{1,100}$/.test(stored.readAloudVoice) ? stored.readAloudVoice : null,
    };
  } catch {
    return defaultSettings;
  }
}

export const settingsSlice = createSlice({
  name: 'settings',
  initialState: defaultSettings,
  reducers: {
    setContrast(state, action: PayloadAction<LocalSettings['themeContrast']>) {
      state.themeContrast = action.payload;
    },
    setStretch(state, action: PayloadAction<boolean>) {
      state.themeStretch = action.payload;
    },
    setReadAloud(state, action: PayloadAction<boolean>) {
      state.readAloud = action.payload;
    },
    setReadAloudVoice(state, action: PayloadAction<string | null>) {
      state.readAloudVoice = action.payload;
    },
    setDirection(state, action: PayloadAction<LocalSettings['themeDirection']>) {
      state.themeDirection = action.payload;
    },
    resetSettings: () => defaultSettings,
  },
});

export const settingsActions = settingsSlice.actions;
