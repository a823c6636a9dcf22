import { describe, expect, it } from 'vitest';
import { formatBucket, formatCompact, formatNumber } from './analytics-format';

describe('the dashboard formats', () => {
  it("writes a bucket's start in the zone the figures are grouped in, not the browser's", () => {
    // 23:00 UTC on 24 November is already 25 November in Berlin and still 24 November in New York
    const key = '2026-11-24T23:00:00.000Z';
    expect(formatBucket(key, '2026-11-25', 'Day', 'Europe/Berlin', 'en-US')).toBe('Nov 25');
    expect(formatBucket(key, '2026-11-24', 'Day', 'America/New_York', 'en-US')).toBe('Nov 24');
    expect(formatBucket(key, '', 'Hour', 'Asia/Kolkata', 'en-GB')).toBe('04:30');
    expect(formatBucket('2026-10-31T23:00:00.000Z', '', 'Month', 'Europe/Berlin', 'en-US')).toBe('Nov 2026');
    expect(formatBucket('2026-10-31T23:00:00.000Z', '', 'Month', 'Europe/Berlin', 'en-US', true)).toBe('November 2026');
  });

  it("keeps the server's label for items that are no time (hours of the day)", () => {
    expect(formatBucket('7', '07:00', null, 'UTC', 'en-US')).toBe('07:00');
  });

  it('writes figures in the locale, compact where room is short', () => {
    expect(formatNumber(1234567, 'en-US')).toBe('1,234,567');
    expect(formatNumber(2.345, 'de-DE')).toBe('2,35');
    expect(formatCompact(34_500, 'en-US')).toBe('34.5K');
    expect(formatCompact(12, 'en-US')).toBe('12');
  });
});
