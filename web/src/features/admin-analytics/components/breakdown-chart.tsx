// A share of the period by brand, model or kind of user: a donut of the largest parts (the rest as "Other"), its
// legend beside it, or under it on a phone.
import type { AnalyticsItem } from '@atrium/contract';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { PieChart } from '@mui/x-charts/PieChart';
import { useTranslation } from '../../../app/i18n/i18n';
import { formatNumber } from './analytics-format';

/** More slices than this and the smallest are one "Other" slice. */
export const MaxSlices = 6;

export interface Slice {
  id: string;
  label: string;
  value: number;
  color?: string;
}

export function slicesOf(items: AnalyticsItem[], labelOf: (item: AnalyticsItem) => string, other: string): Slice[] {
  const parts = items.filter((item) => item.value > 0).map((item, i) => ({ id: item.key ?? `#${i}`, label: labelOf(item), value: item.value }));
  if (parts.length <= MaxSlices) return parts;
  const rest = parts.slice(MaxSlices - 1).reduce((n, p) => n + p.value, 0);
  return [...parts.slice(0, MaxSlices - 1), { id: '#other', label: other, value: rest }];
}

export function BreakdownChart({ slices, label, height = 220 }: { slices: Slice[]; label: string; height?: number }) {
  const { i18n } = useTranslation();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const total = slices.reduce((n, s) => n + s.value, 0);
  const percent = (value: number) => (total === 0 ? '' : ` (${Math.round((value / total) * 100)}%)`);
  return (
    <div role="figure" aria-label={label}>
      <PieChart
        height={narrow ? 180 + 24 * Math.ceil(slices.length / 2) : height}
        series={[
          {
            data: slices.map((s) => ({ id: s.id, label: s.label, value: s.value, ...(s.color ? { color: s.color } : {}) })),
            innerRadius: '55%',
            outerRadius: '95%',
            paddingAngle: 1,
            cornerRadius: 3,
            valueFormatter: (v) => `${formatNumber(v.value, i18n.language)}${percent(v.value)}`,
          },
        ]}
        slotProps={{
          legend: narrow
            ? { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } }
            : { direction: 'vertical', position: { vertical: 'middle', horizontal: 'end' } },
        }}
      />
    </div>
  );
}
