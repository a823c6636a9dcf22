// Where files are added to a library: a drop area (or a file picker) that takes several files at once, and the
// uploads under it, each with its percent sent and then the server's answer (added, already there, or why not).
import CloseIcon from '@mui/icons-material/Close';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FileUploadConfiguration } from '@atrium/contract';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { acceptAttribute, allowedTypeNames, formatBytes } from '../library-format';
import { useLibraryUploads, type UploadItem } from '../hooks/use-library-uploads';

const running = (item: UploadItem) => item.state === 'waiting' || item.state === 'uploading' || item.state === 'storing';

function UploadRow({ item, onCancel }: { item: UploadItem; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const status = {
    waiting: t('knowledgeAdmin.upload.waiting'),
    uploading: t('knowledgeAdmin.upload.uploading', { percent: item.percent }),
    storing: t('knowledgeAdmin.upload.processing'),
    added: t('knowledgeAdmin.upload.added'),
    duplicate: t('knowledgeAdmin.upload.duplicate', { name: item.message ?? '' }),
    failed: item.message ?? t('knowledgeAdmin.upload.failed'),
  }[item.state];
  const icon =
    item.state === 'failed' ? (
      <ErrorOutline color="error" fontSize="small" />
    ) : item.state === 'added' ? (
      <CheckCircleOutline color="success" fontSize="small" />
    ) : item.state === 'duplicate' ? (
      <InfoOutlined color="info" fontSize="small" />
    ) : (
      <CloudUploadOutlined color="action" fontSize="small" />
    );
  return (
    <Stack component="li" direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', py: 1 }} data-testid="upload-item" data-state={item.state}>
      <Box sx={{ pt: 0.25 }}>{icon}</Box>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
          <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
            {item.fileName}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
            {formatBytes(item.sizeBytes, i18n.language)}
          </Typography>
        </Stack>
        {running(item) && (
          <LinearProgress
            variant={item.state === 'uploading' ? 'determinate' : 'indeterminate'}
            value={item.percent}
            sx={{ my: 0.5, borderRadius: 1 }}
            aria-label={item.fileName}
          />
        )}
        <Typography
          variant="caption"
          color={item.state === 'failed' ? 'error' : 'text.secondary'}
          component="div"
          role={item.state === 'failed' ? 'alert' : undefined}
        >
          {status}
        </Typography>
      </Box>
      <IconButton
        size="small"
        onClick={onCancel}
        aria-label={running(item) ? t('knowledgeAdmin.upload.cancel', { name: item.fileName }) : t('knowledgeAdmin.upload.dismiss', { name: item.fileName })}
      >
        <CloseIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}

export function LibraryUploadZone({ dataSourceId, config }: { dataSourceId: string; config: FileUploadConfiguration }) {
  const { t, i18n } = useTranslation();
  const { items, addFiles, cancel, clearFinished } = useLibraryUploads(dataSourceId, config);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer.types).includes('Files');

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (e.dataTransfer.files.length > 0) addFiles(Array.from(e.dataTransfer.files));
  };

  return (
    <Stack spacing={1.5}>
      <Box
        data-testid="library-drop-zone"
        onDragEnter={(e) => hasFiles(e) && setOver(true)}
        onDragOver={(e) => {
          if (!hasFiles(e)) return;
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
          setOver(true);
        }}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
        }}
        onDrop={onDrop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: over ? 'primary.main' : 'divider',
          bgcolor: over ? 'action.hover' : 'transparent',
          borderRadius: 2,
          px: 2,
          py: { xs: 2.5, sm: 3.5 },
          textAlign: 'center',
          transition: 'border-color 120ms, background-color 120ms',
        }}
      >
        <CloudUploadOutlined color={over ? 'primary' : 'action'} sx={{ fontSize: 36 }} />
        <Typography sx={{ mt: 0.5 }}>
          {over ? (
            t('knowledgeAdmin.upload.dropNow')
          ) : (
            <>
              {t('knowledgeAdmin.upload.drop')}{' '}
              <Button size="small" onClick={() => input.current?.click()} sx={{ verticalAlign: 'baseline', minWidth: 0, px: 0.75 }}>
                {t('knowledgeAdmin.upload.choose')}
              </Button>
            </>
          )}
        </Typography>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={acceptAttribute(config)}
          aria-label={t('knowledgeAdmin.upload.label')}
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            // the same file chosen again must fire a change again
            e.target.value = '';
            addFiles(files);
          }}
        />
        <Typography variant="caption" color="text.secondary" component="div">
          {t('knowledgeAdmin.upload.allowed', { types: allowedTypeNames(config), size: formatBytes(config.maxFileSizeBytes, i18n.language) })}
        </Typography>
      </Box>
      {items.length > 0 && (
        <Box>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="subtitle2">{t('knowledgeAdmin.upload.uploads')}</Typography>
            {items.some((i) => !running(i)) && (
              <Button size="small" onClick={clearFinished}>
                {t('knowledgeAdmin.upload.clearFinished')}
              </Button>
            )}
          </Stack>
          <Box component="ul" aria-label={t('knowledgeAdmin.upload.uploads')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {items.map((item) => (
              <UploadRow key={item.id} item={item} onCancel={() => cancel(item.id)} />
            ))}
          </Box>
        </Box>
      )}
    </Stack>
  );
}
