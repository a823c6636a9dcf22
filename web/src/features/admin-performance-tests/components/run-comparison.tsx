// This run beside an earlier one: the earlier runs to choose from, then each figure of both and the difference (this
// run minus the earlier one; lower times and fewer errors are better, more tokens per second is better).
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PerformanceTest, PerformanceTestComparison } from '@atrium/contract';
import { useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { AdminErrorAlert } from '../../../components/admin';
import { useFormatDateTime } from '../../../components/date-time';
import { useComparePerformanceTestsQuery, useListPerformanceTestsQuery } from '../api/performance-tests.api';
import { formatNumber } from './run-format';

type Row = { key: string; mine: number | null; theirs: number | null; delta: number | null; lowerIsBetter: boolean; percent?: boolean };

function rowsOf(c: PerformanceTestComparison): Row[] {
  const a = c.base.results;
  const b = c.other.results;
  const rate = (r: typeof a) => (r && r.completed + r.errors > 0 ? r.errors / (r.completed + r.errors) : null);
  return [
    {
      key: 'ttftP50',
      mine: b?.timeToFirstTokenMs?.p50 ?? null,
      theirs: a?.timeToFirstTokenMs?.p50 ?? null,
      delta: c.differences.timeToFirstTokenMs.p50,
      lowerIsBetter: true,
    },
    {
      key: 'ttftP95',
      mine: b?.timeToFirstTokenMs?.p95 ?? null,
      theirs: a?.timeToFirstTokenMs?.p95 ?? null,
      delta: c.differences.timeToFirstTokenMs.p95,
      lowerIsBetter: true,
    },
    {
      key: 'ttftP99',
      mine: b?.timeToFirstTokenMs?.p99 ?? null,
      theirs: a?.timeToFirstTokenMs?.p99 ?? null,
      delta: c.differences.timeToFirstTokenMs.p99,
      lowerIsBetter: true,
    },
    {
      key: 'tpsP50',
      mine: b?.tokensPerSecond?.p50 ?? null,
      theirs: a?.tokensPerSecond?.p50 ?? null,
      delta: c.differences.tokensPerSecond.p50,
      lowerIsBetter: false,
    },
    {
      key: 'throughput',
      mine: b?.throughputTokensPerSecond ?? null,
      theirs: a?.throughputTokensPerSecond ?? null,
      delta: c.differences.throughputTokensPerSecond,
      lowerIsBetter: false,
    },
    { key: 'errorRate', mine: rate(b), theirs: rate(a), delta: c.differences.errorRate, lowerIsBetter: true, percent: true },
  ];
}

export function RunComparison({ run }: { run: PerformanceTest }) {
  const { t, i18n } = useTranslation();
  const when = useFormatDateTime();
  const [baseId, setBaseId] = useState('');
  const runs = useListPerformanceTestsQuery({});
  const others = (runs.data?.items ?? []).filter((r) => r.performanceTestId !== run.performanceTestId && r.results !== null);
  const compared = useComparePerformanceTestsQuery({ baseId, otherId: run.performanceTestId }, { skip: !baseId });
  const show = (v: number | null, percent?: boolean) =>
    v === null ? '—' : percent ? `${formatNumber(v * 100, i18n.language, 1)} %` : formatNumber(v, i18n.language, 1);
  const signed = (v: number | null, percent?: boolean) => (v === null ? '—' : `${v > 0 ? '+' : ''}${show(v, percent)}`);
  return (
    <>
      <TextField
        select
        size="small"
        label={t('adminPerformanceTests.compare')}
        value={baseId}
        onChange={(e) => setBaseId(e.target.value)}
        disabled={others.length === 0}
        helperText={runs.isSuccess && others.length === 0 ? t('adminPerformanceTests.compareNone') : ' '}
        sx={{ width: '100%', maxWidth: 480 }}
        slotProps={{ htmlInput: { 'data-testid': 'performance-test-compare' } }}
      >
        <MenuItem value="" disabled>
          {t('adminPerformanceTests.comparePick')}
        </MenuItem>
        {others.map((r) => (
          <MenuItem key={r.performanceTestId} value={r.performanceTestId}>
            {`${when(r.createdAt)} · ${r.gptSystemName} · ${t('adminPerformanceTests.loadValue', { users: r.virtualUsers, questions: r.questionsPerUser })}`}
          </MenuItem>
        ))}
      </TextField>
      {compared.isError ? <AdminErrorAlert error={compared.error} onRetry={() => void compared.refetch()} /> : null}
      {baseId && compared.isFetching && !compared.currentData ? <Skeleton variant="rounded" height={200} /> : null}
      {baseId && compared.currentData ? (
        <div style={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('adminPerformanceTests.comparison')} data-testid="performance-test-comparison">
            <TableHead>
              <TableRow>
                <TableCell />
                <TableCell align="right">{t('adminPerformanceTests.thisRun')}</TableCell>
                <TableCell align="right">{t('adminPerformanceTests.otherRun')}</TableCell>
                <TableCell align="right">{t('adminPerformanceTests.difference')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rowsOf(compared.currentData).map((r) => {
                const better = r.delta === null || r.delta === 0 ? null : r.lowerIsBetter ? r.delta < 0 : r.delta > 0;
                return (
                  <TableRow key={r.key}>
                    <TableCell component="th" scope="row">
                      {t(`adminPerformanceTests.metric.${r.key as 'ttftP50'}`)}
                    </TableCell>
                    <TableCell align="right">{show(r.mine, r.percent)}</TableCell>
                    <TableCell align="right">{show(r.theirs, r.percent)}</TableCell>
                    <TableCell align="right">
                      <Typography
                        variant="body2"
                        component="span"
                        sx={{ fontWeight: 600, color: better === null ? 'text.secondary' : better ? 'success.main' : 'error.main' }}
                      >
                        {signed(r.delta, r.percent)}
                      </Typography>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </div>
      ) : null}
    </>
  );
}
