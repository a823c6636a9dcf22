// Delete asks first; the conversation is gone for good once confirmed.
import type { ConversationListItem } from '@atrium/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from '../../../app/i18n/i18n';

export function ConversationDeleteDialog({
  conversation,
  onCancel,
  onConfirm,
}: {
  conversation: ConversationListItem | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={conversation !== null} onClose={onCancel} aria-labelledby="conversation-delete-title" maxWidth="xs" fullWidth>
      <DialogTitle id="conversation-delete-title">{t('chat.deleteTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('chat.deleteText', { title: conversation?.title ?? '' })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('chat.cancel')}</Button>
        <Button onClick={onConfirm} color="error" variant="contained">
          {t('chat.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
