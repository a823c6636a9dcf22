import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Tooltip, { tooltipPosition } from './tooltip';

afterEach(() => vi.useRealTimers());

const rect = (left: number, top: number, width: number, height: number) => ({ left, top, width, height, right: left + width, bottom: top + height }) as DOMRect;

describe('tooltipPosition', () => {
  it('places the bubble beside the anchor and flips it when it would leave the window', () => {
    const viewport = { width: 1000, height: 800 };
    expect(tooltipPosition(rect(100, 100, 40, 40), 'bottom', viewport)).toMatchObject({ side: 'bottom', left: 120, top: 154 });
    expect(tooltipPosition(rect(100, 770, 40, 20), 'bottom', viewport)).toMatchObject({ side: 'top', top: 756 });
    expect(tooltipPosition(rect(900, 100, 40, 40), 'right', viewport)).toMatchObject({ side: 'left', left: 886 });
    expect(tooltipPosition(rect(10, 100, 40, 40), 'right', viewport)).toMatchObject({ side: 'right', left: 64, top: 120 });
  });
});

describe('Tooltip', () => {
  it('names its child like MUI (unless the child has a name) and shows the title on hover', () => {
    vi.useFakeTimers();
    render(
      <>
        <Tooltip title="Send">
          <button type="button">→</button>
        </Tooltip>
        <Tooltip title="Copy code">
          <button type="button" aria-label="Copy">c</button>
        </Tooltip>
      </>,
    );
    const send = screen.getByRole('button', { name: 'Send' });
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    fireEvent.pointerEnter(send, { pointerType: 'mouse' });
    act(() => void vi.advanceTimersByTime(150));
    expect(screen.getByRole('tooltip').textContent).toBe('Send');
    fireEvent.pointerLeave(send, { pointerType: 'mouse' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
