import { describe, expect, it } from 'vitest';
import { nextTourState, tourButtonState, type TourEvent } from './tour-logic';

const running = { run: true, stepIndex: 3 };
const event = (e: Partial<TourEvent>): TourEvent => ({
  type: 'step:after',
  action: 'next',
  index: 3,
  status: 'running',
  size: 12,
  lifecycle: 'complete',
  ...e,
});

describe('nextTourState', () => {
  it('moves forward after Next and back after Back', () => {
    expect(nextTourState(running, event({})).state).toEqual({ run: true, stepIndex: 4 });
    expect(nextTourState(running, event({ action: 'prev' })).state).toEqual({ run: true, stepIndex: 2 });
    expect(nextTourState({ run: true, stepIndex: 0 }, event({ action: 'prev', index: 0 })).state.stepIndex).toBe(0);
  });

  it('moves on when a step target is missing or invisible', () => {
    expect(nextTourState(running, event({ type: 'error:target_not_found', action: 'update' })).state).toEqual({ run: true, stepIndex: 4 });
    expect(nextTourState(running, event({ type: 'error:target_not_found', action: 'prev' })).state.stepIndex).toBe(2);
  });

  it('stops where it is on Close', () => {
    expect(nextTourState(running, event({ action: 'close' })).state).toEqual({ run: false, stepIndex: 3 });
  });

  it('stops and resets to step 0 when finished or past the last step', () => {
    expect(nextTourState(running, event({ type: 'tour:end', status: 'finished', index: 11 })).state).toEqual({ run: false, stepIndex: 0 });
    expect(nextTourState({ run: true, stepIndex: 11 }, event({ index: 11 })).state).toEqual({ run: false, stepIndex: 0 });
  });

  it('restarts from step 0 after 100 ms on Skip (labelled Restart)', () => {
    const t = nextTourState(running, event({ type: 'tour:end', action: 'skip', status: 'skipped' }));
    expect(t.state).toEqual({ run: false, stepIndex: 0 });
    expect(t.restartAfterMs).toBe(100);
  });

  it('ignores events that do not end a step', () => {
    expect(nextTourState(running, event({ type: 'tooltip', action: 'update', lifecycle: 'tooltip' }))).toEqual({ state: running });
  });

  it('counts a step completed during the scroll to its target once', () => {
    const after = nextTourState(running, event({ type: 'scroll:end', action: 'next' })).state;
    expect(after).toEqual({ run: true, stepIndex: 4 });
    // the step:after that may follow for the same step does not move it again
    expect(nextTourState(after, event({ type: 'step:after', action: 'next' })).state).toEqual(after);
  });
});

describe('tourButtonState', () => {
  it('moves one step on Next and Back, and never before the first step', () => {
    expect(tourButtonState(running, 'next', 3, 12)).toEqual({ state: { run: true, stepIndex: 4 } });
    expect(tourButtonState(running, 'back', 3, 12)).toEqual({ state: { run: true, stepIndex: 2 } });
    expect(tourButtonState({ run: true, stepIndex: 0 }, 'back', 0, 12).state.stepIndex).toBe(0);
  });

  it('ends on Done at the last step, so that the next start is at step 1', () => {
    expect(tourButtonState({ run: true, stepIndex: 11 }, 'next', 11, 12)).toEqual({ state: { run: false, stepIndex: 0 } });
  });

  it('stops where it is on Close, and goes back to step 1 and runs again on Restart', () => {
    expect(tourButtonState(running, 'close', 3, 12)).toEqual({ state: { run: false, stepIndex: 3 } });
    expect(tourButtonState(running, 'skip', 3, 12)).toEqual({ state: { run: false, stepIndex: 0 }, restartAfterMs: 100 });
  });

  it('takes the step the button was shown on, not the one the state has moved to', () => {
    expect(tourButtonState({ run: true, stepIndex: 5 }, 'next', 4, 12).state.stepIndex).toBe(5);
  });

  it('passes over the steps whose target is not on the screen, both ways', () => {
    // a phone: the sidebar's steps (6, 7, 8) are in a closed drawer
    const shown = (i: number) => ![6, 7, 8].includes(i);
    expect(tourButtonState({ run: true, stepIndex: 5 }, 'next', 5, 12, shown).state).toEqual({ run: true, stepIndex: 9 });
    expect(tourButtonState({ run: true, stepIndex: 9 }, 'back', 9, 12, shown).state).toEqual({ run: true, stepIndex: 5 });
    // nothing shown after it: Next ends the tour
    expect(tourButtonState({ run: true, stepIndex: 9 }, 'next', 9, 12, (i) => i <= 9).state).toEqual({ run: false, stepIndex: 0 });
    // nothing shown before it: Back goes to the first step, which is always there
    expect(tourButtonState({ run: true, stepIndex: 3 }, 'back', 3, 12, (i) => i >= 3).state.stepIndex).toBe(0);
  });
});
