// Client-only UI state shared across features: which right-hand panel is open, the mini navigation,
// and the reload screen after a version mismatch.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type RightPanel = 'settings' | 'about' | null;

/** The chat sidebar's selected tabs and search: kept here so that they survive the sidebar being
 * rebuilt when the screen crosses the wide/narrow breakpoint (permanent drawer <-> mobile drawer). */
export interface SidebarTabs {
  main: 'chats' | 'agents';
  chats: 'history' | 'archived';
  agents: 'recent' | 'pinned';
}

export interface UiState {
  rightPanel: RightPanel;
  navMini: boolean;
  sidebarTabs: SidebarTabs;
  chatSearch: string;
  /** the quick-start tour (docs/product.md §4): whether it runs and its step; the tour feature drives it */
  tour: TourState;
}

export interface TourState {
  run: boolean;
  stepIndex: number;
}

const initialState: UiState = {
  rightPanel: null,
  navMini: false,
  sidebarTabs: { main: 'chats', chats: 'history', agents: 'recent' },
  chatSearch: '',
  tour: { run: false, stepIndex: 0 },
};

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
    selectSidebarTabs(state, action: PayloadAction<Partial<SidebarTabs>>) {
      Object.assign(state.sidebarTabs, action.payload);
    },
    setChatSearch(state, action: PayloadAction<string>) {
      state.chatSearch = action.payload;
    },
    setTour(state, action: PayloadAction<Partial<TourState>>) {
      Object.assign(state.tour, action.payload);
    },
  },
});

export const uiActions = uiSlice.actions;
