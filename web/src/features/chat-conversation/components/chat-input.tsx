// The message box: Enter sends, Shift+Enter adds a line, Escape stops a running answer (issue item 6).
// Until the agent's details have loaded (ready false) the box takes typing, and a question sent in
// that moment waits and goes as soon as they are there, rather than being dropped. A conversation nothing can be
// sent to (its agent can no longer answer) keeps the box closed, with the reason above it.
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import StopRounded from '@mui/icons-material/StopRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import Tooltip from '../../../components/tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { UserPromptSlot } from '../../../app/slots/user-prompt-slot';
import { useUploads } from '../hooks/use-uploads';
import { useFileDrop } from '../hooks/use-file-drop';
import { AttachmentChips } from './attachment-chips';
import { UploadButton } from './upload-button';
import '../chat-notices-texts';

interface ChatInputProps {
  agentName: string;
  streaming: boolean;
  /** the agent's details have loaded; until then uploads and prompts are off and a sent question waits */
  ready?: boolean;
  /** may resolve false when the question was not sent after all (guidelines consent cancelled) */
  onSend: (question: string) => unknown;
  onStop: () => void;
  /** why nothing can be sent here; the box is closed while it is set */
  blocked?: string | null;
  /** floats just above the box (the jump to the latest answer) */
  above?: ReactNode;
  /** the longest question the agent takes (a public endpoint's limit): longer text cannot be typed, and the count shows near it */
  maxLength?: number;
  /** uploads and saved prompts (false for visitors of a public endpoint, who have neither) */
  tools?: boolean;
}

export function ChatInput({ agentName, streaming, ready = true, onSend, onStop, blocked = null, above, maxLength, tools = true }: ChatInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const waiting = useRef(false);
  const uploads = useUploads();
  const drop = useFileDrop(uploads.addFiles);
  const closed = blocked !== null;
  const canSend = !closed && !streaming && ready && text.trim() !== '' && !uploads.uploading;

  const send = () => {
    if (closed) return;
    if (!ready && !streaming && text.trim() !== '') {
      waiting.current = true;
      return;
    }
    if (!canSend) return;
    const question = text.trim();
    const sent = onSend(question);
    setText('');
    // a question that did not go comes back into the box, unless something new was typed meanwhile
    if (sent instanceof Promise) void sent.then((ok) => ok === false && setText((current) => (current === '' ? question : current)));
  };
  // the question sent before the agent was ready goes now, unless it was emptied meanwhile
  useEffect(() => {
    if (!waiting.current || !ready) return;
    waiting.current = false;
    send();
  }, [ready]); // eslint-disable-line react-hooks/exhaustive-deps
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    } else if (e.key === 'Escape' && streaming) {
      e.preventDefault();
      onStop();
    }
  };

  return (
    <Box sx={{ position: 'sticky', bottom: 0, pt: 1, pb: { xs: 1, md: 2 }, bgcolor: 'background.default', zIndex: 1 }}>
      {above}
      {closed && (
        <Alert severity="warning" variant="outlined" role="status" sx={{ mb: 1, bgcolor: 'background.paper' }}>
          {blocked}
        </Alert>
      )}
      <Paper
        data-tour="chat-input-bar"
        variant="outlined"
        {...(closed || !tools ? {} : drop.handlers)}
        sx={{
          borderRadius: 3,
          '&:focus-within': { borderColor: 'primary.main' },
          ...(drop.over ? { borderColor: 'primary.main', borderStyle: 'dashed', bgcolor: 'action.hover' } : {}),
        }}
      >
        {tools && <AttachmentChips uploads={uploads.uploads} onRemove={uploads.remove} />}
        <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 1, px: 1, py: 1, ...(tools ? {} : { pl: 2 }) }}>
          {tools && (
            <>
              <UploadButton visionEnabled={uploads.visionEnabled} disabled={!ready || closed} onFiles={uploads.addFiles} />
              <UserPromptSlot text={text} disabled={!ready || closed} onInsert={setText} />
            </>
          )}
          <InputBase
            multiline
            maxRows={10}
            autoFocus
            disabled={closed}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            onPaste={tools ? drop.onPaste : undefined}
            placeholder={closed ? t('chatNotices.cannotSend') : t('conversation.placeholder', { name: agentName })}
            inputProps={{ 'aria-label': t('conversation.message'), 'data-tour': 'chat-message-input', maxLength }}
            sx={{ flexGrow: 1, py: 0.75 }}
          />
          {streaming ? (
            <Tooltip title={t('conversation.stop')}>
              <IconButton aria-label={t('conversation.stop')} onClick={onStop} color="primary" sx={{ bgcolor: 'action.selected' }}>
                <StopRounded />
              </IconButton>
            </Tooltip>
          ) : (
            <Tooltip title={t('conversation.send')}>
              <span>
                <IconButton
                  aria-label={t('conversation.send')}
                  onClick={send}
                  disabled={!canSend}
                  sx={{
                    bgcolor: canSend ? 'primary.main' : 'action.disabledBackground',
                    color: 'primary.contrastText',
                    '&:hover': { bgcolor: 'primary.dark' },
                  }}
                >
                  <ArrowUpward />
                </IconButton>
              </span>
            </Tooltip>
          )}
        </Box>
      </Paper>
      {!closed && maxLength !== undefined && text.length >= maxLength * 0.8 && (
        <Typography
          variant="caption"
          color={text.length >= maxLength ? 'error' : 'text.secondary'}
          role="status"
          sx={{ display: 'block', textAlign: 'end', mt: 0.5 }}
        >
          {t('conversation.length', { used: text.length.toLocaleString(), max: maxLength.toLocaleString() })}
        </Typography>
      )}
      {!closed && (
        <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' }, textAlign: 'center', mt: 0.5 }}>
          {t('conversation.inputHint')}
        </Typography>
      )}
    </Box>
  );
}
