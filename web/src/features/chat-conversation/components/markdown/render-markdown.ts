// Markdown to sanitised HTML (marked + DOMPurify), with math and with only the images the agent created
// on this server (sanitize.ts). Code blocks come out as their own parts
// so that React renders them with a copy button and lazy highlighting. This module is loaded on
// demand (markdown-loader.ts): the chat route's first screen does not wait for it.
import { Marked, type Token } from 'marked';
import { citationMarkers } from '../citation-markers';
import { mathExtension, type TexRenderer } from './math-extension';
import { sanitizeHtml } from './sanitize';

export { sanitizeHtml };

/** `math`: the part holds math, typeset or (while KaTeX loads) shown as source */
export type MarkdownPart = { kind: 'html'; html: string; math: boolean } | { kind: 'code'; lang: string; code: string };

// The extension asks for the renderer of the call in progress; parsing is synchronous, so one slot does.
let currentTex: TexRenderer | null = null;
let sawMath = false;
const marked = new Marked(
  { gfm: true },
  mathExtension(
    () => currentTex,
    () => {
      sawMath = true;
    },
  ),
  citationMarkers,
);

export function renderMarkdown(text: string, tex: TexRenderer | null = null): MarkdownPart[] {
  const tokens = marked.lexer(text);
  const parts: MarkdownPart[] = [];
  let pending: Token[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    currentTex = tex;
    sawMath = false;
    let html: string;
    try {
      html = marked.parser(pending);
    } finally {
      currentTex = null;
    }
    const math = sawMath;
    html = sanitizeHtml(html, { math, onlyGeneratedImages: true });
    if (html.trim()) parts.push({ kind: 'html', html, math });
    pending = [];
  };
  for (const token of tokens) {
    if (token.type === 'code') {
      flush();
      parts.push({ kind: 'code', lang: ((token as { lang?: string }).lang ?? '').split(/\s/)[0] ?? '', code: (token as { text: string }).text });
    } else {
      pending.push(token);
    }
  }
  flush();
  return parts;
}
