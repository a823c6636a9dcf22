// docs/product.md §4: code-interpreter-updated events append to the code output of the answer being streamed; the
// panel shows it as it grows (monospace, scrolled to its end) and says when the code has stopped running.
import Terminal from '@mui/icons-material/Terminal';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';

export function CodeInterpreterOutput({ text, updating }: { text: string; updating: boolean }) {
  const { t } = useTranslation();
  const end = useRef<HTMLDivElement>(null);
  // a block body, not an arrow's value: Chromium 156's scrollIntoView returns a promise, which React took for the
  // effect's cleanup and called when the text grew or the panel moved under the saved answer ("is not a function"),
  // and the page showed its error screen instead of the conversation
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [text]);
  if (!text) return null;
  return (
    <Paper variant="outlined" component="section" aria-label={t('conversation.codeOutput')} sx={{ overflow: 'hidden' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 1.5, py: 0.75, bgcolor: 'action.hover' }}>
        <Terminal fontSize="small" />
        <Typography variant="caption" sx={{ fontWeight: 600 }}>
          {updating ? t('conversation.codeRunning') : t('conversation.codeOutput')}
        </Typography>
      </Stack>
      {updating && <LinearProgress sx={{ height: 2 }} />}
      <Box
        component="pre"
        sx={{ m: 0, p: 1.5, maxHeight: 240, overflow: 'auto', fontFamily: 'monospace', fontSize: 13, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
      >
        {text}
        <div ref={end} />
      </Box>
    </Paper>
  );
}
