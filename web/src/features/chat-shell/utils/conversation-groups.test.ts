import { describe, expect, it } from 'vitest';
import { groupLabel, groupOf } from './conversation-groups';

// 2026-11-21 10:00 in New York (15:00 UTC)
const now = new Date('2026-11-21T15:00:00Z');
const zone = 'America/New_York';
const kind = (iso: string, tz = zone) => groupOf(iso, now, tz);

describe('conversation grouping', () => {
  it('puts today and yesterday by the calendar day of the user, not UTC', () => {
    expect(kind('2026-11-21T04:59:00Z')).toEqual({ kind: 'yesterday' }); // 23:59 on the 20th in New York
    expect(kind('2026-11-21T05:00:00Z')).toEqual({ kind: 'today' });
    expect(kind('2026-11-21T04:59:00Z', 'UTC')).toEqual({ kind: 'today' });
    expect(kind('2026-11-22T01:00:00Z')).toEqual({ kind: 'today' }); // slightly in the future
  });

  it('uses Previous 7 Days up to a week and Previous 30 Days up to a month', () => {
    expect(kind('2026-11-19T15:00:00Z')).toEqual({ kind: 'previous7' });
    expect(kind('2026-11-14T15:00:00Z')).toEqual({ kind: 'previous7' });
    expect(kind('2026-11-13T15:00:00Z')).toEqual({ kind: 'previous30' });
    expect(kind('2026-10-22T15:00:00Z')).toEqual({ kind: 'previous30' });
    expect(kind('2026-10-21T15:00:00Z')).toEqual({ kind: 'month', month: 9 });
  });

  it('names months of the current year, then years', () => {
    expect(kind('2026-01-01T12:00:00Z')).toEqual({ kind: 'month', month: 0 });
    expect(kind('2025-12-31T12:00:00Z')).toEqual({ kind: 'year', year: 2025 });
    expect(kind('2019-06-01T12:00:00Z')).toEqual({ kind: 'year', year: 2019 });
  });

  it('labels groups through the translation and month names in the language', () => {
    const t = (key: string) => `[${key}]`;
    expect(groupLabel({ kind: 'today' }, t, 'en-US')).toBe('[chat.groupToday]');
    expect(groupLabel({ kind: 'previous30' }, t, 'en-US')).toBe('[chat.groupPrevious30]');
    expect(groupLabel({ kind: 'month', month: 2 }, t, 'en-US')).toBe('March');
    expect(groupLabel({ kind: 'year', year: 2024 }, t, 'en-US')).toBe('2024');
  });
});
