import { act, cleanup, render, screen } from '@testing-library/react';
import { enqueueSnackbar as enqueue } from 'notistack';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n/i18n';
import { MaxNotices, NoticeDurationMs, NoticeProvider } from './notice-provider';

initI18n();

const shown = () => screen.queryAllByRole('alert').map((el) => el.textContent);

describe('NoticeProvider', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('drops a repeat of a notice on screen and keeps at most five, oldest leaving first', async () => {
    render(
      <NoticeProvider>
        <span />
      </NoticeProvider>,
    );
    act(() => {
      enqueue('Agent pinned', { variant: 'success' });
      enqueue('Agent pinned', { variant: 'success' });
    });
    expect(shown()).toEqual(['Agent pinned']);
    expect(screen.getByRole('alert').closest('[data-notice]')?.getAttribute('data-notice')).toBe('success');
    act(() => {
      for (let i = 0; i < 6; i++) enqueue(`notice ${i}`);
    });
    // notistack keeps the queue's overflow waiting; what is on screen is at most five
    await vi.waitFor(() => expect(shown()).toHaveLength(MaxNotices));
  });

  it('closes a notice after 3 s', () => {
    vi.useFakeTimers();
    render(
      <NoticeProvider>
        <span />
      </NoticeProvider>,
    );
    act(() => void enqueue('Failed to pin agent', { variant: 'error' }));
    expect(shown()).toEqual(['Failed to pin agent']);
    act(() => vi.advanceTimersByTime(NoticeDurationMs - 100));
    expect(shown()).toEqual(['Failed to pin agent']);
    // then it leaves (its exit transition runs on timers too)
    for (let i = 0; i < 10; i++) act(() => vi.advanceTimersByTime(100));
    expect(shown()).toEqual([]);
  });
});
