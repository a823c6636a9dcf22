// /admin/audit: the configuration audit log, newest first, filtered, loading more pages on demand;
// a row opens to the item's name and what changed.
import type { ConfigurationChange } from '@atrium/contract';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import HistoryIcon from '@mui/icons-material/History';
import { useTranslation } from '../../../app/i18n/i18n';
import { AdminPageHeader, AdminPagedTable, type AdminColumn } from '../../../components/admin';
import { DateTime } from '../../../components/date-time';
import { useGetConfigurationChangesInfiniteQuery } from '../api/audit.api';
import { AuditChangeDetails } from './audit-change-details';
import { AuditFiltersBar } from './audit-filters';
import { useAuditFilters } from './use-audit-filters';

export function AuditPage() {
  const { t } = useTranslation();
  const { filters, setFilters, clear, active } = useAuditFilters();
  const query = useGetConfigurationChangesInfiniteQuery(filters);
  const rows = query.data?.pages.flatMap((p) => p.items);
  const columns: AdminColumn<ConfigurationChange>[] = [
    { key: 'time', header: t('adminAudit.time'), render: (c) => <DateTime value={c.timeStamp} />, width: 200 },
    { key: 'type', header: t('adminAudit.type'), render: (c) => c.type },
    { key: 'operation', header: t('adminAudit.operation'), render: (c) => <Chip size="small" variant="outlined" label={c.domainOperation} /> },
    {
      key: 'user',
      header: t('adminAudit.user'),
      render: (c) =>
        c.userName ?? (
          <Typography variant="body2" color="text.secondary">
            {t('adminAudit.system')}
          </Typography>
        ),
      hideBelow: 'sm',
    },
    {
      key: 'id',
      header: t('adminAudit.aggregateRootId'),
      render: (c) => (
        <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace', fontSize: 12, overflowWrap: 'anywhere' }}>
          {c.aggregateRootId}
        </Typography>
      ),
      hideBelow: 'lg',
    },
  ];
  return (
    <>
      <AdminPageHeader title={t('adminAudit.title')} subtitle={t('adminAudit.subtitle')} breadcrumbs={[{ label: t('adminAudit.title') }]} />
      <AuditFiltersBar filters={filters} onChange={setFilters} onClear={clear} active={active} />
      <AdminPagedTable
        label={t('adminAudit.title')}
        columns={columns}
        rows={rows}
        getRowId={(c) => c.configurationChangeId}
        isLoading={query.isLoading}
        isFetching={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        emptyText={t('adminAudit.noChanges')}
        emptyIcon={<HistoryIcon />}
        renderExpanded={(c) => <AuditChangeDetails change={c} onShowHistory={() => setFilters({ type: c.type, aggregateRootId: c.aggregateRootId })} />}
        loadMore={{ hasMore: Boolean(query.hasNextPage), loading: query.isFetchingNextPage, onLoadMore: () => void query.fetchNextPage() }}
      />
    </>
  );
}
