// Agent avatars need the bearer token, so they are fetched as blobs through the http client and shown
// as object URLs; until then, or when there is none, a jdenticon identicon (docs/product.md §8, §9: size 24).
// jdenticon loads on the first avatar shown rather than with the chat route (3 kB gzipped of its
// 200 kB budget); for that moment the avatar shows MUI's placeholder.
import { ApiBase, QuickCreateIdenticonSize as IdenticonSize } from '@atrium/contract';
import type { toSvg as jdenticonToSvg } from 'jdenticon';
import { useEffect, useState } from 'react';
import { http } from '../../app/api/http';
import type { DownloadResult } from '../../lib/http/http.types';

// One fetch per avatar URL for the whole session; the URL changes when the avatar does.
const cache = new Map<string, Promise<string | null>>();

function loadAvatar(url: string): Promise<string | null> {
  let pending = cache.get(url);
  if (!pending) {
    const path = url.startsWith(ApiBase) ? url.slice(ApiBase.length) : url;
    pending = http()
      .request<DownloadResult>({ url: path, responseKind: 'download' })
      .then((r) => (r.data && r.data.blob.size > 0 && r.data.blob.type.startsWith('image/') ? URL.createObjectURL(r.data.blob) : null))
      .catch(() => null);
    cache.set(url, pending);
  }
  return pending;
}

type ToSvg = typeof jdenticonToSvg;
let toSvg: ToSvg | null = null;
let loadingJdenticon: Promise<ToSvg> | null = null;
const identicons = new Map<string, string>();

function identiconFor(seed: string, render: ToSvg): string {
  let src = identicons.get(seed);
  if (!src) identicons.set(seed, (src = `data:image/svg+xml;utf8,${encodeURIComponent(render(seed, IdenticonSize))}`));
  return src;
}

function useIdenticon(seed: string): string | undefined {
  const [, setReady] = useState(toSvg !== null);
  useEffect(() => {
    if (toSvg) return;
    let live = true;
    loadingJdenticon ??= import('jdenticon').then((m) => (toSvg = m.toSvg));
    void loadingJdenticon.then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return toSvg ? identiconFor(seed, toSvg) : undefined;
}

export function useAvatarSrc(seed: string, avatarUrl: string | null | undefined): string | undefined {
  const identicon = useIdenticon(seed);
  const [loaded, setLoaded] = useState<{ url: string; src: string | null } | null>(null);
  useEffect(() => {
    if (!avatarUrl) return;
    let live = true;
    void loadAvatar(avatarUrl).then((src) => live && setLoaded({ url: avatarUrl, src }));
    return () => {
      live = false;
    };
  }, [avatarUrl]);
  return (loaded && loaded.url === avatarUrl && loaded.src) || identicon;
}
