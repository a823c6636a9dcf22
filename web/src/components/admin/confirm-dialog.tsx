// A yes/no question before a destructive or far-reaching change (delete, disable, remove a role).
// Controlled: the caller owns `open`; `busy` disables the buttons while the change is being saved.
import './admin-ui-texts';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../app/i18n/i18n';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** the question, naming the thing affected */
  text: ReactNode;
  /** label of the confirming button, e.g. "Delete" (defaults to "Confirm") */
  confirmLabel?: string;
  /** 'error' (default) for destructive changes, 'primary' otherwise */
  tone?: 'error' | 'primary';
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export function ConfirmDialog({ open, title, text, confirmLabel, tone = 'error', busy = false, onCancel, onConfirm }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {t('adminUi.cancel')}
        </Button>
        <Button
          onClick={onConfirm}
          color={tone}
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {confirmLabel ?? t('adminUi.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
