// Client-only UI state shared across features: which right-hand panel is open, the mini navigation,
// and the reload screen after a version mismatch.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type RightPanel = 'settings' | 'about' | null;

export interface UiState {
  rightPanel: RightPanel;
  navMini: boolean;
}

const initialState: UiState = { rightPanel: null, navMini: false };

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    openPanel(state, action: PayloadAction<RightPanel>) {
      state.rightPanel = action.payload;
    },
    toggleNavMini(state) {
      state.navMini = !state.navMini;
    },
  },
});

export const uiActions = uiSlice.actions;
