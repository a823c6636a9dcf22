// Model output and agent introductions never reach the DOM unsanitised: raw HTML loses scripts,
// event handlers and javascript: links; links open in a new tab. Typeset math (KaTeX's HTML, MathML
// and SVG) passes through DOMPurify's MathML and SVG profiles, which know those elements. Markdown
// shows only the images the agent created on this server (generated-image-link): any other image
// address in an answer, which a prompt injection could use to send the conversation elsewhere, is
// replaced by its alt text.
import DOMPurify from 'dompurify';
import { CodeFilePathPattern, GeneratedImagePathPrefix } from '@atrium/contract';

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

/** Same origin, a code interpreter's file download path. */
function isCodeFile(href: string | null): boolean {
  try {
    const url = new URL(href ?? '', window.location.href);
    return url.origin === window.location.origin && CodeFilePathPattern.test(url.pathname);
  } catch {
    return false;
  }
}

/** A click on a code interpreter's file (marked below) downloads it with the person's token, wherever markdown shows it. */
function downloadCodeFile(e: MouseEvent) {
  const link = e.target instanceof Element ? e.target.closest('a[data-code-file]') : null;
  if (!link || e.defaultPrevented) return;
  e.preventDefault();
  void import('./code-file-download').then((m) => m.downloadCodeFile(link.getAttribute('href')!, link.getAttribute('data-code-file')!));
}

function hook(): void {
  if (hooked) return;
  hooked = true;
  document.addEventListener('click', downloadCodeFile);
  DOMPurify.addHook('uponSanitizeElement', (node, data) => {
    if (!onlyGeneratedImages || data.tagName !== 'img' || !(node instanceof Element)) return;
    if (isGeneratedImageSource(node.getAttribute('src'))) return;
    node.replaceWith(node.ownerDocument.createTextNode(node.getAttribute('alt') ?? ''));
  });
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
      // a file the code interpreter made: downloaded with the person's token on click (downloadCodeFile)
      if (isCodeFile(node.getAttribute('href'))) node.setAttribute('data-code-file', node.textContent ?? 'file');
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
