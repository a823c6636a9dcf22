// In the popup page inside an embed's frame: says when the chat is ready, gives the launcher the brand's colours,
// asks it to close (the bar's close button), and focuses the message box when the launcher opens the frame. A signed
// visitor's token from the page is kept for the visitor calls (visitor-token.ts) and the details are read again, so
// that the signed visitor's conversations are listed.
import { useTheme } from '@mui/material/styles';
import { useCallback, useEffect, useMemo } from 'react';
import { useAppDispatch } from '../../../app/state/hooks';
import { publicEndpointDetailsApi } from '../api/get-public-endpoint-details.api';
import { embedderMessage, embedderOrigin, postToEmbedder } from './embed-bridge';
import { setVisitorToken } from './visitor-token';

export function useEmbedBridge(isPopup: boolean, ready: boolean) {
  const origin = useMemo(() => (isPopup ? embedderOrigin() : null), [isPopup]);
  const { palette } = useTheme();
  const color = palette.primary.main;
  const textColor = palette.primary.contrastText;
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (origin && ready) postToEmbedder(origin, { type: 'ready' });
  }, [origin, ready]);
  useEffect(() => {
    if (origin && ready) postToEmbedder(origin, { type: 'theme', color, textColor });
  }, [origin, ready, color, textColor]);
  useEffect(() => {
    if (!origin) return;
    const onMessage = (event: MessageEvent) => {
      const message = embedderMessage(event, origin);
      if (message?.type === 'open') document.querySelector<HTMLTextAreaElement>('main textarea:not([aria-hidden])')?.focus();
      if (message?.type === 'token' && setVisitorToken(message.token)) dispatch(publicEndpointDetailsApi.util.invalidateTags(['PublicEndpointDetails']));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin, dispatch]);

  const close = useCallback(() => origin && postToEmbedder(origin, { type: 'close' }), [origin]);
  return { embedded: origin !== null, close };
}
