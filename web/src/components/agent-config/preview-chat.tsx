// A small chat against a configuration state's preview endpoints (docs/wire-protocol.md: POST …/conversations,
// then …/conversations/{id}/segments with a top-level parentId). Answers use the draft; previews stay
// out of the person's conversation list. Plain text on purpose: the full chat renderer is a feature.
import './agent-config-texts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { ConversationRoutes, PreviewConversationRoutes, pathTo, type FollowUpRequest, type NewConversationRequest } from '@atrium/contract';
import { useTranslation } from '../../app/i18n/i18n';
import { http } from '../../app/api/http';
import { streamSse } from '../../lib/sse/sse-client';

interface PreviewTurn {
  question: string;
  answer: string;
  done: boolean;
}

export interface PreviewChatProps {
  /** the personal agent's owner's preview endpoints, or an administrator's */
  via: keyof typeof PreviewConversationRoutes;
  configStateId: string;
  /** saves the draft first; false stops the question */
  beforeAsk?: () => Promise<boolean>;
  disabled?: boolean;
}

export function PreviewChat({ via, configStateId, beforeAsk, disabled }: PreviewChatProps) {
  const { t } = useTranslation();
  const [turns, setTurns] = useState<PreviewTurn[]>([]);
  const [question, setQuestion] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = useRef<{ conversationId: string; segmentId: string } | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const ask = async () => {
    const q = question.trim();
    if (!q || busy) return;
    setBusy(true);
    setError(null);
    try {
      if (beforeAsk && !(await beforeAsk())) return;
      setQuestion('');
      setTurns((all) => [...all, { question: q, answer: '', done: false }]);
      const append = (text: string) => setTurns((all) => all.map((turn, i) => (i === all.length - 1 ? { ...turn, answer: turn.answer + text } : turn)));
      const previous = ids.current;
      const controller = new AbortController();
      abort.current = controller;
      const outcome = await streamSse(http(), {
        url: previous
          ? pathTo(PreviewConversationRoutes[via].segments, { configStateId, conversationId: previous.conversationId })
          : pathTo(PreviewConversationRoutes[via].conversations, { configStateId }),
        body: previous
          ? ({ question: q, parentId: previous.segmentId } satisfies FollowUpRequest)
          : ({
              question: q,
              visionImageIds: [],
              attachmentIds: [],
              session: { sessionIdentifier: crypto.randomUUID() },
              segmentTraceLogLevel: 'NonPersisted',
            } satisfies NewConversationRequest),
        signal: controller.signal,
        onEvent: (e) => {
          if (e.event === 'conversation-and-segment-id') {
            const parsed = JSON.parse(e.data) as { ConversationId: string; ConversationSegmentId: string };
            ids.current = { conversationId: parsed.ConversationId, segmentId: parsed.ConversationSegmentId };
          } else if (e.event === 'response-updated') append(e.data);
          else if (e.event === 'error' || e.event === 'internal-server-error') setError(t('agentConfig.previewFailed', { message: e.data }));
        },
      });
      if (outcome.kind === 'failed') {
        const body = 'data' in outcome.error ? (outcome.error.data as { message?: string } | undefined) : undefined;
        setError(t('agentConfig.previewFailed', { message: body?.message ?? String(outcome.error.status) }));
      }
      setTurns((all) => all.map((turn, i) => (i === all.length - 1 ? { ...turn, done: true } : turn)));
    } finally {
      setBusy(false);
      abort.current = null;
    }
  };

  // the server keeps an answer going for a while after its client left (to be read back): the stop call ends it now
  const stop = () => {
    abort.current?.abort();
    const answer = ids.current;
    if (answer) void http().request({ url: pathTo(ConversationRoutes.stopSegment, answer), method: 'POST' });
  };

  const reset = () => {
    abort.current?.abort();
    ids.current = null;
    setTurns([]);
    setError(null);
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5, minHeight: 320 }}
      aria-label={t('agentConfig.preview')}
      role="region"
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2">
          {t('agentConfig.preview')}
        </Typography>
        <Button size="small" onClick={reset} disabled={turns.length === 0}>
          {t('agentConfig.previewReset')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('agentConfig.previewHint')}
      </Typography>
      <Box
        sx={{ flexGrow: 1, overflowY: 'auto', maxHeight: 420, display: 'flex', flexDirection: 'column', gap: 1.5 }}
        aria-live="polite"
        data-testid="preview-transcript"
      >
        {turns.length === 0 && (
          <Typography color="text.secondary" sx={{ m: 'auto' }}>
            {t('agentConfig.previewEmpty')}
          </Typography>
        )}
        {turns.map((turn, i) => (
          <Stack key={i} spacing={0.5}>
            <Typography variant="caption" color="text.secondary">
              {t('agentConfig.you')}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap', bgcolor: 'action.hover', p: 1, borderRadius: 1 }}>{turn.question}</Typography>
            <Typography variant="caption" color="text.secondary">
              {t('agentConfig.agent')}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap' }} data-testid="preview-answer">
              {turn.answer || (turn.done ? '' : '…')}
            </Typography>
          </Stack>
        ))}
      </Box>
      {error && <Alert severity="error">{error}</Alert>}
      <Stack
        direction="row"
        spacing={1}
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          void ask();
        }}
      >
        <TextField
          size="small"
          fullWidth
          label={t('agentConfig.previewAsk')}
          value={question}
          onChange={(e) => setQuestion(e.target.value)}
          disabled={disabled}
        />
        {busy ? (
          <Button onClick={stop}>{t('agentConfig.previewStop')}</Button>
        ) : (
          <Button type="submit" variant="contained" disabled={disabled || question.trim() === ''}>
            {t('agentConfig.previewSend')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
