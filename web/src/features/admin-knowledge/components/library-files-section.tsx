// A library's files: the upload area (for those who may change the library), a name search and a status filter,
// and the table (newest first, page by page with the server's continuation tokens). While a file on the page is
// Queued or Processing the page asks again every LivePollMs, so that its status chip, stage and percent move on
// by themselves; it stops once every file is settled. A row opens the file's details (?file=).
import MoreVert from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LibraryFileStatuses, type FileLibrary, type LibraryFile, type LibraryFileStatus } from '@atrium/contract';
import { useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import {
  AdminPagedTable,
  AdminSearchField,
  AdminSection,
  listQueryProps,
  NameCell,
  StatusChip,
  useContinuationPaging,
  type AdminColumn,
} from '../../../components/admin';
import { DateTime } from '../../../components/date-time';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { fileLibrariesApi, useGetFileUploadConfigurationQuery, useListLibraryFilesQuery, type FileListArgs } from '../api/file-libraries.api';
import { useFileActions } from '../hooks/use-file-actions';
import { formatBytes, isCancellable, isSettled, LivePollMs } from '../library-format';
import { filePath } from './knowledge-paths';
import { LibraryUploadZone } from './library-upload-zone';

const PageSize = 20;

/** A file's status chip, with its stage and percent while it moves, or its error's message. */
export function FileStatus({ file }: { file: LibraryFile }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start', minWidth: 0 }} data-testid="file-status" data-status={file.status}>
      <StatusChip status={file.status} />
      {!isSettled(file.status) && (
        <Box sx={{ width: 120 }}>
          <Typography variant="caption" color="text.secondary" component="div">
            {file.stage
              ? t('knowledgeAdmin.files.stageProgress', { stage: t(`knowledgeAdmin.files.stage.${file.stage}`), percent: file.progressPercent })
              : t('knowledgeAdmin.files.waiting', { percent: file.progressPercent })}
          </Typography>
          <LinearProgress variant="determinate" value={file.progressPercent} sx={{ borderRadius: 1 }} aria-label={file.fileName} />
        </Box>
      )}
      {file.status === 'Error' && file.errorMessage && (
        <Typography
          variant="caption"
          color="error"
          sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', maxWidth: { xs: 150, sm: 280 } }}
        >
          {file.errorMessage}
        </Typography>
      )}
    </Stack>
  );
}

/** The menu of a file's row: Download; for those who may change the library, Reprocess, Cancel (while it is on its way) and Delete. */
export function FileRowActions({
  file,
  canEdit,
  actions,
}: {
  file: LibraryFile;
  canEdit: boolean;
  actions: Pick<ReturnType<typeof useFileActions>, 'download' | 'reprocess' | 'cancel' | 'askDelete'>;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const run = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  return (
    // the row opens the file: the menu's clicks stay here
    <Box onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
      <IconButton
        size="small"
        aria-label={t('knowledgeAdmin.files.actions', { name: file.fileName })}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={run(() => void actions.download(file))}>
          <ListItemText>{t('knowledgeAdmin.files.download')}</ListItemText>
        </MenuItem>
        {canEdit && (
          <MenuItem onClick={run(() => void actions.reprocess(file))} disabled={!isSettled(file.status)}>
            <ListItemText>{t('knowledgeAdmin.files.reprocess')}</ListItemText>
          </MenuItem>
        )}
        {canEdit && isCancellable(file.status) && (
          <MenuItem onClick={run(() => void actions.cancel(file))}>
            <ListItemText>{t('knowledgeAdmin.files.cancel')}</ListItemText>
          </MenuItem>
        )}
        {canEdit && (
          <MenuItem onClick={run(() => actions.askDelete(file))} sx={{ color: 'error.main' }}>
            <ListItemText>{t('knowledgeAdmin.files.deleteFile')}</ListItemText>
          </MenuItem>
        )}
      </Menu>
    </Box>
  );
}

export function LibraryFilesSection({ library, canEdit }: { library: FileLibrary; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<LibraryFileStatus | ''>('');
  const keywords = useDebouncedValue(search.trim(), 300);
  const paging = useContinuationPaging(`${keywords}\u0000${status}`);
  const uploadConfig = useGetFileUploadConfigurationQuery(undefined, { skip: !canEdit });
  const args: FileListArgs = {
    dataSourceId: library.dataSourceId,
    top: PageSize,
    keywords: keywords || undefined,
    status: status || undefined,
    continuationToken: paging.token,
  };
  const cached = fileLibrariesApi.endpoints.listLibraryFiles.useQueryState(args);
  const live = cached.data?.items.some((f) => !isSettled(f.status)) ?? false;
  const query = useListLibraryFilesQuery(args, { pollingInterval: live ? LivePollMs : 0 });
  const actions = useFileActions();
  const number = (n: number | null) => (n === null ? '—' : new Intl.NumberFormat(i18n.language).format(n));
  const filtered = Boolean(keywords || status);

  const columns: AdminColumn<LibraryFile>[] = [
    {
      key: 'name',
      header: t('knowledgeAdmin.files.columns.name'),
      render: (f) => (
        <NameCell
          name={
            <Box component="span" sx={{ overflowWrap: 'break-word' }}>
              {f.fileName}
            </Box>
          }
          description={formatBytes(f.sizeBytes, i18n.language)}
        />
      ),
    },
    { key: 'status', header: t('knowledgeAdmin.files.columns.status'), render: (f) => <FileStatus file={f} /> },
    { key: 'pages', header: t('knowledgeAdmin.files.columns.pages'), align: 'right', hideBelow: 'md', render: (f) => number(f.pageCount) },
    { key: 'chunks', header: t('knowledgeAdmin.files.columns.chunks'), align: 'right', hideBelow: 'sm', render: (f) => number(f.chunkCount) },
    { key: 'uploaded', header: t('knowledgeAdmin.files.columns.uploaded'), hideBelow: 'lg', render: (f) => <DateTime value={f.createdAt} /> },
    { key: 'actions', header: '', align: 'right', width: 56, render: (f) => <FileRowActions file={f} canEdit={canEdit} actions={actions} /> },
  ];

  return (
    <AdminSection title={t('knowledgeAdmin.files.title')}>
      <Stack spacing={2}>
        {canEdit && uploadConfig.data && <LibraryUploadZone dataSourceId={library.dataSourceId} config={uploadConfig.data} />}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          <AdminSearchField label={t('knowledgeAdmin.files.search')} value={search} onChange={setSearch} bottomGap={false} />
          <TextField
            select
            size="small"
            label={t('knowledgeAdmin.files.status')}
            value={status}
            onChange={(e) => setStatus(e.target.value as LibraryFileStatus | '')}
            sx={{ width: { xs: '100%', sm: 200 } }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('knowledgeAdmin.files.anyStatus')}</MenuItem>
            {LibraryFileStatuses.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`adminUi.status.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          {live && (
            <Typography variant="caption" color="text.secondary" sx={{ ml: { sm: 'auto' } }} aria-live="polite">
              {t('knowledgeAdmin.files.live')}
            </Typography>
          )}
        </Stack>
        <AdminPagedTable
          label={t('knowledgeAdmin.files.title')}
          columns={columns}
          rows={query.data?.items}
          getRowId={(f) => f.fileId}
          {...listQueryProps(query)}
          // polls are not loads people wait for
          isFetching={query.isFetching && !live}
          emptyText={filtered ? t('knowledgeAdmin.files.noMatch') : canEdit ? t('knowledgeAdmin.files.empty') : t('knowledgeAdmin.files.emptyReadOnly')}
          rowHref={(f) => filePath(library.dataSourceId, f.fileId)}
          paging={{
            page: paging.page,
            hasPrevious: paging.hasPrevious,
            hasNext: Boolean(query.data?.continuationToken),
            onPrevious: paging.previous,
            onNext: () => query.data?.continuationToken && paging.next(query.data.continuationToken),
          }}
        />
      </Stack>
      {actions.dialog}
    </AdminSection>
  );
}
