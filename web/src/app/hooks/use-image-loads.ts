import { useEffect, useState } from 'react';

/**
 * Whether an image URL loads: 'loading', 'loaded' or 'failed' (null URL counts as failed). For
 * images drawn as CSS backgrounds, which fail silently; docs/product.md §8 wants a fallback when one does.
 */
export function useImageLoads(url: string | null): 'loading' | 'loaded' | 'failed' {
  const [state, setState] = useState<{ url: string | null; status: 'loading' | 'loaded' | 'failed' }>({ url, status: url ? 'loading' : 'failed' });
  useEffect(() => {
    if (!url) return;
    let live = true;
    const img = new Image();
    img.onload = () => live && setState({ url, status: 'loaded' });
    img.onerror = () => live && setState({ url, status: 'failed' });
    img.src = url;
    return () => {
      live = false;
    };
  }, [url]);
  if (!url) return 'failed';
  return state.url === url ? state.status : 'loading';
}
