// docs/product.md §4 version check: a token from another build is renewed and the page reloaded; a page load
// compares the served index.html's version with this bundle. After such a reload the app shows
// "Click anywhere to continue" until the person is back.
import { BuildVersion } from '@atrium/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/i18n';
import { FullScreenMessage } from '../../components/full-screen-message';
import { checkTokenVersion, VersionReloadKey, VersionScreenKey } from '../auth/session.thunks';
import { useAppDispatch, useAppSelector } from '../state/hooks';

async function servedIndexVersion(): Promise<string | null> {
  try {
    const response = await fetch('/', { cache: 'no-store', headers: { accept: 'text/html' } });
    const html = await response.text();
    return /<meta\s+name="version"\s+content="([^"]+)"/i.exec(html)?.[1] ?? null;
  } catch {
    return null;
  }
}

export function VersionWatch() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const token = useAppSelector((s) => s.auth.n1aiToken);
  const [screen, setScreen] = useState(() => sessionStorage.getItem(VersionScreenKey) === '1');

  useEffect(() => {
    void (async () => {
      const served = await servedIndexVersion();
      const marker = `index:${served}`;
      if (served && served !== BuildVersion && sessionStorage.getItem(VersionReloadKey) !== marker) {
        sessionStorage.setItem(VersionReloadKey, marker);
        sessionStorage.setItem(VersionScreenKey, '1');
        setScreen(true);
        window.location.reload();
      }
    })();
  }, []);

  useEffect(() => {
    if (token) void dispatch(checkTokenVersion());
  }, [dispatch, token]);

  if (!screen) return null;
  return (
    <FullScreenMessage
      overlay
      onClick={() => {
        sessionStorage.removeItem(VersionScreenKey);
        setScreen(false);
      }}
    >
      {t('system.clickToContinue')}
    </FullScreenMessage>
  );
}
