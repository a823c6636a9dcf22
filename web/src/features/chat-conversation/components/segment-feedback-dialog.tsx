// The optional comment that goes with a thumbs up or down.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { FeedbackType } from '@atrium/contract';
import { useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';

const MaxCommentLength = 2000;

interface SegmentFeedbackDialogProps {
  feedbackType: FeedbackType | null;
  onClose: () => void;
  onSubmit: (feedbackType: FeedbackType, comment: string) => void;
}

export function SegmentFeedbackDialog({ feedbackType, onClose, onSubmit }: SegmentFeedbackDialogProps) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const submit = (withComment: boolean) => {
    if (feedbackType) onSubmit(feedbackType, withComment ? comment.trim() : '');
    setComment('');
  };
  return (
    <Dialog open={feedbackType !== null} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{feedbackType === 'Positive' ? t('conversation.goodAnswer') : t('conversation.badAnswer')}</DialogTitle>
      <DialogContent>
        <TextField
          label={t('conversation.feedbackTitle')}
          value={comment}
          onChange={(e) => setComment(e.target.value.slice(0, MaxCommentLength))}
          multiline
          minRows={3}
          fullWidth
          autoFocus
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => submit(false)}>{t('conversation.feedbackSkip')}</Button>
        <Button variant="contained" onClick={() => submit(true)}>
          {t('conversation.feedbackSubmit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
