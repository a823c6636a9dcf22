// /admin/datasource: the file libraries this person may see, with their files by status, chunks, size, search mode
// and creation; "New library" for creators. While some library has files in processing the list asks again, so
// that its counts move on by themselves.
import LibraryBooksOutlined from '@mui/icons-material/LibraryBooksOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import AddIcon from '@mui/icons-material/Add';
import type { FileLibrary } from '@atrium/contract';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../app/i18n/i18n';
import { useMayAct } from '../../../app/hooks/use-resolved-actions';
import { AdminNewButton, AdminPagedTable, AdminPageHeader, listQueryProps, NameCell, type AdminColumn } from '../../../components/admin';
import { DateTime } from '../../../components/date-time';
import { EmptyState } from '../../../components/empty-state';
import { fileLibrariesApi, useGetFileLibraryDetailsForCreateQuery, useListFileLibrariesQuery } from '../api/file-libraries.api';
import { formatBytes, LivePollMs } from '../library-format';
import { editPath, listPath, newPath } from './knowledge-paths';
import { FileCountChips, FullTextNotice, useRetrievalExplanation } from './library-status-parts';

const moving = (l: FileLibrary) => l.files.queued + l.files.processing + l.files.outOfDate > 0;

export function LibraryListPage() {
  const { t, i18n } = useTranslation();
  const explain = useRetrievalExplanation();
  const canCreate = useMayAct('dataSources', 'create');
  // the cached answer decides whether to keep asking (the subscription below polls while something moves)
  const cached = fileLibrariesApi.endpoints.listFileLibraries.useQueryState();
  const query = useListFileLibrariesQuery(undefined, { pollingInterval: cached.data?.items.some(moving) ? LivePollMs * 2 : 0 });
  const details = useGetFileLibraryDetailsForCreateQuery().data;
  const libraries = query.data?.items;
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);

  const columns: AdminColumn<FileLibrary>[] = [
    { key: 'name', header: t('knowledgeAdmin.columns.name'), render: (l) => <NameCell name={l.name} description={l.description} /> },
    { key: 'files', header: t('knowledgeAdmin.columns.files'), render: (l) => <FileCountChips files={l.files} /> },
    { key: 'chunks', header: t('knowledgeAdmin.columns.chunks'), align: 'right', hideBelow: 'md', render: (l) => number(l.chunkCount) },
    { key: 'size', header: t('knowledgeAdmin.columns.size'), align: 'right', hideBelow: 'sm', render: (l) => formatBytes(l.totalBytes, i18n.language) },
    {
      key: 'retrieval',
      header: t('knowledgeAdmin.columns.retrieval'),
      hideBelow: 'md',
      render: (l) => (
        <Chip
          size="small"
          label={t(`knowledgeAdmin.retrieval.${l.retrievalMode}`)}
          title={explain(l, details)}
          color={l.retrievalMode === 'Hybrid' ? 'primary' : 'default'}
        />
      ),
    },
    { key: 'created', header: t('knowledgeAdmin.columns.created'), hideBelow: 'lg', render: (l) => <DateTime value={l.createdAt} /> },
  ];

  const empty = libraries?.length === 0;
  return (
    <>
      <AdminPageHeader
        title={t('knowledgeAdmin.title')}
        subtitle={t('knowledgeAdmin.subtitle')}
        breadcrumbs={[{ label: t('knowledgeAdmin.title'), to: listPath }]}
        actions={empty ? undefined : <AdminNewButton show={canCreate} to={newPath} label={t('knowledgeAdmin.newLibrary')} />}
      />
      {empty ? (
        <Paper variant="outlined">
          <EmptyState
            icon={<LibraryBooksOutlined />}
            title={t('knowledgeAdmin.empty.title')}
            text={canCreate ? t('knowledgeAdmin.empty.text') : t('knowledgeAdmin.empty.noCreate')}
            action={
              canCreate && (
                <Button component={RouterLink} to={newPath} variant="contained" startIcon={<AddIcon />}>
                  {t('knowledgeAdmin.newLibrary')}
                </Button>
              )
            }
          />
        </Paper>
      ) : (
        <>
          {libraries?.some((l) => l.retrievalMode === 'FullText') && <FullTextNotice details={details} />}
          <AdminPagedTable
            label={t('knowledgeAdmin.title')}
            columns={columns}
            rows={libraries}
            getRowId={(l) => l.dataSourceId}
            {...listQueryProps(query)}
            // a poll is not a load people wait for: no progress bar for it
            isFetching={query.isFetching && !query.isLoading && !libraries?.some(moving)}
            rowHref={(l) => editPath(l.dataSourceId)}
          />
        </>
      )}
    </>
  );
}
