// The caller's time zone from `x-timezone` (docs/wire-protocol.md): a valid IANA name, else UTC. Never throws.
import type { FastifyRequest } from 'fastify';

const known = new Map<string, boolean>();
// Building an Intl.DateTimeFormat costs far more than formatting with one (ICU data lookups): every
// chat turn formats the current time, so one formatter per zone is kept.
const formatters = new Map<string, Intl.DateTimeFormat>();

export function isTimeZone(zone: string): boolean {
  let ok = known.get(zone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      ok = true;
    } catch {
      ok = false;
    }
    // bounded: a client sending random values must not grow this without end
    if (known.size < 1000) known.set(zone, ok);
  }
  return ok;
}

export function timeZoneOf(request: FastifyRequest): string {
  const header = request.headers['x-timezone'];
  const zone = typeof header === 'string' ? header.trim() : '';
  return zone !== '' && zone.length <= 64 && isTimeZone(zone) ? zone : 'UTC';
}

const styles = {
  /** "Saturday, 21 November 2026, 15:04" */
  full: ['en-GB', { dateStyle: 'full', timeStyle: 'short' }],
  /** "2026-11-21" */
  isoDate: ['en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }],
  /** "15:04" */
  time: ['en-GB', { hour: '2-digit', minute: '2-digit' }],
} as const satisfies Record<string, [string, Intl.DateTimeFormatOptions]>;

/** The date in the given zone, e.g. "Saturday, 21 November 2026, 15:04" (full), "2026-11-21", "15:04". */
export function formatInZone(date: Date, zone: string, style: keyof typeof styles = 'full'): string {
  const key = `${style} ${zone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const [locale, options] = styles[style];
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
    // only valid zones get here (timeZoneOf), and few exist; the bound guards other callers
    if (formatters.size < 3000) formatters.set(key, formatter);
  }
  return formatter.format(date);
}
