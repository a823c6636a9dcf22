// One answer: markdown, the step status while streaming, citations, and its actions (copy,
// regenerate, feedback, report, execution details).
import ContentCopy from '@mui/icons-material/ContentCopy';
import OutlinedFlag from '@mui/icons-material/OutlinedFlag';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Refresh from '@mui/icons-material/Refresh';
import ThumbDown from '@mui/icons-material/ThumbDown';
import ThumbDownOutlined from '@mui/icons-material/ThumbDownOutlined';
import ThumbUp from '@mui/icons-material/ThumbUp';
import ThumbUpOutlined from '@mui/icons-material/ThumbUpOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '../../../components/tooltip';
import Typography from '@mui/material/Typography';
import type { Citation, FeedbackType } from '@atrium/contract';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { ElapsedSeconds } from './elapsed-seconds';
import { MarkdownView } from './markdown/markdown-view';

interface AnswerCardProps {
  answer: string;
  citations: Citation[];
  streaming?: boolean;
  statusText?: string;
  /** when the question was sent: while nothing has come yet, the seconds since are counted beside Thinking */
  startedAt?: string;
  stopped?: boolean;
  /** stopped because the server stopped while writing it (crash recovery), not by the person */
  interrupted?: boolean;
  failed?: boolean;
  /** what the server said went wrong (a model that stopped sending, a provider error); else a general message */
  failureMessage?: string | null;
  modelName?: string | null;
  feedback?: FeedbackType | null;
  /** false: a cited document of this app shows its excerpt but no link (a visitor cannot open the sources page) */
  sourceLinks?: boolean;
  /** the speaker button (read-aloud/read-aloud-button.tsx): beside the actions, alone while the answer streams */
  readAloud?: ReactNode;
  /** absent while the answer streams; regenerate and the execution details only where given (not for visitors) */
  actions?: {
    onCopy: () => void;
    onRegenerate?: () => void;
    onFeedback: (type: FeedbackType) => void;
    /** the report flag (docs/moderation.md): only for signed-in people's saved answers */
    onReport?: () => void;
    onDetails?: () => void;
    disabled: boolean;
  };
}

// only answers with citations load the chips (the chat route's budget has no room for them)
const CitationChips = lazy(() => import('./citation-chips'));

function Action({ label, onClick, disabled, children }: { label: string; onClick: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={label} onClick={onClick} disabled={disabled}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

export function AnswerCard({
  answer,
  citations,
  streaming = false,
  statusText,
  startedAt,
  stopped,
  interrupted,
  failed,
  failureMessage,
  modelName,
  feedback,
  sourceLinks,
  readAloud,
  actions,
}: AnswerCardProps) {
  const { t } = useTranslation();
  return (
    <Box component="article" aria-busy={streaming} sx={{ minWidth: 0 }}>
      {streaming && !answer && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary', py: 1 }} role="status">
          <CircularProgress size={14} />
          <Typography variant="body2">
            {statusText || t('conversation.thinking')}
            {startedAt && <ElapsedSeconds since={startedAt} />}
          </Typography>
        </Stack>
      )}
      {answer && <MarkdownView text={answer} />}
      {streaming && answer && statusText && (
        <Typography variant="caption" color="text.secondary" role="status">
          {statusText}
        </Typography>
      )}
      {failed && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {failureMessage || t('conversation.answerFailed')}
        </Alert>
      )}
      {interrupted ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t('conversation.interrupted')}
        </Alert>
      ) : (
        stopped && <Chip size="small" label={t('conversation.stopped')} sx={{ mt: 1 }} />
      )}
      {citations.length > 0 && (
        <Suspense fallback={null}>
          <CitationChips citations={citations} sourceLinks={sourceLinks} />
        </Suspense>
      )}
      {!actions && readAloud}
      {actions && (
        <Stack direction="row" spacing={0.25} sx={{ alignItems: 'center', mt: 0.5, color: 'text.secondary' }}>
          <Action label={t('conversation.copyAnswer')} onClick={actions.onCopy}>
            <ContentCopy fontSize="small" />
          </Action>
          {readAloud}
          {actions.onRegenerate && (
            <Action label={t('conversation.regenerate')} onClick={actions.onRegenerate} disabled={actions.disabled}>
              <Refresh fontSize="small" />
            </Action>
          )}
          <Action label={t('conversation.goodAnswer')} onClick={() => actions.onFeedback('Positive')} disabled={actions.disabled}>
            {feedback === 'Positive' ? <ThumbUp fontSize="small" color="primary" /> : <ThumbUpOutlined fontSize="small" />}
          </Action>
          <Action label={t('conversation.badAnswer')} onClick={() => actions.onFeedback('Negative')} disabled={actions.disabled}>
            {feedback === 'Negative' ? <ThumbDown fontSize="small" color="primary" /> : <ThumbDownOutlined fontSize="small" />}
          </Action>
          {actions.onReport && (
            <Action label={t('conversation.reportAnswer')} onClick={actions.onReport} disabled={actions.disabled}>
              <OutlinedFlag fontSize="small" />
            </Action>
          )}
          {actions.onDetails && (
            <Action label={t('conversation.executionDetails')} onClick={actions.onDetails}>
              <ReceiptLongOutlined fontSize="small" />
            </Action>
          )}
          {modelName && (
            <Typography variant="caption" sx={{ pl: 1 }} noWrap>
              {t('conversation.answeredWith', { model: modelName })}
            </Typography>
          )}
        </Stack>
      )}
    </Box>
  );
}
