// docs/product.md §2: every route change scrolls to the top and shows the progress bar (nprogress): a 3 px bar in
// the brand's primary colour that creeps towards the end while a page loads, then fills and fades. A navigation
// that is no change of page (a new conversation getting its address) says so with the state `{ samePage: true }`.
import GlobalStyles from '@mui/material/GlobalStyles';
import NProgress from 'nprogress';
import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

NProgress.configure({ showSpinner: false, minimum: 0.15, trickleSpeed: 120, speed: 200 });

/** How long a route change shows the bar when the page is already there. */
const RouteChangeMs = 250;

export function RouteProgress() {
  const { pathname, state } = useLocation();
  const samePage = (state as { samePage?: boolean } | null)?.samePage === true;
  useLayoutEffect(() => {
    if (samePage) return;
    window.scrollTo(0, 0);
    NProgress.start();
    const timer = window.setTimeout(() => NProgress.done(), RouteChangeMs);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per address: `samePage` belongs to it
  }, [pathname]);
  return (
    <GlobalStyles
      styles={(theme) => ({
        // nprogress's own stylesheet, in the brand's colour
        '#nprogress': { pointerEvents: 'none' },
        '#nprogress .bar': {
          position: 'fixed',
          top: 0,
          left: 0,
          width: '100%',
          height: 3,
          zIndex: theme.zIndex.tooltip + 1,
          background: theme.palette.primary.main,
        },
        '#nprogress .peg': {
          display: 'block',
          position: 'absolute',
          right: 0,
          width: 100,
          height: '100%',
          boxShadow: `0 0 10px ${theme.palette.primary.main}, 0 0 5px ${theme.palette.primary.main}`,
          opacity: 1,
          transform: 'rotate(3deg) translate(0px, -4px)',
        },
      })}
    />
  );
}

/** Suspense fallback while a lazily loaded page arrives: the bar keeps going until it is there. */
export function PageLoading() {
  useEffect(() => {
    NProgress.start();
    return () => void NProgress.done();
  }, []);
  return null;
}
