// A report opened in the list: the reporter's comment, the reported answer with the segments around it on its branch
// (GET …/conversationSegments), and, for those who may, resolve or reopen with a note, and delete after confirming.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ModerationCommentMaxLength, type ModerationReport, type ModerationSegment } from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { apiErrorMessage, ConfirmDialog } from '../../../components/admin';
import { DateTime } from '../../../components/date-time';
import { useDeleteModerationReportMutation, useGetModerationSegmentsQuery, useUpdateModerationReportMutation } from '../api/moderation.api';

const Text = ({ children }: { children: string }) => (
  <Typography variant="body2" component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
    {children}
  </Typography>
);

function SegmentView({ segment }: { segment: ModerationSegment }) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={segment.isReported ? t('adminModeration.reportedAnswer') : undefined}
      sx={{
        p: 1.5,
        borderColor: segment.isReported ? 'error.main' : undefined,
        borderWidth: segment.isReported ? 2 : 1,
        bgcolor: segment.isReported ? 'action.hover' : undefined,
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
        <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
          {t('adminModeration.you')}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          <DateTime value={segment.createdAt} />
        </Typography>
        {segment.isReported && <Chip size="small" color="error" variant="outlined" label={t('adminModeration.reportedAnswer')} />}
      </Stack>
      <Text>{segment.question}</Text>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ fontWeight: 600, mt: 1, mb: 0.5 }}>
        {t('adminModeration.answer')}
      </Typography>
      <Text>{segment.answer || t('adminModeration.noAnswer')}</Text>
    </Paper>
  );
}

export function ModerationReportDetails({ report }: { report: ModerationReport }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const segments = useGetModerationSegmentsQuery(report.moderationReportId);
  const [update, updating] = useUpdateModerationReportMutation();
  const [remove, removing] = useDeleteModerationReportMutation();
  const [note, setNote] = useState(report.resolutionComment);
  const [confirming, setConfirming] = useState(false);
  const canEdit = report.currentUserActions?.includes('Edit') ?? false;
  const canDelete = report.currentUserActions?.includes('Delete') ?? false;
  const resolved = report.reportStatus === 'Resolved';

  const setStatus = async () => {
    const result = await update({
      moderationReportId: report.moderationReportId,
      reportStatus: resolved ? 'Open' : 'Resolved',
      resolutionComment: note.trim(),
    });
    if (result.error) enqueueSnackbar(apiErrorMessage(result.error, t('adminModeration.saveFailed')), { variant: 'error' });
    else enqueueSnackbar(t(resolved ? 'adminModeration.reopened' : 'adminModeration.resolved'), { variant: 'success' });
  };
  const confirmDelete = async () => {
    const result = await remove(report.moderationReportId);
    setConfirming(false);
    if (result.error) enqueueSnackbar(apiErrorMessage(result.error, t('adminModeration.saveFailed')), { variant: 'error' });
    else enqueueSnackbar(t('adminModeration.deleted'), { variant: 'success' });
  };

  return (
    <Stack spacing={2} sx={{ py: 1 }}>
      <Box>
        <Typography variant="subtitle2">{t('adminModeration.comment')}</Typography>
        {report.comment ? (
          <Text>{report.comment}</Text>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('adminModeration.noComment')}
          </Typography>
        )}
      </Box>
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {t('adminModeration.conversation')}
        </Typography>
        {segments.isLoading ? (
          <Stack spacing={1}>
            <Skeleton variant="rounded" height={72} />
            <Skeleton variant="rounded" height={72} />
          </Stack>
        ) : segments.error ? (
          <Alert severity="error">{apiErrorMessage(segments.error, t('adminModeration.segmentsFailed'))}</Alert>
        ) : segments.data?.items.length ? (
          <Stack spacing={1}>
            {segments.data.items.map((s) => (
              <SegmentView key={s.conversationSegmentId} segment={s} />
            ))}
          </Stack>
        ) : (
          <Alert severity="info">{t('adminModeration.segmentsGone')}</Alert>
        )}
      </Box>
      {resolved && report.resolvedBy && (
        <Typography variant="body2" color="text.secondary">
          {t('adminModeration.resolvedBy', { name: report.resolvedBy.displayName })}
          {report.resolvedAt && (
            <>
              {' · '}
              <DateTime value={report.resolvedAt} />
            </>
          )}
        </Typography>
      )}
      {(canEdit || canDelete) && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
          {canEdit && (
            <TextField
              size="small"
              label={t('adminModeration.resolution')}
              value={note}
              onChange={(e) => setNote(e.target.value.slice(0, ModerationCommentMaxLength))}
              multiline
              maxRows={4}
              sx={{ flex: 1 }}
            />
          )}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            {canEdit && (
              <Button variant={resolved ? 'outlined' : 'contained'} onClick={() => void setStatus()} disabled={updating.isLoading}>
                {t(resolved ? 'adminModeration.reopen' : 'adminModeration.resolve')}
              </Button>
            )}
            {canDelete && (
              <Button color="error" onClick={() => setConfirming(true)} disabled={removing.isLoading}>
                {t('adminModeration.delete')}
              </Button>
            )}
          </Stack>
        </Stack>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('adminModeration.deleteTitle')}
        text={t('adminModeration.deleteText')}
        confirmLabel={t('adminModeration.delete')}
        busy={removing.isLoading}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirmDelete()}
      />
    </Stack>
  );
}
