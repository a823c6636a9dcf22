// One question: its text, editing it into a new branch, and arrows between sibling branches.
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import OutlinedInput from '@mui/material/OutlinedInput';
import Tooltip from '../../../components/tooltip';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import type { SegmentAttachment, SegmentVisionImage } from '@atrium/contract';

// most questions have no uploads: their thumbnails and file list load when one has (the chat page's first load stays small)
const SegmentUploads = lazy(() => import('./segment-uploads').then((m) => ({ default: m.SegmentUploads })));

interface QuestionBubbleProps {
  question: string;
  /** where this segment stands among its siblings; absent while streaming */
  siblings?: { index: number; count: number; onMove: (delta: -1 | 1) => void };
  onEdit?: (question: string) => void;
  disabled?: boolean;
  /** the question's images (thumbnails open the full image) and attached files */
  images?: SegmentVisionImage[];
  attachments?: SegmentAttachment[];
}

export function QuestionBubble({ question, siblings, onEdit, disabled = false, images, attachments }: QuestionBubbleProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);

  if (draft !== null && onEdit) {
    const submit = () => {
      if (draft.trim()) onEdit(draft.trim());
      setDraft(null);
    };
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: 1, ml: { xs: 2, sm: 8 } }}>
        <OutlinedInput
          multiline
          autoFocus
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              submit();
            } else if (e.key === 'Escape') setDraft(null);
          }}
          inputProps={{ 'aria-label': t('conversation.editQuestion') }}
        />
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          <Button onClick={() => setDraft(null)}>{t('conversation.cancel')}</Button>
          <Button variant="contained" onClick={submit} disabled={!draft.trim()}>
            {t('conversation.saveEdit')}
          </Button>
        </Box>
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', '&:hover .question-tools, &:focus-within .question-tools': { opacity: 1 } }}>
      {!!(images?.length || attachments?.length) && (
        <Suspense fallback={null}>
          <SegmentUploads images={images} attachments={attachments} />
        </Suspense>
      )}
      <Paper elevation={0} sx={{ px: 2, py: 1.25, maxWidth: { xs: '90%', sm: '75%' }, borderRadius: 3, borderTopRightRadius: 4, bgcolor: 'action.selected' }}>
        <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{question}</Typography>
      </Paper>
      <Box
        className="question-tools"
        sx={{ display: 'flex', alignItems: 'center', opacity: { xs: 1, md: siblings && siblings.count > 1 ? 1 : 0 }, transition: 'opacity .15s' }}
      >
        {siblings && siblings.count > 1 && (
          <>
            <IconButton
              size="small"
              aria-label={t('conversation.previousBranch')}
              disabled={disabled || siblings.index === 0}
              onClick={() => siblings.onMove(-1)}
            >
              <ChevronLeft fontSize="small" />
            </IconButton>
            <Typography variant="caption" color="text.secondary">
              {t('conversation.branchPosition', { index: siblings.index + 1, count: siblings.count })}
            </Typography>
            <IconButton
              size="small"
              aria-label={t('conversation.nextBranch')}
              disabled={disabled || siblings.index === siblings.count - 1}
              onClick={() => siblings.onMove(1)}
            >
              <ChevronRight fontSize="small" />
            </IconButton>
          </>
        )}
        {onEdit && (
          <Tooltip title={t('conversation.editQuestion')}>
            <span>
              <IconButton size="small" aria-label={t('conversation.editQuestion')} disabled={disabled} onClick={() => setDraft(question)}>
                <EditOutlined fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        )}
      </Box>
    </Box>
  );
}
