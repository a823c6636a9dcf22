// Where a tour step points, found in the page as the person sees it, and bringing it into view without
// moving what need not move (docs/product.md §8: a target that is not on the screen is passed over).
//
// react-joyride scrolls for a step itself, but for a target inside a scrolling list (the sidebar's
// conversations) it first centres the list in the page, which shifted the whole page by the little it
// could scroll, then left the list where it had scrolled it. The steps skip the library's scrolling
// (skipScroll) and use reveal() here instead: each scrolling box, the list and then the page, moves only
// when the target is not wholly inside it, and the lists go back where they were when the step ends.

/** Whether the person can see `el` now: laid out, not hidden, and not off the side of the window (a closed drawer). */
export function isShown(el: Element): boolean {
  const rect = el.getBoundingClientRect();
  if (rect.width === 0 || rect.height === 0) return false;
  if (rect.right <= 0 || rect.left >= window.innerWidth) return false;
  if (typeof el.checkVisibility === 'function') return el.checkVisibility({ visibilityProperty: true });
  for (let e: Element | null = el; e; e = e.parentElement) {
    const style = getComputedStyle(e);
    if (style.display === 'none' || style.visibility === 'hidden') return false;
  }
  return true;
}

/** The boxes between `el` and the page that scroll (innermost first), the page itself not included. */
function scrollingBoxes(el: Element): HTMLElement[] {
  const boxes: HTMLElement[] = [];
  for (let p = el.parentElement; p && p !== document.body && p !== document.documentElement; p = p.parentElement) {
    const { overflowY } = getComputedStyle(p);
    if ((overflowY === 'auto' || overflowY === 'scroll') && p.scrollHeight > p.clientHeight) boxes.push(p);
  }
  return boxes;
}

interface Span {
  top: number;
  bottom: number;
}

/**
 * How far `box` must scroll for `target` to lie wholly inside it: 0 when it does, else the least distance
 * that leaves `margin` (the spotlight's padding) between them where the box has room for it.
 */
export function scrollNeeded(target: Span, box: Span, margin = 0): number {
  if (target.top >= box.top && target.bottom <= box.bottom) return 0;
  const room = Math.max(0, Math.min(margin, (box.bottom - box.top - (target.bottom - target.top)) / 2));
  box = { top: box.top + room, bottom: box.bottom - room };
  // taller than the box: its top edge first
  if (target.top < box.top || target.bottom - target.top > box.bottom - box.top) return target.top - box.top;
  return target.bottom - box.bottom;
}

/** The part of the window the page's content shows in: below a sticky or fixed header, unless `el` is in it. */
function pageSpan(el: Element): Span {
  const header = document.querySelector('header');
  const covered = header && !header.contains(el) && ['sticky', 'fixed'].includes(getComputedStyle(header).position);
  return { top: covered ? Math.max(0, header.getBoundingClientRect().bottom) : 0, bottom: window.innerHeight };
}

function inFixedBox(el: Element): boolean {
  for (let e: Element | null = el; e && e !== document.body; e = e.parentElement) {
    const { position } = getComputedStyle(e);
    if (position === 'fixed' || position === 'sticky') return true;
  }
  return false;
}

function wholeInView(el: Element): boolean {
  const rect = el.getBoundingClientRect();
  return scrollingBoxes(el).every((box) => scrollNeeded(rect, box.getBoundingClientRect()) === 0) && scrollNeeded(rect, pageSpan(el)) === 0;
}

/**
 * The element a step points at: the one match shown, or among several (the options buttons of the
 * conversation rows) the current conversation's (its row holds the link marked aria-current), else the
 * first wholly in view, else the first shown. Null when none is shown.
 */
export function pickTarget(selector: string): HTMLElement | null {
  const shown = Array.from(document.querySelectorAll<HTMLElement>(selector)).filter(isShown);
  if (shown.length <= 1) return shown[0] ?? null;
  const current = shown.find((el) => el.parentElement?.querySelector(':scope > [aria-current="page"]'));
  return current ?? shown.find(wholeInView) ?? shown[0]!;
}

const prefersReducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Scrolls `box` to `top` over `durationMs` (eased), or at once. */
function scrollBoxTo(box: HTMLElement, top: number, durationMs: number): Promise<void> {
  const from = box.scrollTop;
  if (durationMs <= 0 || prefersReducedMotion() || Math.abs(top - from) < 1) {
    box.scrollTop = top;
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const start = performance.now();
    const frame = (now: number) => {
      const p = Math.min(1, (now - start) / durationMs);
      const eased = p < 0.5 ? 2 * p * p : 1 - (-2 * p + 2) ** 2 / 2;
      box.scrollTop = from + (top - from) * eased;
      if (p < 1) requestAnimationFrame(frame);
      else resolve();
    };
    requestAnimationFrame(frame);
  });
}

/**
 * Brings `el` wholly into view: each scrolling box around it (innermost first), then the page, scrolls
 * the least it must (leaving `margin` where it scrolls), and not at all when the target is already in view. Resolves with a function that
 * puts the boxes (not the page) back where they were.
 */
export async function reveal(el: HTMLElement, durationMs: number, margin: number): Promise<() => void> {
  const moved: { box: HTMLElement; top: number }[] = [];
  for (const box of scrollingBoxes(el)) {
    const delta = scrollNeeded(el.getBoundingClientRect(), box.getBoundingClientRect(), margin);
    if (delta === 0) continue;
    moved.push({ box, top: box.scrollTop });
    await scrollBoxTo(box, box.scrollTop + delta, durationMs);
  }
  // the page's scrolling moves nothing fixed (the sidebar, the header)
  const page = document.scrollingElement as HTMLElement | null;
  const delta = scrollNeeded(el.getBoundingClientRect(), pageSpan(el), margin);
  if (page && delta !== 0 && !inFixedBox(el)) await scrollBoxTo(page, page.scrollTop + delta, durationMs);
  return () => {
    for (const { box, top } of moved.reverse()) box.scrollTop = top;
  };
}
