// The one way the admin pages show a moment: date and time in the person's locale (the language the app
// runs in, which i18next took from their choice or their browser) and in their browser's time zone, the one
// the server is told of as well (x-timezone). Before, each page had its own: en-US, the browser's locale,
// with and without seconds.
import { useCallback } from 'react';
import { useTranslation } from '../app/i18n/i18n';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, options: Intl.DateTimeFormatOptions, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone ?? ''}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      // a language tag Intl does not take: the browser's own locale
      format = new Intl.DateTimeFormat(undefined, { ...options, timeZone });
    }
    formatters.set(key, format);
  }
  return format;
}

const shown: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
// the title: in full, with the time zone's name
const full: Intl.DateTimeFormatOptions = { dateStyle: 'full', timeStyle: 'long' };

/** `value` (ISO 8601 or a Date) as "Nov 24, 2026, 3:04 PM" in `locale`; in `timeZone`, else the browser's. */
export function formatDateTime(value: string | Date, locale: string, timeZone?: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return formatter(locale, shown, timeZone).format(date);
}

/** formatDateTime in the app's language, for texts that carry a date. */
export function useFormatDateTime(): (value: string | Date) => string {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useCallback((value: string | Date) => formatDateTime(value, locale), [locale]);
}

/** A moment in a page: the formatted date and time, machine-readable in `dateTime`, in full with its zone on hover. */
export function DateTime({ value }: { value: string }) {
  const { i18n } = useTranslation();
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <>{value}</>;
  return (
    <time dateTime={value} title={formatter(i18n.language, full, undefined).format(date)}>
      {formatDateTime(date, i18n.language)}
    </time>
  );
}
