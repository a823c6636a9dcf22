// /admin/performanceTests/{id}: one run. While it is queued or running the page asks for it every second: progress,
// figures and chart grow as answers end, and it can be cancelled (after a confirmation). Then its results: the
// figures, the chart over time, the errors by message, what was asked, and a comparison with an earlier run.
import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from '../../../app/i18n/i18n';
import { AdminErrorAlert, AdminPageHeader, AdminSection, ConfirmDialog } from '../../../components/admin';
import { DateTime } from '../../../components/date-time';
import { useCancelPerformanceTestMutation, useGetPerformanceTestQuery } from '../api/performance-tests.api';
import { RunChart } from './run-chart';
import { RunComparison } from './run-comparison';
import { RunFigures } from './run-figures';
import { formatNumber, isActive } from './run-format';
import { RunStatusChip } from './run-status-chip';

export function PerformanceTestRunPage() {
  const { t, i18n } = useTranslation();
  const { performanceTestId = '' } = useParams();
  const [live, setLive] = useState(true);
  const query = useGetPerformanceTestQuery(performanceTestId, { pollingInterval: live ? 1000 : 0, skipPollingIfUnfocused: false });
  const run = query.data;
  // polled while it is queued or running (the state changes during render, as React advises, not in an effect)
  const activeNow = run ? isActive(run.status) : true;
  if (activeNow !== live) setLive(activeNow);
  const [cancel, cancelState] = useCancelPerformanceTestMutation();
  const [asking, setAsking] = useState(false);

  const crumbs = [{ label: t('adminPerformanceTests.title'), to: '/admin/performanceTests' }];
  if (query.isError && !run)
    return (
      <>
        <AdminPageHeader title={t('adminPerformanceTests.title')} pageTitle={t('adminPerformanceTests.pageTitle')} breadcrumbs={crumbs} />
        <AdminErrorAlert error={query.error} fallback={t('adminPerformanceTests.notFound')} onRetry={() => void query.refetch()} />
      </>
    );
  if (!run)
    return (
      <>
        <AdminPageHeader title={t('adminPerformanceTests.title')} pageTitle={t('adminPerformanceTests.pageTitle')} breadcrumbs={crumbs} />
        <Stack spacing={2} aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton variant="rounded" height={96} />
          <Skeleton variant="rounded" height={280} />
        </Stack>
      </>
    );

  const results = run.results;
  const total = run.virtualUsers * run.questionsPerUser;
  const done = (results?.completed ?? 0) + (results?.errors ?? 0);
  const active = isActive(run.status);
  const title = t('adminPerformanceTests.runTitle', { agent: run.gptSystemName });
  return (
    <>
      <AdminPageHeader
        title={title}
        pageTitle={t('adminPerformanceTests.pageTitle')}
        subtitle={
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <RunStatusChip status={run.status} />
            <span>
              {t('adminPerformanceTests.loadValue', { users: run.virtualUsers, questions: run.questionsPerUser })} · {run.deploymentName} ·{' '}
              <DateTime value={run.createdAt} />
            </span>
          </Stack>
        }
        breadcrumbs={[...crumbs, { label: title }]}
        actions={
          active ? (
            <Button
              color="error"
              variant="outlined"
              startIcon={<StopCircleOutlined />}
              onClick={() => setAsking(true)}
              disabled={run.cancelRequestedAt !== null}
            >
              {t('adminPerformanceTests.cancel')}
            </Button>
          ) : null
        }
      />
      <Stack spacing={3}>
        {active || done < total ? (
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 1, gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="body2" data-testid="performance-test-progress">
                {t('adminPerformanceTests.progress', { done: formatNumber(done, i18n.language), total: formatNumber(total, i18n.language) })}
              </Typography>
              {results ? (
                <Typography variant="body2" color="text.secondary">
                  {t('adminPerformanceTests.figures.seconds', { value: formatNumber(results.elapsedSeconds, i18n.language, 0) })}
                </Typography>
              ) : null}
            </Stack>
            <LinearProgress
              variant={run.status === 'Queued' ? 'indeterminate' : 'determinate'}
              value={total ? (done * 100) / total : 0}
              aria-label={t('adminPerformanceTests.progressLabel')}
            />
          </Paper>
        ) : null}
        {run.error ? <Alert severity={run.status === 'Failed' ? 'error' : 'info'}>{run.error}</Alert> : null}
        {results ? <RunFigures results={results} /> : active ? <Typography color="text.secondary">{t('adminPerformanceTests.waiting')}</Typography> : null}
        <AdminSection title={t('adminPerformanceTests.chart.title')}>
          {results && results.timeline.some((s) => s.started > 0) ? (
            <RunChart timeline={results.timeline} />
          ) : (
            <Box sx={{ height: 120, display: 'grid', placeItems: 'center' }}>
              <Typography color="text.secondary">{t('adminPerformanceTests.chart.empty')}</Typography>
            </Box>
          )}
        </AdminSection>
        {results && results.errorMessages.length > 0 ? (
          <AdminSection title={t('adminPerformanceTests.errorList')}>
            <List dense disablePadding>
              {results.errorMessages.map((e) => (
                <ListItem key={e.message} disableGutters>
                  <ListItemText primary={e.message} secondary={`× ${formatNumber(e.count, i18n.language)}`} sx={{ overflowWrap: 'anywhere' }} />
                </ListItem>
              ))}
            </List>
          </AdminSection>
        ) : null}
        {!active ? (
          <AdminSection title={t('adminPerformanceTests.comparison')}>
            <RunComparison run={run} />
          </AdminSection>
        ) : null}
        <AdminSection title={t('adminPerformanceTests.details')}>
          <Stack spacing={1}>
            <Typography variant="body2">
              <strong>{t('adminPerformanceTests.deployment')}:</strong> {run.estimate.deploymentDisplayName} ({run.deploymentName})
            </Typography>
            {run.createdBy ? (
              <Typography variant="body2">
                <strong>{t('adminPerformanceTests.createdBy')}:</strong> {run.createdBy.displayName}
              </Typography>
            ) : null}
            <Typography variant="body2">
              <strong>{t('adminPerformanceTests.rampUp')}:</strong> {run.rampUpSeconds}
            </Typography>
            <Typography variant="body2" component="div">
              <strong>{t('adminPerformanceTests.questionSet')}:</strong>
              <ol style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
                {run.questions.map((q, i) => (
                  <li key={i} style={{ overflowWrap: 'anywhere' }}>
                    {q}
                  </li>
                ))}
              </ol>
            </Typography>
          </Stack>
        </AdminSection>
      </Stack>
      <ConfirmDialog
        open={asking}
        title={t('adminPerformanceTests.cancelTitle')}
        text={t('adminPerformanceTests.cancelText')}
        confirmLabel={t('adminPerformanceTests.cancelConfirm')}
        busy={cancelState.isLoading}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          void cancel(run.performanceTestId).then(() => setAsking(false));
        }}
      />
    </>
  );
}
