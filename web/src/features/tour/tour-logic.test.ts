import { describe, expect, it } from 'vitest';
import { nextTourState, type TourEvent } from './tour-logic';

const running = { run: true, stepIndex: 3 };
const event = (e: Partial<TourEvent>): TourEvent => ({ type: 'step:after', action: 'next', index: 3, status: 'running', size: 12, lifecycle: 'complete', ...e });

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
