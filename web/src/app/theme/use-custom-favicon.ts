// Points the page's favicon at the instance's custom favicon when an administrator uploaded one.
import { ApiBase, InstanceRoutes, pathTo } from '@atrium/contract';
import { useEffect } from 'react';
import { useInstanceSettings } from '../hooks/use-instance';

const typeOf = (name: string) => (name.endsWith('.svg') ? 'image/svg+xml' : name.endsWith('.png') ? 'image/png' : 'image/x-icon');
// browsers draw SVG and ICO favicons sharply at every size; a PNG is the last choice
const preference = (name: string) => (name.endsWith('.svg') ? 0 : name.endsWith('.ico') ? 1 : 2);

export function useCustomFavicon(): void {
  const { settings } = useInstanceSettings();
  const favicons = settings?.favicons;
  const version = settings?.settingsVersion ?? '';
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link || !favicons) return;
    // remember the shipped favicon, so that deleting the custom ones brings it back without a reload
    link.dataset.shipped ??= link.getAttribute('href') ?? '/favicon.svg';
    link.dataset.shippedType ??= link.type;
    const chosen = [...favicons].sort((a, b) => preference(a) - preference(b))[0];
    if (chosen) {
      link.type = typeOf(chosen);
      link.href = `${ApiBase}${pathTo(InstanceRoutes.favicon, { fileName: chosen })}?v=${encodeURIComponent(version)}`;
    } else {
      link.type = link.dataset.shippedType ?? 'image/svg+xml';
      link.href = link.dataset.shipped;
    }
  }, [favicons, version]);
}
