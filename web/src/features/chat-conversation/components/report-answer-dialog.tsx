// The report flag's dialog (docs/moderation.md): a reason and an optional comment, sent as a moderation report of
// the answer. Loaded on the first click of a flag: the chat route's budget has no room for it.
import '../report-answer-texts';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ModerationCommentMaxLength, PersonModerationReasons } from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { apiErrorMessage } from '../../../components/admin/api-error';
import { useReportAnswerMutation } from '../api/moderation-report.api';

type Reason = (typeof PersonModerationReasons)[number];

export interface ReportTarget {
  gptSystemId: string;
  conversationId: string;
  conversationSegmentId: string;
}

export function ReportAnswerDialog({ target, onClose }: { target: ReportTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const [reason, setReason] = useState<Reason | ''>('');
  const [comment, setComment] = useState('');
  const [report, { isLoading }] = useReportAnswerMutation();
  const close = () => {
    if (isLoading) return;
    setReason('');
    setComment('');
    onClose();
  };
  const submit = async () => {
    if (!target || !reason) return;
    const result = await report({ ...target, reason, comment: comment.trim() });
    if (result.error) {
      enqueueSnackbar(apiErrorMessage(result.error, t('reportAnswer.failed')), { variant: 'error' });
      return;
    }
    enqueueSnackbar(t('reportAnswer.sent'), { variant: 'success' });
    setReason('');
    setComment('');
    onClose();
  };
  return (
    <Dialog open={target !== null} onClose={close} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('reportAnswer.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText variant="body2" sx={{ mb: 2 }}>
          {t('reportAnswer.text')}
        </DialogContentText>
        <TextField
          select
          fullWidth
          required
          label={t('reportAnswer.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value as Reason)}
          sx={{ mb: 2 }}
        >
          {PersonModerationReasons.map((r) => (
            <MenuItem key={r} value={r}>
              {t(`reportAnswer.reasons.${r}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('reportAnswer.comment')}
          value={comment}
          onChange={(e) => setComment(e.target.value.slice(0, ModerationCommentMaxLength))}
          multiline
          minRows={3}
          fullWidth
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={isLoading}>
          {t('reportAnswer.cancel')}
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={() => void submit()}
          disabled={!reason || isLoading}
          startIcon={isLoading ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t('reportAnswer.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
