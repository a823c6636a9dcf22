// The images and files added to the next question, above the message box: a thumbnail or a file
// icon, the name, a progress indicator while uploading, and a remove button.
import Close from '@mui/icons-material/Close';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import type { PromptUpload } from '../../../app/state/chat.slice';

interface AttachmentChipsProps {
  uploads: PromptUpload[];
  onRemove: (localId: string) => void;
}

export function AttachmentChips({ uploads, onRemove }: AttachmentChipsProps) {
  const { t } = useTranslation();
  if (uploads.length === 0) return null;
  return (
    <Box component="ul" aria-label={t('uploads.attachedFiles')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0, px: 1, pb: 1 }}>
      {uploads.map((u) => {
        const uploading = u.status === 'uploading';
        const avatar = uploading ? (
          <Avatar sx={{ bgcolor: 'transparent' }}>
            <CircularProgress size={18} aria-label={t('uploads.uploading', { name: u.fileName })} />
          </Avatar>
        ) : u.thumbnailUrl ? (
          <Avatar variant="rounded" src={u.thumbnailUrl} alt="" />
        ) : (
          <Avatar variant="rounded" sx={{ bgcolor: 'action.selected', color: 'text.secondary' }}>
            <InsertDriveFileOutlined fontSize="small" />
          </Avatar>
        );
        return (
          <Box component="li" key={u.localId} sx={{ maxWidth: '100%' }}>
            <Chip
              variant="outlined"
              avatar={avatar}
              label={u.fileName}
              title={u.fileName}
              aria-busy={uploading}
              onDelete={() => onRemove(u.localId)}
              deleteIcon={<Close aria-label={t('uploads.remove', { name: u.fileName })} role="button" />}
              sx={{ maxWidth: 260, height: 40, borderRadius: 2, '& .MuiChip-avatar': { width: 28, height: 28 } }}
            />
          </Box>
        );
      })}
    </Box>
  );
}
