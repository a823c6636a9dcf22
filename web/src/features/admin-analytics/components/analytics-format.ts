// How the dashboard writes its figures and its buckets: numbers in the person's locale (compact on axes and
// cards, in full in tooltips), and a bucket's start (`key`, an ISO time) in the zone the figures are grouped in.
import type { AnalyticsBucket } from '@atrium/contract';

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function cached<F>(cache: Map<string, F>, key: string, make: () => F): F {
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(numberFormats, `${locale}|${JSON.stringify(options)}`, () => {
    try {
      return new Intl.NumberFormat(locale, options);
    } catch {
      return new Intl.NumberFormat(undefined, options);
    }
  });
}

/** 12,345 */
export const formatNumber = (value: number, locale: string): string => numberFormat(locale, { maximumFractionDigits: 2 }).format(value);

/** 12K, 1.2M: for axes and headline cards, where the full figure is in the tooltip or the title */
export const formatCompact = (value: number, locale: string): string =>
  numberFormat(locale, { notation: 'compact', maximumFractionDigits: value < 1000 ? 2 : 1 }).format(value);

/**
 * US dollars, as the deployments' prices are: $1,234.56, $0.0038 under a dollar (where cents would show nothing);
 * `full` to the prices' 6 decimals, for tooltips and titles.
 */
export const formatCost = (value: number, locale: string, full = false): string =>
  numberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: full ? 6 : value !== 0 && Math.abs(value) < 1 ? 4 : 2,
  }).format(value);

const bucketOptions: Record<AnalyticsBucket, Intl.DateTimeFormatOptions> = {
  Hour: { hour: '2-digit', minute: '2-digit' },
  Day: { month: 'short', day: 'numeric' },
  Week: { month: 'short', day: 'numeric' },
  Month: { month: 'short', year: 'numeric' },
};

const bucketLongOptions: Record<AnalyticsBucket, Intl.DateTimeFormatOptions> = {
  Hour: { dateStyle: 'medium', timeStyle: 'short' },
  Day: { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' },
  Week: { month: 'short', day: 'numeric', year: 'numeric' },
  Month: { month: 'long', year: 'numeric' },
};

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions, timeZone: string): Intl.DateTimeFormat {
  return cached(dateFormats, `${locale}|${timeZone}|${JSON.stringify(options)}`, () => {
    try {
      return new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      // a zone or language Intl does not know: the browser's own
      return new Intl.DateTimeFormat(undefined, options);
    }
  });
}

/**
 * A bucket's start for an axis ("14:00", "Nov 24", "Nov 2026") or, `long`, for a tooltip ("Nov 24, 2026, 2:00 PM",
 * "Tue, Nov 24, 2026", "November 2026"), in `timeZone`. The server's own label when the key is no time.
 */
export function formatBucket(key: string | null, label: string, bucket: AnalyticsBucket | null, timeZone: string, locale: string, long = false): string {
  if (!key || !bucket) return label;
  const date = new Date(key);
  if (Number.isNaN(date.getTime())) return label;
  return dateFormat(locale, (long ? bucketLongOptions : bucketOptions)[bucket], timeZone).format(date);
}
