// A titled block of the dashboard holding one chart: a skeleton while its figures load, the server's error with a
// retry, a sentence when the period has nothing to draw, else the chart. `action` sits right of the title (a
// measure switch); it wraps under the title on a phone.
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { AdminErrorAlert } from '../../../components/admin';
import { useTranslation } from '../../../app/i18n/i18n';

export interface ChartCardProps {
  title: string;
  loading: boolean;
  error?: unknown;
  onRetry?: () => void;
  empty?: boolean;
  emptyText?: string;
  action?: ReactNode;
  /** the chart's height, which the skeleton and the empty state keep so that the page does not jump */
  height?: number;
  testId?: string;
  children: ReactNode;
}

export function ChartCard({ title, loading, error, onRetry, empty = false, emptyText, action, height = 260, testId, children }: ChartCardProps) {
  const { t } = useTranslation();
  let body: ReactNode;
  if (error) body = <AdminErrorAlert error={error} fallback={t('analyticsAdmin.loadFailed')} onRetry={onRetry} />;
  else if (loading) body = <Skeleton variant="rounded" height={height} aria-label={t('common.loading')} />;
  else if (empty)
    body = (
      <Stack sx={{ height, alignItems: 'center', justifyContent: 'center', textAlign: 'center', px: 2 }}>
        <Typography color="text.secondary">{emptyText ?? t('analyticsAdmin.noData')}</Typography>
      </Stack>
    );
  else body = children;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      aria-busy={loading}
      data-testid={testId}
      sx={{ p: { xs: 1.5, sm: 2.5 }, height: '100%', minWidth: 0, display: 'flex', flexDirection: 'column' }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1.5 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      <div style={{ flex: 1, minWidth: 0 }}>{body}</div>
    </Paper>
  );
}
