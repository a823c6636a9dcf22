// The images and files added to the next question, above the message box: a thumbnail or a file
// icon, the name, the upload's progress in percent while it goes out (then a spinner while the
// server reads it), and a button that removes the chip or, while uploading, cancels the upload.
import Close from '@mui/icons-material/Close';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useSyncExternalStore } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import type { PromptUpload } from '../../../app/state/chat.slice';
import { uploadProgress } from '../utils/upload-progress';

interface AttachmentChipsProps {
  uploads: PromptUpload[];
  onRemove: (localId: string) => void;
}

const useUploadPercent = (localId: string) =>
  useSyncExternalStore(
    uploadProgress.subscribe,
    () => uploadProgress.percent(localId),
    () => null,
  );

/** Determinate while bytes go out; indeterminate before the size is known and once all are sent. */
function UploadIndicator({ upload }: { upload: PromptUpload }) {
  const { t } = useTranslation();
  const percent = useUploadPercent(upload.localId);
  const sending = percent !== null && percent < 100;
  return (
    <Box sx={{ width: 28, height: 28, display: 'grid', placeItems: 'center' }}>
      {sending ? (
        <CircularProgress
          variant="determinate"
          value={percent}
          size={22}
          thickness={5}
          // the track shows how much is left, so that 9% reads as a ninth of a ring
          enableTrackSlot
          aria-label={t('uploads.uploading', { name: upload.fileName })}
          aria-valuetext={t('uploads.percent', { percent })}
        />
      ) : (
        <CircularProgress size={18} aria-label={t(percent === 100 ? 'uploads.processing' : 'uploads.uploading', { name: upload.fileName })} />
      )}
    </Box>
  );
}

function UploadPercent({ localId }: { localId: string }) {
  const { t } = useTranslation();
  const percent = useUploadPercent(localId);
  if (percent === null) return null;
  return (
    // the progress bar announces the value; this is the same figure for the eye
    <Typography variant="caption" color="text.secondary" aria-hidden sx={{ fontVariantNumeric: 'tabular-nums', flexShrink: 0 }}>
      {t('uploads.percent', { percent })}
    </Typography>
  );
}

function Preview({ upload }: { upload: PromptUpload }) {
  if (upload.status === 'uploading') return <UploadIndicator upload={upload} />;
  if (upload.thumbnailUrl) return <Avatar variant="rounded" src={upload.thumbnailUrl} alt="" sx={{ width: 28, height: 28 }} />;
  return (
    <Avatar variant="rounded" sx={{ width: 28, height: 28, bgcolor: 'action.selected', color: 'text.secondary' }}>
      <InsertDriveFileOutlined fontSize="small" />
    </Avatar>
  );
}

export function AttachmentChips({ uploads, onRemove }: AttachmentChipsProps) {
  const { t } = useTranslation();
  if (uploads.length === 0) return null;
  return (
    <Box component="ul" aria-label={t('uploads.attachedFiles')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0, px: 1, pt: 1 }}>
      {uploads.map((u) => (
        <Box
          component="li"
          key={u.localId}
          aria-busy={u.status === 'uploading'}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 0.75,
            maxWidth: { xs: '100%', sm: 280 },
            pl: 0.5,
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
            height: 40,
          }}
        >
          <Preview upload={u} />
          <Typography variant="body2" noWrap title={u.fileName} sx={{ minWidth: 0 }}>
            {u.fileName}
          </Typography>
          {u.status === 'uploading' && <UploadPercent localId={u.localId} />}
          <IconButton
            size="small"
            aria-label={t(u.status === 'uploading' ? 'uploads.cancel' : 'uploads.remove', { name: u.fileName })}
            onClick={() => onRemove(u.localId)}
          >
            <Close fontSize="small" />
          </IconButton>
        </Box>
      ))}
    </Box>
  );
}
