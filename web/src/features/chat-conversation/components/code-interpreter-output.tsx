// docs/product.md §4: code-interpreter-updated events append to the code output of the answer being streamed; the
// panel shows it as it grows (monospace, scrolled to its end) and says when the code has stopped running. An answer's
// output kept with it (Segment.codeInterpreterOutput, after a reload) shows collapsed, opened by its title.
import Terminal from '@mui/icons-material/Terminal';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';

export function CodeInterpreterOutput({ text, updating, collapsed = false }: { text: string; updating: boolean; collapsed?: boolean }) {
  const { t } = useTranslation();
  const end = useRef<HTMLDivElement>(null);
  // a block body, not an arrow's value: Chromium 156's scrollIntoView returns a promise, which React took for the
  // effect's cleanup and called when the text grew or the panel moved under the saved answer ("is not a function"),
  // and the page showed its error screen instead of the conversation. A saved output does not pull the page to it.
  useEffect(() => {
    if (!collapsed) end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [text, collapsed]);
  if (!text) return null;
  const title = (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Terminal fontSize="small" />
      <Typography variant="caption" sx={{ fontWeight: 600 }}>
        {updating ? t('conversation.codeRunning') : t('conversation.codeOutput')}
      </Typography>
    </Stack>
  );
  const output = (
    <Box
      component="pre"
      sx={{ m: 0, p: 1.5, maxHeight: 240, overflow: 'auto', fontFamily: 'monospace', fontSize: 13, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
    >
      {text}
      <div ref={end} />
    </Box>
  );
  const bar = { px: 1.5, py: 0.75, bgcolor: 'action.hover' };
  return (
    <Paper variant="outlined" component="section" aria-label={t('conversation.codeOutput')} sx={{ overflow: 'hidden' }}>
      {collapsed ? (
        // the browser's own disclosure: a keyboard and screen reader toggle without a script of ours
        <details>
          <Box component="summary" sx={{ ...bar, cursor: 'pointer', '& > div': { display: 'inline-flex', verticalAlign: 'middle', ml: 0.5 } }}>
            {title}
          </Box>
          {output}
        </details>
      ) : (
        <>
          <Box sx={bar}>{title}</Box>
          {updating && <LinearProgress sx={{ height: 2 }} />}
          {output}
        </>
      )}
    </Paper>
  );
}
