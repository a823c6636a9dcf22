// The message box: Enter sends, Shift+Enter adds a line, Escape stops a running answer (issue item 6).
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import StopRounded from '@mui/icons-material/StopRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UserPromptSlot } from '../../../app/slots/user-prompt-slot';

interface ChatInputProps {
  agentName: string;
  streaming: boolean;
  disabled?: boolean;
  onSend: (question: string) => void;
  onStop: () => void;
}

export function ChatInput({ agentName, streaming, disabled = false, onSend, onStop }: ChatInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const canSend = !streaming && !disabled && text.trim() !== '';

  const send = () => {
    if (!canSend) return;
    onSend(text.trim());
    setText('');
  };
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
      <Paper data-tour="chat-input-bar" variant="outlined" sx={{ display: 'flex', alignItems: 'flex-end', gap: 1, pl: 1, pr: 1, py: 1, borderRadius: 3, '&:focus-within': { borderColor: 'primary.main' } }}>
        <UserPromptSlot text={text} disabled={disabled} onInsert={setText} />
        <InputBase
          multiline
          maxRows={10}
          autoFocus
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
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
                sx={{ bgcolor: canSend ? 'primary.main' : 'action.disabledBackground', color: 'primary.contrastText', '&:hover': { bgcolor: 'primary.dark' } }}
              >
                <ArrowUpward />
              </IconButton>
            </span>
          </Tooltip>
        )}
      </Paper>
      <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' }, textAlign: 'center', mt: 0.5 }}>
        {t('conversation.inputHint')}
      </Typography>
    </Box>
  );
}
