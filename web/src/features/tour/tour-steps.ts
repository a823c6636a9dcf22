// The 12 steps of the quick-start tour (docs/product.md §2 "Quick-start tour and chrome"): a welcome, then the
// chrome it points at, each found by its data-tour attribute. A target that is not on the screen (no
// upload button on an agent without files, the sidebar on a phone) is passed over (docs/product.md §8).
import type texts from './tour.texts.json';

/** A step's id, which names its texts (tour.steps.<id>) and its target's data-tour attribute. */
export type TourStepId = keyof (typeof texts)['tour']['steps'];

export interface TourStepDef {
  id: TourStepId;
  /** CSS selector; 'body' for the centred welcome */
  target: string;
  placement: 'center' | 'top' | 'bottom' | 'left' | 'right' | 'auto';
}

const at = (id: TourStepId, placement: TourStepDef['placement']): TourStepDef => ({ id, target: `[data-tour="${id}"]`, placement });

export const TourSteps: readonly TourStepDef[] = [
  { id: 'welcome', target: 'body', placement: 'center' },
  at('brand-logo', 'right'),
  at('chat-input-bar', 'top'),
  at('upload-file', 'top'),
  at('show-user-prompt', 'top'),
  at('chat-message-input', 'top'),
  at('conversation-section', 'right'),
  at('conversation-popover', 'right'),
  at('search-titles', 'right'),
  at('account-name', 'bottom'),
  at('account-popover', 'bottom'),
  at('quick-start-tour', 'bottom'),
];

/** docs/product.md §9's tour constants. */
export const TourConstants = {
  zIndex: 10000,
  width: 380,
  scrollDuration: 300,
  offset: 20,
  /** around the target, in the spotlight; scrolling to a target leaves this much room */
  spotlightPadding: 10,
  enterDelayMs: 1000,
  /** the dimmed spinner shows only when a step still waits after this long */
  loaderDelayMs: 1000,
} as const;
