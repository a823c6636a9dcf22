// Where files are added to a library: a drop area (or a file picker) that takes several files at once, and the
// uploads under it, each with its percent sent and then the server's answer (added, already there, or why not).
// An optional "Metadata" expander holds rows of a key and a value that every file added while they are set gets (the
// multipart part `metadata`, JSON); each row says what the contract's rules find wrong (the file details' check,
// metadataRowProblems), and rows that are wrong refuse the files dropped or chosen, saying why.
import CloseIcon from '@mui/icons-material/Close';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ExpandMore from '@mui/icons-material/ExpandMore';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FileUploadConfiguration } from '@atrium/contract';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { acceptAttribute, allowedTypeNames, formatBytes } from '../library-format';
import { useLibraryUploads, type UploadItem } from '../hooks/use-library-uploads';
import { MetadataRowsEditor, metadataRowProblems, type MetadataRow } from './metadata-rows-editor';

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

/** Rows of neither a key nor a value are left out (the expander opens with one). */
const filledRows = (rows: readonly MetadataRow[]) => rows.filter((r) => r.key.trim() !== '' || r.value !== '');

/** The rows' problems by index (blank rows have none), and the metadata they make when none is wrong. */
function useUploadMetadata(rows: readonly MetadataRow[]) {
  const { t } = useTranslation();
  const filled = filledRows(rows);
  const found = metadataRowProblems(filled, {
    keyRequired: t('knowledgeAdmin.file.metadata.keyRequired'),
    keyTwice: t('knowledgeAdmin.file.metadata.keyTwice'),
  });
  const problems = rows.map((r) => {
    const at = filled.indexOf(r);
    return at < 0 ? undefined : found[at];
  });
  const first = problems.find(Boolean);
  const metadata = first ? null : Object.fromEntries(filled.map((r) => [r.key.trim(), r.value]));
  return { problems, first, metadata, count: filled.length };
}

export function LibraryUploadZone({ dataSourceId, config }: { dataSourceId: string; config: FileUploadConfiguration }) {
  const { t, i18n } = useTranslation();
  const { items, addFiles, cancel, clearFinished } = useLibraryUploads(dataSourceId, config);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer.types).includes('Files');
  const [metadataOpen, setMetadataOpen] = useState(false);
  const [rows, setRows] = useState<MetadataRow[]>([]);
  const metadataId = useId();
  const metadata = useUploadMetadata(rows);
  // files refused because a metadata row is wrong: the problem, shown until the rows change or files go
  const [blocked, setBlocked] = useState<string | null>(null);

  const add = (files: File[]) => {
    if (files.length === 0) return;
    if (!metadata.metadata) {
      setBlocked(metadata.first ?? null);
      setMetadataOpen(true);
      return;
    }
    setBlocked(null);
    addFiles(files, metadata.count > 0 ? metadata.metadata : undefined);
  };
  const changeRows = (next: MetadataRow[]) => {
    setRows(next);
    setBlocked(null);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    add(Array.from(e.dataTransfer.files));
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
            add(files);
          }}
        />
        <Typography variant="caption" color="text.secondary" component="div">
          {t('knowledgeAdmin.upload.allowed', { types: allowedTypeNames(config), size: formatBytes(config.maxFileSizeBytes, i18n.language) })}
        </Typography>
      </Box>
      <Box>
        <Button
          size="small"
          color="inherit"
          aria-expanded={metadataOpen}
          aria-controls={metadataId}
          endIcon={<ExpandMore sx={{ transform: metadataOpen ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />}
          onClick={() => {
            setMetadataOpen(!metadataOpen);
            if (!metadataOpen && rows.length === 0) setRows([{ key: '', value: '' }]);
          }}
        >
          {metadata.count > 0 ? t('knowledgeAdmin.upload.metadataCount', { count: metadata.count }) : t('knowledgeAdmin.upload.metadata')}
        </Button>
        <Collapse in={metadataOpen} id={metadataId}>
          <Box sx={{ pt: 1 }}>
            <MetadataRowsEditor rows={rows} problems={metadata.problems} onChange={changeRows} hint={t('knowledgeAdmin.upload.metadataHint')} />
          </Box>
        </Collapse>
      </Box>
      {blocked && <Alert severity="error">{t('knowledgeAdmin.upload.metadataBlocked', { problem: blocked })}</Alert>}
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
