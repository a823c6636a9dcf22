// The images and files added to the next question, above the message box: a thumbnail or a file
// icon, the name, a progress indicator while uploading, and a remove button.
import Close from '@mui/icons-material/Close';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../app/i18n/i18n';
import type { PromptUpload } from '../../../app/state/chat.slice';

interface AttachmentChipsProps {
  uploads: PromptUpload[];
  onRemove: (localId: string) => void;
}

function Preview({ upload }: { upload: PromptUpload }) {
  const { t } = useTranslation();
  if (upload.status === 'uploading') {
    return (
      <Box sx={{ width: 28, height: 28, display: 'grid', placeItems: 'center' }}>
        <CircularProgress size={18} aria-label={t('uploads.uploading', { name: upload.fileName })} />
      </Box>
    );
  }
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
          sx={{ display: 'flex', alignItems: 'center', gap: 0.75, maxWidth: { xs: '100%', sm: 280 }, pl: 0.5, border: 1, borderColor: 'divider', borderRadius: 2, height: 40 }}
        >
          <Preview upload={u} />
          <Typography variant="body2" noWrap title={u.fileName} sx={{ minWidth: 0 }}>
            {u.fileName}
          </Typography>
          <IconButton size="small" aria-label={t('uploads.remove', { name: u.fileName })} onClick={() => onRemove(u.localId)}>
            <Close fontSize="small" />
          </IconButton>
        </Box>
      ))}
    </Box>
  );
}
