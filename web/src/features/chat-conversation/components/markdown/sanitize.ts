// Model output and agent introductions never reach the DOM unsanitised: raw HTML loses scripts,
// event handlers and javascript: links; links open in a new tab. Typeset math (KaTeX's HTML, MathML
// and SVG) passes through DOMPurify's MathML and SVG profiles, which know those elements.
import DOMPurify from 'dompurify';

let hooked = false;

function hook(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

export function sanitizeHtml(html: string, options: { math?: boolean } = {}): string {
  hook();
  return DOMPurify.sanitize(html, {
    USE_PROFILES: options.math ? { html: true, mathMl: true, svg: true } : { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button'],
  });
}
