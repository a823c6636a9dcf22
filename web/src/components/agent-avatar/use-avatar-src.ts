// Agent avatars need the bearer token, so they are fetched as blobs through the http client and shown
// as object URLs; until then, or when there is none, a jdenticon identicon (SPEC §8, §9: size 24).
import { ApiBase, QuickCreateIdenticonSize as IdenticonSize } from '@atrium/contract';
import { toSvg } from 'jdenticon';
import { useEffect, useMemo, useState } from 'react';
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

export function useAvatarSrc(seed: string, avatarUrl: string | null | undefined): string {
  const identicon = useMemo(() => `data:image/svg+xml;utf8,${encodeURIComponent(toSvg(seed, IdenticonSize))}`, [seed]);
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
