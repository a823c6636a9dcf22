// The quick-start tour's rules (docs/product.md §4, §9), apart from the library that draws it: after a step ends
// or its target is missing the index moves one step (back on Back, else forward); Close stops the tour
// where it is; finishing stops it and goes back to step 0; Skip (labelled Restart) goes back to step 0
// and runs again after 100 ms.
//
// The tooltip's buttons move the tour themselves (tourButtonState) rather than through react-joyride's
// controls: a click that lands between the library's render and its effects (a window that Preact's
// deferred effects make tens of milliseconds wide) was overwritten by the library's own lifecycle update
// and lost. The library's events still move the tour past missing targets and on its own closes.
import type { TourState } from '../../app/state/ui.slice';

export const TourRestartDelayMs = 100;

/** The part of a react-joyride event the rules look at (its literal values). */
export interface TourEvent {
  type: string;
  action: string;
  index: number;
  status: string;
  size: number;
  lifecycle: string;
}

export interface TourTransition {
  state: TourState;
  /** run again after this many milliseconds (the Restart button) */
  restartAfterMs?: number;
}

export function nextTourState(state: TourState, event: TourEvent): TourTransition {
  if (event.action === 'skip' || event.status === 'skipped') {
    return { state: { run: false, stepIndex: 0 }, restartAfterMs: TourRestartDelayMs };
  }
  if (event.status === 'finished') return { state: { run: false, stepIndex: 0 } };
  // A click on Next/Back while the page still scrolls to the target completes the step without a
  // step:after event (react-joyride 3): any completed step counts, once, for the step being shown.
  const stepEnded =
    event.type === 'step:after' ||
    event.type === 'error:target_not_found' ||
    (event.lifecycle === 'complete' && ['next', 'prev', 'close'].includes(event.action));
  if (stepEnded && event.index === state.stepIndex) {
    if (event.action === 'close') return { state: { run: false, stepIndex: event.index } };
    const stepIndex = event.index + (event.action === 'prev' ? -1 : 1);
    // past the last step is the end of the tour
    if (stepIndex >= event.size) return { state: { run: false, stepIndex: 0 } };
    return { state: { run: state.run, stepIndex: Math.max(0, stepIndex) } };
  }
  return { state };
}

export type TourButton = 'next' | 'back' | 'close' | 'skip';

/**
 * Where a press on one of the tooltip's buttons, shown on step `index` of `size`, takes the tour. Next and
 * Back pass over the steps whose target is not on the screen now (`shown`; the sidebar's steps on a phone,
 * where the sidebar is a closed drawer), at once: left to react-joyride, each such step waited a second for
 * its target under a dimmed spinner.
 */
export function tourButtonState(
  state: TourState,
  button: TourButton,
  index: number,
  size: number,
  shown: (index: number) => boolean = () => true,
): TourTransition {
  switch (button) {
    case 'next': {
      let next = index + 1;
      while (next < size && !shown(next)) next++;
      // Done on the last step (or with nothing shown after it) ends the tour; the next start is at step 1
      return next >= size ? { state: { run: false, stepIndex: 0 } } : { state: { run: state.run, stepIndex: next } };
    }
    case 'back': {
      let back = index - 1;
      while (back > 0 && !shown(back)) back--;
      return { state: { run: state.run, stepIndex: Math.max(0, back) } };
    }
    case 'close':
      return { state: { run: false, stepIndex: index } };
    case 'skip':
      return { state: { run: false, stepIndex: 0 }, restartAfterMs: TourRestartDelayMs };
  }
}
