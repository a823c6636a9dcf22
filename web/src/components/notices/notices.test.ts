import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeSnackbar, currentNotices, enqueueSnackbar, holdNotice, MaxNotices, NoticeDurationMs, releaseNotice } from './notices';

afterEach(() => {
  for (const n of currentNotices()) closeSnackbar(n.id);
  vi.useRealTimers();
});

describe('notices', () => {
  it('drops a repeat of a notice on screen and keeps at most five, oldest leaving first', () => {
    enqueueSnackbar('Agent pinned', { variant: 'success' });
    expect(enqueueSnackbar('Agent pinned', { variant: 'success' })).toBeNull();
    for (let i = 0; i < 6; i++) enqueueSnackbar(`notice ${i}`);
    const shown = currentNotices();
    expect(shown).toHaveLength(MaxNotices);
    expect(shown.map((n) => n.message)).toEqual(['notice 1', 'notice 2', 'notice 3', 'notice 4', 'notice 5']);
    expect(shown[0]!.variant).toBe('default');
  });

  it('goes after 3 s, but not while held', () => {
    vi.useFakeTimers();
    const a = enqueueSnackbar('Failed to pin agent', { variant: 'error' })!;
    const b = enqueueSnackbar('Agent unpinned', { variant: 'success' })!;
    holdNotice(b);
    vi.advanceTimersByTime(NoticeDurationMs + 1);
    expect(currentNotices().map((n) => n.id)).toEqual([b]);
    releaseNotice(b);
    vi.advanceTimersByTime(NoticeDurationMs - 1);
    expect(currentNotices()).toHaveLength(1);
    vi.advanceTimersByTime(2);
    expect(currentNotices()).toHaveLength(0);
    expect(a).toBeLessThan(b);
  });
});
