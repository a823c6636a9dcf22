import { describe, expect, it } from 'vitest';
import { scrollNeeded } from './tour-targets';

describe('scrollNeeded', () => {
  const box = { top: 100, bottom: 400 };

  it('is 0 for a target wholly inside the box, so nothing moves', () => {
    expect(scrollNeeded({ top: 100, bottom: 138 }, box)).toBe(0);
    expect(scrollNeeded({ top: 362, bottom: 400 }, box)).toBe(0);
  });

  it('is the least distance that brings a target cut off at either edge inside', () => {
    expect(scrollNeeded({ top: 80, bottom: 118 }, box)).toBe(-20);
    expect(scrollNeeded({ top: 390, bottom: 428 }, box)).toBe(28);
    expect(scrollNeeded({ top: 900, bottom: 938 }, box)).toBe(538);
  });

  it('shows the top of a target taller than the box', () => {
    expect(scrollNeeded({ top: 150, bottom: 600 }, box)).toBe(50);
  });

  it('leaves a margin where it scrolls, as far as the box has room', () => {
    expect(scrollNeeded({ top: 80, bottom: 118 }, box, 10)).toBe(-30);
    expect(scrollNeeded({ top: 390, bottom: 428 }, box, 10)).toBe(38);
    // a target wholly inside does not move for the margin
    expect(scrollNeeded({ top: 102, bottom: 140 }, box, 10)).toBe(0);
    // a box barely taller than the target: what room there is, split
    expect(scrollNeeded({ top: 80, bottom: 100 }, { top: 100, bottom: 130 }, 10)).toBe(-25);
  });
});
