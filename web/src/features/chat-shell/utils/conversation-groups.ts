// docs/product.md §2's grouping of conversations by createdAt, in the user's time zone: Today, Yesterday,
// Previous 7 Days, Previous 30 Days, the month for the rest of the current year, then the year.
export type ConversationGroup =
  { kind: 'today' | 'yesterday' | 'previous7' | 'previous30' } | { kind: 'month'; month: number } | { kind: 'year'; year: number };

const DayMs = 86_400_000;

interface CalendarDay {
  year: number;
  month: number; // 0-11
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function calendarDay(date: Date, timeZone: string): CalendarDay {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month) - 1, day: Number(parts.day) };
}

const dayNumber = (d: CalendarDay) => Date.UTC(d.year, d.month, d.day) / DayMs;

export function groupOf(createdAt: string | Date, now: Date, timeZone: string): ConversationGroup {
  const created = calendarDay(new Date(createdAt), timeZone);
  const today = calendarDay(now, timeZone);
  const daysAgo = dayNumber(today) - dayNumber(created);
  if (daysAgo <= 0) return { kind: 'today' };
  if (daysAgo === 1) return { kind: 'yesterday' };
  if (daysAgo <= 7) return { kind: 'previous7' };
  if (daysAgo <= 30) return { kind: 'previous30' };
  if (created.year === today.year) return { kind: 'month', month: created.month };
  return { kind: 'year', year: created.year };
}

export const groupKey = (g: ConversationGroup): string => (g.kind === 'month' ? `month-${g.month}` : g.kind === 'year' ? `year-${g.year}` : g.kind);

/** The user's IANA time zone, or UTC when the browser does not say. */
export const userTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The label of a group: fixed texts through i18next, month names in the user's language. */
export function groupLabel(
  g: ConversationGroup,
  t: (key: 'chat.groupToday' | 'chat.groupYesterday' | 'chat.groupPrevious7' | 'chat.groupPrevious30') => string,
  language: string,
): string {
  switch (g.kind) {
    case 'today':
      return t('chat.groupToday');
    case 'yesterday':
      return t('chat.groupYesterday');
    case 'previous7':
      return t('chat.groupPrevious7');
    case 'previous30':
      return t('chat.groupPrevious30');
    case 'month':
      return new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, g.month, 1));
    case 'year':
      return String(g.year);
  }
}
