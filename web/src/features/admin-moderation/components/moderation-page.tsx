// /admin/moderation (docs/moderation.md): the reports, open ones first by default, filtered by status, agent and date,
// newest first, loading more pages on demand; a row opens to the reported conversation and the moderator's actions.
import type { ModerationReport } from '@atrium/contract';
import OutlinedFlag from '@mui/icons-material/OutlinedFlag';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../app/i18n/i18n';
import { AdminPageHeader, AdminPagedTable, StatusChip, type AdminColumn } from '../../../components/admin';
import { DateTime } from '../../../components/date-time';
import { useGetModerationReportsInfiniteQuery } from '../api/moderation.api';
import { ModerationFiltersBar } from './moderation-filters';
import { ModerationReportDetails } from './moderation-report-details';
import { useModerationFilters } from './use-moderation-filters';

export function ModerationPage() {
  const { t } = useTranslation();
  const { filters, setFilters, clear, active } = useModerationFilters();
  const query = useGetModerationReportsInfiniteQuery(filters);
  const rows = query.data?.pages.flatMap((p) => p.items);
  const muted = (text: string) => (
    <Typography variant="body2" color="text.secondary" component="span">
      {text}
    </Typography>
  );
  const columns: AdminColumn<ModerationReport>[] = [
    { key: 'reported', header: t('adminModeration.reported'), render: (r) => <DateTime value={r.createdAt} />, width: 180 },
    { key: 'status', header: t('adminModeration.status'), render: (r) => <StatusChip status={r.reportStatus} />, width: 110 },
    { key: 'agent', header: t('adminModeration.agent'), render: (r) => r.gptSystemName ?? muted(t('adminModeration.deletedAgent')) },
    {
      key: 'reason',
      header: t('adminModeration.reason'),
      render: (r) => <Chip size="small" variant="outlined" label={t(`adminModeration.reasons.${r.reason}`)} />,
      hideBelow: 'sm',
    },
    {
      key: 'question',
      header: t('adminModeration.question'),
      render: (r) => (
        <Typography
          variant="body2"
          sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }}
        >
          {r.questionPreview}
        </Typography>
      ),
      hideBelow: 'md',
    },
    {
      key: 'reportedBy',
      header: t('adminModeration.reportedBy'),
      render: (r) =>
        r.reportedBy ? r.reportedBy.displayName : muted(r.reason === 'Automatic' ? t('adminModeration.automatic') : t('adminModeration.unknownPerson')),
      hideBelow: 'lg',
    },
  ];
  const onlyOpen = filters.reportStatus === 'Open' && !filters.gptSystemId && !filters.createdFrom && !filters.createdTo;
  return (
    <>
      <AdminPageHeader
        title={t('adminModeration.title')}
        pageTitle={t('adminModeration.pageTitle')}
        subtitle={t('adminModeration.subtitle')}
        breadcrumbs={[{ label: t('adminModeration.title') }]}
      />
      <ModerationFiltersBar filters={filters} onChange={setFilters} onClear={clear} active={active} />
      <AdminPagedTable
        label={t('adminModeration.title')}
        columns={columns}
        rows={rows}
        getRowId={(r) => r.moderationReportId}
        isLoading={query.isLoading}
        isFetching={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        emptyText={onlyOpen ? t('adminModeration.noOpenReports') : t('adminModeration.noReports')}
        emptyIcon={<OutlinedFlag />}
        renderExpanded={(r) => <ModerationReportDetails report={r} />}
        loadMore={{ hasMore: Boolean(query.hasNextPage), loading: query.isFetchingNextPage, onLoadMore: () => void query.fetchNextPage() }}
      />
    </>
  );
}
