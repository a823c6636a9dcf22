// One headline figure of the period: its name, the figure (compact, in full in its title), a line saying what it
// counts, and a sparkline of its course over the period's buckets when there is one.
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { SparkLineChart } from '@mui/x-charts/SparkLineChart';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';

export interface HeadlineCardProps {
  /** for data-testid="analytics-headline-<id>" */
  id: string;
  label: string;
  /** the figure in full; null while loading or after a failed load */
  value: number | null;
  format: (value: number) => string;
  formatFull: (value: number) => string;
  hint?: ReactNode;
  spark?: number[];
  color?: string;
  loading: boolean;
  failed?: boolean;
}

export function HeadlineCard({ id, label, value, format, formatFull, hint, spark, color, loading, failed = false }: HeadlineCardProps) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" component="section" aria-label={label} sx={{ height: '100%' }}>
      <CardContent
        sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, height: '100%', p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 500 }}>
          {label}
        </Typography>
        {loading ? (
          <Skeleton variant="text" sx={{ fontSize: '2.125rem' }} width="60%" />
        ) : (
          <Typography
            variant="h4"
            component="p"
            sx={{ fontWeight: 600, fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
            title={value === null ? undefined : formatFull(value)}
            data-testid={`analytics-headline-${id}`}
          >
            {value === null || failed ? '—' : format(value)}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary" component="div" sx={{ minHeight: 20 }}>
          {loading ? <Skeleton variant="text" width="80%" /> : hint}
        </Typography>
        {spark && spark.length > 1 && !loading && (
          <div style={{ marginTop: 'auto' }} role="img" aria-label={t('analyticsAdmin.headline.sparkline', { name: label })}>
            <SparkLineChart data={spark} height={40} area curve="linear" color={color} margin={{ top: 4, bottom: 2, left: 0, right: 0 }} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
