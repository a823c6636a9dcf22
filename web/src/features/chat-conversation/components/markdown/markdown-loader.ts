// The markdown renderer (marked, DOMPurify) and KaTeX load on demand, so that /chat renders without
// them. Components subscribe and re-render once a module is there.
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { TexRenderer } from './math-extension';
import type * as RenderModule from './render-markdown';

type MarkdownModule = typeof RenderModule;

function lazyModule<T>(load: () => Promise<T>) {
  let value: T | null = null;
  let pending: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  return {
    load: () =>
      (pending ??= load().then((loaded) => {
        value = loaded;
        for (const listener of listeners) listener();
        return loaded;
      })),
    get: () => value,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const markdown = lazyModule<MarkdownModule>(() => import('./render-markdown'));
const katex = lazyModule<TexRenderer>(() => import('./katex-render').then((m) => m.renderTex));

export const loadMarkdown = markdown.load;
export const loadKatex = katex.load;

/** The renderer once loaded (starting the download on first use), else null. */
export function useMarkdownModule(): MarkdownModule | null {
  const loaded = useSyncExternalStore(markdown.subscribe, markdown.get);
  useEffect(() => {
    if (!loaded) void markdown.load();
  }, [loaded]);
  return loaded;
}

/** KaTeX once some block asked for it (`wanted`), else null. */
export function useTexRenderer(wanted: boolean): TexRenderer | null {
  const loaded = useSyncExternalStore(katex.subscribe, katex.get);
  useEffect(() => {
    if (wanted && !loaded) void katex.load();
  }, [wanted, loaded]);
  return loaded;
}

/** Sanitised HTML, or null while the sanitiser loads. */
export function useSanitizedHtml(html: string): string | null {
  const md = useMarkdownModule();
  return useMemo(() => (md ? md.sanitizeHtml(html) : null), [md, html]);
}
