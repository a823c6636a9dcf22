// SPEC §2: every route change scrolls to the top and shows the progress bar.
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import GlobalStyles from '@mui/material/GlobalStyles';
import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

NProgress.configure({ showSpinner: false, trickleSpeed: 120, minimum: 0.15 });

export function RouteProgress() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
    NProgress.start();
    const timer = window.setTimeout(() => NProgress.done(), 250);
    return () => window.clearTimeout(timer);
  }, [pathname]);
  return (
    <GlobalStyles
      styles={(theme) => ({
        '#nprogress .bar': { background: theme.palette.primary.main, height: 3, zIndex: theme.zIndex.tooltip + 1 },
        '#nprogress .peg': { boxShadow: `0 0 10px ${theme.palette.primary.main}, 0 0 5px ${theme.palette.primary.main}` },
      })}
    />
  );
}

/** Suspense fallback while a lazily loaded page arrives: the bar keeps going until it is there. */
export function PageLoading() {
  useEffect(() => {
    NProgress.start();
    return () => {
      NProgress.done();
    };
  }, []);
  return null;
}
