// Deleting a prompt asks first.
import type { UserPrompt } from '@atrium/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from '../../../app/i18n/i18n';

export function UserPromptDeleteDialog({
  prompt,
  deleting,
  onCancel,
  onConfirm,
}: {
  prompt: UserPrompt | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={prompt !== null} onClose={onCancel} aria-labelledby="user-prompt-delete-title" maxWidth="xs" fullWidth>
      <DialogTitle id="user-prompt-delete-title">{t('userPrompts.deleteTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('userPrompts.deleteText', { title: prompt?.title ?? '' })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('userPrompts.cancel')}</Button>
        <Button onClick={onConfirm} color="error" variant="contained" loading={deleting}>
          {t('userPrompts.deleteConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
