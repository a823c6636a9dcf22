import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DateTime, formatDateTime } from './date-time';

// ICU puts a narrow no-break space before AM/PM
const plain = (s: string) => s.replace(/\u202f/g, ' ');
const moment = '2026-11-24T10:05:00.000Z';

describe('formatDateTime', () => {
  it('shows the moment in the given locale and time zone', () => {
    expect(plain(formatDateTime(moment, 'en-US', 'America/New_York'))).toBe('Nov 24, 2026, 5:05 AM');
    expect(formatDateTime(moment, 'en-GB', 'Asia/Tokyo')).toBe('24 Nov 2026, 19:05');
    expect(formatDateTime(moment, 'de-DE', 'Europe/Berlin')).toBe('24.11.2026, 11:05');
    expect(formatDateTime(new Date(moment), 'en-GB', 'UTC')).toBe('24 Nov 2026, 10:05');
  });

  it('takes a language tag Intl refuses, and leaves a value that is no date as it is', () => {
    expect(formatDateTime(moment, 'en_US', 'UTC')).toMatch(/2026/);
    expect(formatDateTime('not a date', 'en-US')).toBe('not a date');
  });
});

describe('DateTime', () => {
  it('renders a time element with the ISO value and the full moment as its title', () => {
    render(<DateTime value={moment} />);
    const time = screen.getByText(/2026/);
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe(moment);
    expect(time.getAttribute('title')).toMatch(/2026/);
  });
});
