// The headline figures of a run: time to first token p50, p95 and p99, tokens per second per answer, throughput,
// errors, answer duration and cost, as cards four to a row, two on a phone.
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { PerformanceTestResults } from '@atrium/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { formatCost, formatNumber } from './run-format';

function Figure({ id, label, value, hint }: { id: string; label: string; value: string; hint?: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={label} sx={{ height: '100%' }}>
      <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
        <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 500 }}>
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 600, my: 0.5, overflowWrap: 'anywhere' }} data-testid={`performance-test-${id}`}>
          {value}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div">
          {hint}
        </Typography>
      </CardContent>
    </Card>
  );
}

export function RunFigures({ results }: { results: PerformanceTestResults }) {
  const { t, i18n } = useTranslation();
  const n = (v: number, digits = 0) => formatNumber(v, i18n.language, digits);
  const ms = (v: number) => t('adminPerformanceTests.figures.ms', { value: n(v) });
  const ttft = results.timeToFirstTokenMs;
  const total = results.completed + results.errors;
  const cards = [
    ...(['p50', 'p95', 'p99'] as const).map((p) => ({
      id: `ttft-${p}`,
      label: `${t('adminPerformanceTests.figures.ttft')} ${p}`,
      value: ttft ? ms(ttft[p]) : '—',
      hint: p === 'p50' ? t('adminPerformanceTests.figures.percentiles') : undefined,
    })),
    {
      id: 'tps',
      label: t('adminPerformanceTests.figures.tokensPerSecond'),
      value: results.tokensPerSecond ? n(results.tokensPerSecond.p50, 1) : '—',
      hint: t('adminPerformanceTests.figures.perAnswer'),
    },
    {
      id: 'throughput',
      label: t('adminPerformanceTests.figures.throughput'),
      value: t('adminPerformanceTests.figures.throughputValue', { value: n(results.throughputTokensPerSecond, 1) }),
      hint: t('adminPerformanceTests.figures.allAnswers'),
    },
    {
      id: 'errors',
      label: t('adminPerformanceTests.figures.errors'),
      value: t('adminPerformanceTests.figures.errorsValue', { errors: n(results.errors), total: n(total) }),
    },
    {
      id: 'duration',
      label: t('adminPerformanceTests.figures.duration'),
      value: results.durationMs ? ms(results.durationMs.p50) : '—',
      hint: `${t('adminPerformanceTests.figures.elapsed')} ${t('adminPerformanceTests.figures.seconds', { value: n(results.elapsedSeconds, 1) })}`,
    },
    {
      id: 'cost',
      label: t('adminPerformanceTests.figures.cost'),
      value: results.cost === null ? '—' : formatCost(results.cost, i18n.language),
      hint: results.cost === null ? t('adminPerformanceTests.figures.noCost') : undefined,
    },
  ];
  return (
    <Grid container spacing={2}>
      {cards.map((c) => (
        <Grid key={c.id} size={{ xs: 6, md: 3 }}>
          <Figure {...c} />
        </Grid>
      ))}
    </Grid>
  );
}
