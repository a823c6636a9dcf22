import { describe, expect, it } from 'vitest';
import { rowWindow } from './fixed-row-virtual-list';

describe('rowWindow', () => {
  it('renders the rows in view plus the overscan, clamped to the list', () => {
    // 38 px rows, a 380 px viewport: ten rows in view
    expect(rowWindow(0, 380, 38, 10_000, 2)).toEqual({ startIndex: 0, endIndex: 9, from: 0, to: 11 });
    expect(rowWindow(38 * 5000 + 19, 380, 38, 10_000, 2)).toEqual({ startIndex: 5000, endIndex: 5010, from: 4998, to: 5012 });
    expect(rowWindow(38 * 9990, 380, 38, 10_000, 2)).toEqual({ startIndex: 9990, endIndex: 9999, from: 9988, to: 9999 });
  });

  it('stays bounded by the viewport whatever the count, and copes with short lists and no height yet', () => {
    const { from, to } = rowWindow(38 * 123_456, 760, 38, 1_000_000, 2);
    expect(to - from + 1).toBeLessThanOrEqual(760 / 38 + 1 + 4);
    expect(rowWindow(0, 380, 38, 3, 2)).toEqual({ startIndex: 0, endIndex: 2, from: 0, to: 2 });
    expect(rowWindow(0, 0, 38, 50, 2)).toEqual({ startIndex: 0, endIndex: 0, from: 0, to: 2 });
    // scrolled past the end (the list shrank under the scroll position)
    expect(rowWindow(38 * 100, 380, 38, 5, 2)).toEqual({ startIndex: 4, endIndex: 4, from: 2, to: 4 });
  });
});
