// React.lazy for the pages a first visit opens (/chat's layout and page), with a preload that starts the
// import before React renders. React.lazy suspends on its first render even when the module is already
// there (its promise has not been read yet), and a suspended page waits for a retry render (React 19 also
// holds a revealed boundary for up to 300 ms): once preloaded, the page renders in the first pass.
import { createElement, lazy, useState, type ComponentType } from 'react';

export interface PreloadableLazy<P extends object> {
  (props: P): ReturnType<typeof createElement>;
  /** starts loading the module (once); resolves when it is there */
  preload(): Promise<void>;
}

export function preloadableLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): PreloadableLazy<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = (): Promise<void> =>
    (pending ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        pending = null; // a failed chunk load may be tried again
        throw error;
      },
    ));
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  function Preloadable(props: P) {
    // chosen once per mount: turning from the lazy wrapper into the module itself would remount the page
    const [component] = useState(() => loaded);
    return component ? createElement(component, props) : createElement(Lazy, props);
  }
  return Object.assign(Preloadable, { preload });
}
