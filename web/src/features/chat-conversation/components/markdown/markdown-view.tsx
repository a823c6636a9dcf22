// Renders an answer as markdown. Completed blocks are memoised by their text; while streaming only
// the growing tail is parsed again on each piece. Until the renderer has loaded the text shows as
// is; a block with math is typeset again once KaTeX is there.
import Box from '@mui/material/Box';
import { memo, useMemo, useState } from 'react';
import { CodeBlock } from './code-block';
import { useMarkdownModule, useTexRenderer } from './markdown-loader';
import { mayHaveMath } from './math-extension';
import { createBlockSplitter } from './split-blocks';

type RenderMarkdown = NonNullable<ReturnType<typeof useMarkdownModule>>['renderMarkdown'];

export const MarkdownBlock = memo(function MarkdownBlock({ text, render }: { text: string; render: RenderMarkdown }) {
  // only a block that may hold math depends on KaTeX arriving
  const candidate = mayHaveMath(text);
  const [wantsTex, setWantsTex] = useState(false);
  const tex = useTexRenderer(wantsTex);
  const parts = useMemo(() => render(text, candidate ? tex : null), [render, text, candidate, tex]);
  const hasMath = parts.some((part) => part.kind === 'html' && part.math);
  if (hasMath && !wantsTex) setWantsTex(true);
  return parts.map((part, i) =>
    part.kind === 'code' ? <CodeBlock key={i} lang={part.lang} code={part.code} /> : <div key={i} dangerouslySetInnerHTML={{ __html: part.html }} />,
  );
});

export function MarkdownView({ text }: { text: string }) {
  const md = useMarkdownModule();
  // one splitter per view: it remembers the blocks it already completed
  const [splitter] = useState(createBlockSplitter);
  const { blocks, tail } = useMemo(() => splitter(text), [splitter, text]);
  if (!md) {
    return (
      <Box className="markdown" dir="auto" sx={{ ...markdownSx, whiteSpace: 'pre-wrap' }}>
        {text}
      </Box>
    );
  }
  return (
    // dir="auto": the text's own direction (an English answer in an Arabic page keeps its full stop on the right)
    <Box className="markdown" dir="auto" sx={markdownSx}>
      {blocks.map((block, i) => (
        <MarkdownBlock key={i} text={block} render={md.renderMarkdown} />
      ))}
      {tail.trim() ? <MarkdownBlock key={blocks.length} text={tail} render={md.renderMarkdown} /> : null}
    </Box>
  );
}

const markdownSx = {
  wordBreak: 'break-word',
  '& p': { my: 1 },
  '& p:first-of-type': { mt: 0 },
  '& a': { color: 'primary.main' },
  '& table': { borderCollapse: 'collapse', my: 1.5, display: 'block', overflowX: 'auto' },
  '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5, textAlign: 'left' },
  '& th': { bgcolor: 'action.hover' },
  '& :not(pre) > code': { fontFamily: 'monospace', bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5, fontSize: '0.9em' },
  '& blockquote': { borderLeft: 3, borderColor: 'divider', m: 0, pl: 2, color: 'text.secondary' },
  '& img': { maxWidth: '100%' },
  // created images: at most half a wide column, never wider than the answer on a phone
  '& img.generated-image': { display: 'block', maxWidth: 'min(100%, 512px)', height: 'auto', my: 1.5, borderRadius: 1, border: 1, borderColor: 'divider' },
  '& .math-display': { overflowX: 'auto', overflowY: 'hidden', my: 1 },
  '& .katex-display': { my: 1 },
  '& .hljs-keyword, & .hljs-built_in, & .hljs-selector-tag': { color: '#d73a49' },
  '& .hljs-string, & .hljs-attr': { color: '#032f62' },
  '& .hljs-comment': { color: '#6a737d', fontStyle: 'italic' },
  '& .hljs-number, & .hljs-literal': { color: '#005cc5' },
  '& .hljs-title, & .hljs-function': { color: '#6f42c1' },
} as const;
