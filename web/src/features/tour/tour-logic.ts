// The quick-start tour's rules (SPEC §4, §9), apart from the library that draws it: after a step ends
// or its target is missing the index moves one step (back on Back, else forward); Close stops the tour
// where it is; finishing stops it and goes back to step 0; Skip (labelled Restart) goes back to step 0
// and runs again after 100 ms.
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
