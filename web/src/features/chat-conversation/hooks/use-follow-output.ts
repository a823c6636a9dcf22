// The chat follows the conversation: while the reader is at the end of the page it stays there as the
// answer grows (and as a conversation opens), so the streaming text stays in view above the input; scrolling
// up stops that, and follow() (sending a question, the "Jump to latest" button) brings it back.
//
// Not react-virtuoso's followOutput (the sidebar's list): that follows the items of a Virtuoso list, and the
// conversation is no virtual list: it scrolls the window, under the sticky input, and keeps every answer in
// the page (find in page, copying). Here one ResizeObserver on the conversation notices it growing (at most
// once a frame, after layout, with no layout read per streamed piece), and the window's scroll events say
// whether the reader is at the end.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** Closer to the end than this counts as at the end (a reader nudging the page by a pixel or two still follows). */
const AtEndPx = 32;

const distanceFromEnd = () => document.documentElement.scrollHeight - (window.scrollY + window.innerHeight);

/**
 * `content` is the element that grows as the conversation does. When `key` (the conversation's id) changes
 * the chat follows again from the end, unless `keepPosition`: a new conversation getting its address after
 * its first answer is the same page, and a reader who scrolled up in it stays where they were.
 */
export function useFollowOutput(content: RefObject<HTMLElement | null>, key: string | null, keepPosition: boolean) {
  const following = useRef(true);
  /** whether the chat followed when `key` changed */
  const before = useRef({ following: true, keepPosition: false });
  const [awayFromEnd, setAwayFromEnd] = useState(false);
  /** where the last scroll of ours put the window */
  const ownY = useRef(0);
  /** where the window was at the last scroll (the reader's or ours) */
  const lastY = useRef(0);
  const toEnd = useCallback(() => {
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
    ownY.current = lastY.current = window.scrollY;
  }, []);

  /**
   * Whether the window is above where we last put it, by more than a rounding pixel, without being at the very
   * end: the reader scrolled up (any distance: a smooth wheel scroll starts with a few pixels). A page that
   * shrank below our scroll leaves the window clamped at its end instead, which is no leaving.
   */
  const readerLeft = useCallback(() => window.scrollY < ownY.current - 1 && distanceFromEnd() > 1, []);

  const follow = useCallback(() => {
    following.current = true;
    setAwayFromEnd(false);
    toEnd();
  }, [toEnd]);

  useEffect(() => {
    const onScroll = () => {
      const y = window.scrollY;
      if (readerLeft()) following.current = false;
      else if (distanceFromEnd() <= AtEndPx && (following.current || y > lastY.current)) {
        // Scrolled down to the end (or nudged by a pixel or two): follow again, from where the reader put the
        // window. Not a page that shrank under a reader who had left (the browser moving the window up to its
        // new end): that reader is still reading what they scrolled to.
        following.current = true;
        ownY.current = Math.min(ownY.current, y);
      }
      // otherwise the answer grew below our last scroll before this (a frame late) event: still following
      lastY.current = y;
      setAwayFromEnd(!following.current && distanceFromEnd() > AtEndPx);
    };
    // A wheel turned up is the reader leaving, known before the scroll it causes (whose event may come after
    // the page has changed under it).
    // (Not one over a dialog or drawer, such as an answer's details: the page behind it does not move.)
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY < 0 && !(event.target instanceof Element && event.target.closest('[role="dialog"], [role="presentation"]'))) following.current = false;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('wheel', onWheel, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('wheel', onWheel);
    };
  }, [readerLeft]);

  useEffect(() => {
    const el = content.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      // A wheel scrolls the window before its scroll event reaches us: checked here too, so that the page
      // growing in the same frame does not scroll the reader back (which would also cancel the rest of a
      // smooth wheel scroll, whose first frame may move the window only a few pixels).
      if (following.current && readerLeft()) following.current = false;
      if (following.current) toEnd();
      else setAwayFromEnd(distanceFromEnd() > AtEndPx);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [content, toEnd, readerLeft]);

  // The layout effect notes whether the chat was following when `key` changed, before anything of the new
  // address can scroll; the passive one acts on it.
  useLayoutEffect(() => {
    before.current = { following: following.current, keepPosition };
  }, [key, keepPosition]);
  useEffect(() => {
    // The same page under its new address (the route change left the window alone): a reader who has left the
    // end, before or since (a wheel between the two effects), stays where they are.
    if (before.current.keepPosition && !(before.current.following && following.current)) {
      following.current = false;
      lastY.current = window.scrollY;
      setAwayFromEnd(distanceFromEnd() > AtEndPx);
    } else follow();
  }, [key, follow]);

  return { follow, awayFromEnd };
}
