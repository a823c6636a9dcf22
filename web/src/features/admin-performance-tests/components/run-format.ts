// Figures of performance test runs for people: milliseconds, tokens per second, counts and costs in the reader's locale.
import type { ChipProps } from '@mui/material/Chip';
import type { PerformanceTestStatus } from '@atrium/contract';

export const formatNumber = (n: number, locale: string, digits = 0) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: digits, minimumFractionDigits: 0 }).format(n);

/** A cost in the prices' unit: small costs keep their significant digits. */
export const formatCost = (n: number, locale: string) =>
  new Intl.NumberFormat(locale, { maximumSignificantDigits: n < 1 ? 3 : 6, maximumFractionDigits: n < 1 ? 6 : 2 }).format(n);

export const runStatusColors: Record<PerformanceTestStatus, ChipProps['color']> = {
  Queued: 'default',
  Running: 'info',
  Completed: 'success',
  Cancelled: 'warning',
  Failed: 'error',
};

export const isActive = (status: PerformanceTestStatus) => status === 'Queued' || status === 'Running';
