// The caller's time zone from `x-timezone` (WIRE.md): a valid IANA name, else UTC. Never throws.
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

/** e.g. "Saturday, 21 November 2026, 15:04" in the given zone. */
export function formatInZone(date: Date, zone: string): string {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone: zone, dateStyle: 'full', timeStyle: 'short' });
    // only valid zones get here (timeZoneOf), and few exist; the bound guards other callers
    if (formatters.size < 1000) formatters.set(zone, formatter);
  }
  return formatter.format(date);
}
