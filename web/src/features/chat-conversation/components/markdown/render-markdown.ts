// Markdown to sanitised HTML (marked + DOMPurify). Code blocks come out as their own parts so that
// React renders them with a copy button and lazy highlighting. Model output never reaches the DOM
// unsanitised: raw HTML in an answer loses scripts, event handlers and javascript: links.
import DOMPurify from 'dompurify';
import { Lexer, Parser, type Token } from 'marked';

export type MarkdownPart = { kind: 'html'; html: string } | { kind: 'code'; lang: string; code: string };

let hooked = false;

export function sanitizeHtml(html: string): string {
  if (!hooked) {
    hooked = true;
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
  }
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button'] });
}

export function renderMarkdown(text: string): MarkdownPart[] {
  const tokens = Lexer.lex(text, { gfm: true });
  const parts: MarkdownPart[] = [];
  let pending: Token[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const html = sanitizeHtml(Parser.parse(pending, { gfm: true }));
    if (html.trim()) parts.push({ kind: 'html', html });
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
