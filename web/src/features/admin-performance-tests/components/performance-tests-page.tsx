// /admin/performanceTests (docs/performance-tests.md): the form of a new run (with its cost warning) and the earlier
// runs, newest first, each opening its results.
import SpeedOutlined from '@mui/icons-material/SpeedOutlined';
import Stack from '@mui/material/Stack';
import type { PerformanceTestSummary } from '@atrium/contract';
import { useTranslation } from '../../../app/i18n/i18n';
import { AdminPageHeader, AdminPagedTable, AdminSection, listQueryProps, useContinuationPaging, type AdminColumn } from '../../../components/admin';
import { DateTime } from '../../../components/date-time';
import { useListPerformanceTestsQuery } from '../api/performance-tests.api';
import { NewTestForm } from './new-test-form';
import { formatNumber } from './run-format';
import { RunStatusChip } from './run-status-chip';

export function PerformanceTestsPage() {
  const { t, i18n } = useTranslation();
  const paging = useContinuationPaging();
  const query = useListPerformanceTestsQuery({ continuationToken: paging.token });
  const ms = (v: number | undefined) => (v === undefined ? '—' : t('adminPerformanceTests.figures.ms', { value: formatNumber(v, i18n.language) }));
  const columns: AdminColumn<PerformanceTestSummary>[] = [
    { key: 'started', header: t('adminPerformanceTests.started'), render: (r) => <DateTime value={r.createdAt} />, width: 180 },
    { key: 'agent', header: t('adminPerformanceTests.agent'), render: (r) => r.gptSystemName },
    { key: 'status', header: t('adminPerformanceTests.status'), render: (r) => <RunStatusChip status={r.status} />, width: 120 },
    {
      key: 'load',
      header: t('adminPerformanceTests.load'),
      render: (r) => t('adminPerformanceTests.loadValue', { users: r.virtualUsers, questions: r.questionsPerUser }),
      hideBelow: 'sm',
    },
    { key: 'p50', header: t('adminPerformanceTests.ttftP50'), render: (r) => ms(r.results?.timeToFirstTokenMs?.p50), hideBelow: 'md' },
    { key: 'p95', header: t('adminPerformanceTests.ttftP95'), render: (r) => ms(r.results?.timeToFirstTokenMs?.p95), hideBelow: 'md' },
    {
      key: 'errors',
      header: t('adminPerformanceTests.errors'),
      render: (r) => (r.results ? formatNumber(r.results.errors, i18n.language) : '—'),
      hideBelow: 'lg',
    },
  ];
  return (
    <>
      <AdminPageHeader
        title={t('adminPerformanceTests.title')}
        pageTitle={t('adminPerformanceTests.pageTitle')}
        subtitle={t('adminPerformanceTests.subtitle')}
        breadcrumbs={[{ label: t('adminPerformanceTests.title') }]}
      />
      <Stack spacing={3}>
        <NewTestForm />
        <AdminSection title={t('adminPerformanceTests.runs')}>
          <AdminPagedTable
            label={t('adminPerformanceTests.runs')}
            columns={columns}
            {...listQueryProps(query)}
            rows={query.data?.items}
            getRowId={(r) => r.performanceTestId}
            emptyText={t('adminPerformanceTests.noRuns')}
            emptyIcon={<SpeedOutlined />}
            rowHref={(r) => `/admin/performanceTests/${r.performanceTestId}`}
            paging={{
              page: paging.page,
              hasPrevious: paging.hasPrevious,
              hasNext: Boolean(query.data?.continuationToken),
              onPrevious: paging.previous,
              onNext: () => query.data?.continuationToken && paging.next(query.data.continuationToken),
            }}
          />
        </AdminSection>
      </Stack>
    </>
  );
}
