// SPEC §2: every route change scrolls to the top and shows the progress bar: a 3 px bar in the brand's
// primary colour that creeps towards the end while a page loads and fills and fades when it is there.
// Driven through the DOM, not React state, so that it costs no render. (It replaced nprogress, whose
// look it keeps, to stay within the chat route's 200 kB budget.)
import GlobalStyles from '@mui/material/GlobalStyles';
import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

const Minimum = 0.15;
const TrickleMs = 120;

let bar: HTMLDivElement | null = null;
let value: number | null = null;
let trickle: number | undefined;
let hiding: number | undefined;

function render(): void {
  if (!bar) {
    bar = document.createElement('div');
    bar.id = 'route-progress';
    bar.setAttribute('aria-hidden', 'true');
    document.body.appendChild(bar);
  }
  bar.style.opacity = value === null ? '0' : '1';
  bar.style.transform = `scaleX(${value ?? 0})`;
}

export const progress = {
  start(): void {
    window.clearTimeout(hiding);
    if (value !== null && value < 1) return;
    value = Minimum;
    render();
    window.clearInterval(trickle);
    // slower the nearer the end, never reaching it on its own
    trickle = window.setInterval(() => {
      if (value !== null && value < 0.994) {
        value += (0.994 - value) * 0.08;
        render();
      }
    }, TrickleMs);
  },
  done(): void {
    if (value === null) return;
    window.clearInterval(trickle);
    value = 1;
    render();
    hiding = window.setTimeout(() => {
      value = null;
      render();
    }, 300);
  },
};

export function RouteProgress() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
    progress.start();
    const timer = window.setTimeout(() => progress.done(), 250);
    return () => window.clearTimeout(timer);
  }, [pathname]);
  return (
    <GlobalStyles
      styles={(theme) => ({
        '#route-progress': {
          position: 'fixed',
          top: 0,
          left: 0,
          width: '100%',
          height: 3,
          zIndex: theme.zIndex.tooltip + 1,
          pointerEvents: 'none',
          background: theme.palette.primary.main,
          boxShadow: `0 0 10px ${theme.palette.primary.main}, 0 0 5px ${theme.palette.primary.main}`,
          transformOrigin: 'left',
          transition: 'transform 200ms ease, opacity 300ms linear',
        },
      })}
    />
  );
}

/** Suspense fallback while a lazily loaded page arrives: the bar keeps going until it is there. */
export function PageLoading() {
  useEffect(() => {
    progress.start();
    return () => progress.done();
  }, []);
  return null;
}
