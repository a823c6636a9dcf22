// An agent's avatar for pages outside the chat shell: avatar URLs need the bearer token, so the image
// is fetched through the app's http client and shown as an object URL (the initial until then).
import Avatar from '@mui/material/Avatar';
import { ApiBase } from '@atrium/contract';
import { useEffect, useState } from 'react';
import { http } from '../../app/api/http';
import type { DownloadResult } from '../../lib/http/http.types';

export function AuthedAvatar({ url, name, size = 32 }: { url: string; name: string; size?: number }) {
  const [src, setSrc] = useState<{ url: string; objectUrl: string } | null>(null);
  useEffect(() => {
    let live = true;
    let objectUrl: string | null = null;
    const path = url.startsWith(ApiBase) ? url.slice(ApiBase.length) : url;
    void http()
      .request<DownloadResult>({ url: path, responseKind: 'download' })
      .then((r) => {
        if (!live || !r.data || !r.data.blob.type.startsWith('image/')) return;
        objectUrl = URL.createObjectURL(r.data.blob);
        setSrc({ url, objectUrl });
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return (
    <Avatar src={src?.url === url ? src.objectUrl : undefined} alt={name} variant="rounded" sx={{ width: size, height: size, bgcolor: 'action.hover', color: 'text.secondary' }}>
      {name.trim().charAt(0).toUpperCase() || '?'}
    </Avatar>
  );
}
