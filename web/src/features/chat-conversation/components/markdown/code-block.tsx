// A fenced code block: its language, a copy button, and highlighting once the highlighter has loaded.
import ContentCopy from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '../../../../components/tooltip';
import Typography from '@mui/material/Typography';
import { memo, useEffect, useState } from 'react';
import { useTranslation } from '../../../../app/i18n/i18n';
import { copyText } from '../../utils/copy-text';

type Highlighter = (code: string, lang: string) => string | null;
let highlighter: Promise<Highlighter> | null = null;
const loadHighlighter = () => (highlighter ??= import('./highlight').then((m) => m.highlight));

export const CodeBlock = memo(function CodeBlock({ lang, code }: { lang: string; code: string }) {
  const { t } = useTranslation();
  const [highlighted, setHighlighted] = useState<{ code: string; html: string | null } | null>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!lang) return;
    let live = true;
    void loadHighlighter().then((highlight) => live && setHighlighted({ code, html: highlight(code, lang) }));
    return () => {
      live = false;
    };
  }, [code, lang]);

  const copy = async () => {
    if (await copyText(code)) {
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    }
  };
  const html = highlighted?.code === code ? highlighted.html : null;

  return (
    <Box className="code-block" sx={{ my: 1.5, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider', bgcolor: 'grey.50' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 1.5, py: 0.25, bgcolor: 'action.hover' }}>
        <Typography variant="caption" sx={{ flexGrow: 1, fontFamily: 'monospace', color: 'text.secondary' }}>
          {lang || t('conversation.code')}
        </Typography>
        <Tooltip title={copied ? t('conversation.copied') : t('conversation.copyCode')}>
          <IconButton size="small" aria-label={t('conversation.copyCode')} onClick={() => void copy()}>
            <ContentCopy fontSize="inherit" />
          </IconButton>
        </Tooltip>
      </Box>
      <Box component="pre" sx={{ m: 0, p: 1.5, overflowX: 'auto', fontSize: 13, lineHeight: 1.5 }}>
        {html !== null ? <code className={`hljs language-${lang}`} dangerouslySetInnerHTML={{ __html: html }} /> : <code>{code}</code>}
      </Box>
    </Box>
  );
});
