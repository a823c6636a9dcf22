// One file of a library, in a panel from the right (the whole screen on a phone): its status (live while it moves),
// what is known of it, its metadata (editable), Download, Reprocess, Cancel (while it is on its way) and Delete, and four tabs: the text read (page by page), its chunks (by
// index), the images found in it (figures) and the log of its latest run.
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { LibraryFile } from '@atrium/contract';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { AdminErrorAlert, apiErrorStatus } from '../../../components/admin';
import { DateTime } from '../../../components/date-time';
import { fileLibrariesApi, useGetLibraryFileQuery } from '../api/file-libraries.api';
import { useFileActions } from '../hooks/use-file-actions';
import { formatBytes, isCancellable, isSettled, LivePollMs } from '../library-format';
import { FileChunksTab } from './file-chunks-tab';
import { FileFiguresTab } from './file-figures-tab';
import { FileLogTab } from './file-log-tab';
import { FileMetadataSection } from './file-metadata-section';
import { FileTextTab } from './file-text-tab';
import { FileStatus } from './library-files-section';

type TabKey = 'text' | 'chunks' | 'figures' | 'log';

function Facts({ file }: { file: LibraryFile }) {
  const { t, i18n } = useTranslation();
  const number = (n: number | null) => (n === null ? t('knowledgeAdmin.file.unknown') : new Intl.NumberFormat(i18n.language).format(n));
  const rows: Array<[string, ReactNode]> = [
    [t('knowledgeAdmin.file.type'), file.mimeType],
    [t('knowledgeAdmin.file.size'), formatBytes(file.sizeBytes, i18n.language)],
    [t('knowledgeAdmin.file.pages'), number(file.pageCount)],
    [t('knowledgeAdmin.file.chunks'), number(file.chunkCount)],
    [t('knowledgeAdmin.file.characters'), number(file.characterCount)],
    [t('knowledgeAdmin.file.uploadedBy'), file.uploadedBy ?? t('knowledgeAdmin.file.unknown')],
    [t('knowledgeAdmin.file.uploadedAt'), <DateTime key="at" value={file.createdAt} />],
    [t('knowledgeAdmin.file.processedAt'), file.processedAt ? <DateTime key="p" value={file.processedAt} /> : t('knowledgeAdmin.file.unknown')],
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, gap: 1.5, m: 0 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export function FileDetailDrawer({ dataSourceId, fileId, canEdit, onClose }: { dataSourceId: string; fileId: string; canEdit: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [tab, setTab] = useState<TabKey>('text');
  // keep asking while the file moves (its status, its log), stop once it has settled
  const cached = fileLibrariesApi.endpoints.getLibraryFile.useQueryState({ dataSourceId, fileId });
  const settled = cached.data ? isSettled(cached.data.status) : false;
  const query = useGetLibraryFileQuery({ dataSourceId, fileId }, { pollingInterval: settled ? 0 : LivePollMs });
  const file = query.data;
  const actions = useFileActions({ onDeleted: onClose });
  const version = file?.updatedAt ?? '';

  return (
    <Drawer anchor="right" open onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 680 } }, role: 'dialog', 'aria-labelledby': titleId } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', px: { xs: 2, sm: 3 }, pt: 2, pb: 1 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
          {file?.fileName ?? '…'}
        </Typography>
        <IconButton aria-label={t('knowledgeAdmin.file.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Box sx={{ px: { xs: 2, sm: 3 }, pb: 3, overflowY: 'auto' }}>
        {!file ? (
          query.error ? (
            apiErrorStatus(query.error) === 404 ? (
              <Alert severity="warning">{t('knowledgeAdmin.file.gone')}</Alert>
            ) : (
              <AdminErrorAlert error={query.error} onRetry={() => void query.refetch()} />
            )
          ) : (
            <Stack spacing={1.5} aria-busy="true">
              <Skeleton variant="rounded" height={40} />
              <Skeleton variant="rounded" height={120} />
              <Skeleton variant="rounded" height={240} />
            </Stack>
          )
        ) : (
          <Stack spacing={2.5}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}>
              <FileStatus file={file} />
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <Button size="small" variant="outlined" startIcon={<DownloadOutlined />} onClick={() => void actions.download(file)}>
                  {t('knowledgeAdmin.files.download')}
                </Button>
                {canEdit && (
                  <Button
                    size="small"
                    variant="outlined"
                    startIcon={<Refresh />}
                    disabled={!isSettled(file.status)}
                    onClick={() => void actions.reprocess(file)}
                  >
                    {t('knowledgeAdmin.files.reprocess')}
                  </Button>
                )}
                {canEdit && isCancellable(file.status) && (
                  <Button size="small" variant="outlined" startIcon={<StopCircleOutlined />} onClick={() => void actions.cancel(file)}>
                    {t('knowledgeAdmin.files.cancel')}
                  </Button>
                )}
                {canEdit && (
                  <Button size="small" variant="outlined" color="error" startIcon={<DeleteOutline />} onClick={() => actions.askDelete(file)}>
                    {t('knowledgeAdmin.files.deleteFile')}
                  </Button>
                )}
              </Stack>
            </Stack>
            {file.status === 'Error' && file.errorMessage && <Alert severity="error">{file.errorMessage}</Alert>}
            <Facts file={file} />
            <FileMetadataSection key={`${file.fileId}:${JSON.stringify(file.metadata)}`} file={file} canEdit={canEdit} />
            <Box>
              <Tabs value={tab} onChange={(_, value: TabKey) => setTab(value)} sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
                <Tab value="text" label={t('knowledgeAdmin.file.tabs.text')} />
                <Tab value="chunks" label={t('knowledgeAdmin.file.tabs.chunks')} />
                <Tab value="figures" label={t('knowledgeAdmin.file.tabs.figures')} />
                <Tab value="log" label={t('knowledgeAdmin.file.tabs.log')} />
              </Tabs>
              {tab === 'text' && <FileTextTab file={file} version={version} />}
              {tab === 'chunks' && <FileChunksTab file={file} version={version} />}
              {tab === 'figures' && <FileFiguresTab file={file} />}
              {tab === 'log' && <FileLogTab file={file} version={version} />}
            </Box>
          </Stack>
        )}
      </Box>
      {actions.dialog}
    </Drawer>
  );
}
