// Model output and agent introductions never reach the DOM unsanitised: raw HTML loses scripts,
// event handlers and javascript: links; links open in a new tab. Typeset math (KaTeX's HTML, MathML
// and SVG) passes through DOMPurify's MathML and SVG profiles, which know those elements. Markdown
// shows only the images the agent created on this server (generated-image-link): any other image
// address in an answer, which a prompt injection could use to send the conversation elsewhere, is
// replaced by its alt text.
import DOMPurify from 'dompurify';
import { GeneratedImagePathPrefix } from '@atrium/contract';

let hooked = false;
/** set for the duration of one sanitize call (synchronous, so one flag serves) */
let onlyGeneratedImages = false;

/** Same origin, under /api/internal/generatedImages/, no query or fragment. */
export function isGeneratedImageSource(src: string | null): boolean {
  if (!src) return false;
  try {
    const url = new URL(src, window.location.href);
    return url.origin === window.location.origin && url.pathname.startsWith(GeneratedImagePathPrefix) && url.search === '' && url.hash === '';
  } catch {
    return false;
  }
}

function hook(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('uponSanitizeElement', (node, data) => {
    if (!onlyGeneratedImages || data.tagName !== 'img' || !(node instanceof Element)) return;
    if (isGeneratedImageSource(node.getAttribute('src'))) return;
    node.replaceWith(node.ownerDocument.createTextNode(node.getAttribute('alt') ?? ''));
  });
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
    if (onlyGeneratedImages && node.tagName === 'IMG') {
      node.setAttribute('class', 'generated-image');
      node.setAttribute('loading', 'lazy');
      node.setAttribute('decoding', 'async');
      // the title shows on hover too; the alt text is what screen readers announce
      const alt = node.getAttribute('alt');
      if (alt) node.setAttribute('title', alt);
    }
  });
}

export function sanitizeHtml(html: string, options: { math?: boolean; onlyGeneratedImages?: boolean } = {}): string {
  hook();
  onlyGeneratedImages = options.onlyGeneratedImages ?? false;
  try {
    return DOMPurify.sanitize(html, {
      USE_PROFILES: options.math ? { html: true, mathMl: true, svg: true } : { html: true },
      // with images restricted, nothing else may load a picture or media either (srcset would outrank an allowed src)
      FORBID_TAGS: ['style', 'form', 'input', 'button', ...(onlyGeneratedImages ? ['picture', 'source', 'video', 'audio', 'track', 'image'] : [])],
      ...(onlyGeneratedImages ? { FORBID_ATTR: ['srcset', 'poster', 'background'] } : {}),
    });
  } finally {
    onlyGeneratedImages = false;
  }
}
