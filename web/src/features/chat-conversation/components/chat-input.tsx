// The message box: Enter sends, Shift+Enter adds a line, Escape stops a running answer (issue item 6).
// Until the agent's details have loaded (ready false) the box takes typing, and a question sent in
// that moment waits and goes as soon as they are there, rather than being dropped.
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import StopRounded from '@mui/icons-material/StopRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { UserPromptSlot } from '../../../app/slots/user-prompt-slot';
import { useUploads } from '../hooks/use-uploads';
import { useFileDrop } from '../hooks/use-file-drop';
import { AttachmentChips } from './attachment-chips';
import { UploadButton } from './upload-button';

interface ChatInputProps {
  agentName: string;
  streaming: boolean;
  /** the agent's details have loaded; until then uploads and prompts are off and a sent question waits */
  ready?: boolean;
  /** may resolve false when the question was not sent after all (guidelines consent cancelled) */
  onSend: (question: string) => unknown;
  onStop: () => void;
}

export function ChatInput({ agentName, streaming, ready = true, onSend, onStop }: ChatInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const waiting = useRef(false);
  const uploads = useUploads();
  const drop = useFileDrop(uploads.addFiles);
  const canSend = !streaming && ready && text.trim() !== '' && !uploads.uploading;

  const send = () => {
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
      <Paper
        data-tour="chat-input-bar"
        variant="outlined"
        {...drop.handlers}
        sx={{
          borderRadius: 3,
          '&:focus-within': { borderColor: 'primary.main' },
          ...(drop.over ? { borderColor: 'primary.main', borderStyle: 'dashed', bgcolor: 'action.hover' } : {}),
        }}
      >
        <AttachmentChips uploads={uploads.uploads} onRemove={uploads.remove} />
        <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 1, px: 1, py: 1 }}>
          <UploadButton visionEnabled={uploads.visionEnabled} disabled={!ready} onFiles={uploads.addFiles} />
          <UserPromptSlot text={text} disabled={!ready} onInsert={setText} />
          <InputBase
            multiline
            maxRows={10}
            autoFocus
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            onPaste={drop.onPaste}
            placeholder={t('conversation.placeholder', { name: agentName })}
            inputProps={{ 'aria-label': t('conversation.message'), 'data-tour': 'chat-message-input' }}
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
      <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' }, textAlign: 'center', mt: 0.5 }}>
        {t('conversation.inputHint')}
      </Typography>
    </Box>
  );
}
