// The bot check's widget on the visitor page (docs/public-chat.md "Bot check"): Cloudflare Turnstile or hCaptcha, as
// the endpoint's details name it. The provider's script (its address from the details, so that tests can serve a fake
// one) is loaded only here, once per address, and the widget drawn with explicit rendering: both providers'
// `render(element, {sitekey, callback, 'expired-callback', 'error-callback'})`. The token it hands over goes with the
// visitor's first question; an expired or failed challenge takes it back.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { BotCheckProvider } from '@atrium/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';

/** What both providers' scripts define on window (the part used here). */
export interface BotCheckApi {
  render(element: HTMLElement, options: Record<string, unknown>): string | undefined;
  remove?(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: BotCheckApi;
    hcaptcha?: BotCheckApi;
  }
}

const loading = new Map<string, Promise<void>>();

/** Loads a provider's script once per address; resolves at once when its API is already there. */
export function loadBotCheckScript(provider: BotCheckProvider, scriptUrl: string): Promise<void> {
  if (window[provider]) return Promise.resolve();
  let loaded = loading.get(scriptUrl);
  if (!loaded) {
    loaded = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = scriptUrl;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(scriptUrl);
        script.remove();
        reject(new Error('The bot check could not be loaded'));
      };
      document.head.appendChild(script);
    });
    loading.set(scriptUrl, loaded);
  }
  return loaded;
}

interface BotCheckWidgetProps {
  provider: BotCheckProvider;
  siteKey: string;
  scriptUrl: string;
  /** the widget's token, or null when it expired or the challenge failed */
  onToken: (token: string | null) => void;
}

export function BotCheckWidget({ provider, siteKey, scriptUrl, onToken }: BotCheckWidgetProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const handler = useRef(onToken);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    handler.current = onToken;
  }, [onToken]);

  useEffect(() => {
    let widgetId: string | undefined;
    let cancelled = false;
    loadBotCheckScript(provider, scriptUrl).then(
      () => {
        const api = window[provider];
        if (cancelled || !box.current || !api) return void (!api && !cancelled && setFailed(true));
        widgetId = api.render(box.current, {
          sitekey: siteKey,
          callback: (token: string) => handler.current(token),
          'expired-callback': () => handler.current(null),
          'error-callback': () => handler.current(null),
        });
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
      if (widgetId !== undefined) window[provider]?.remove?.(widgetId);
    };
  }, [provider, siteKey, scriptUrl]);

  return (
    <Box sx={{ px: 2, pb: 1 }} data-testid="bot-check">
      <div ref={box} />
      {failed && (
        <Typography variant="body2" color="error">
          {t('publicChat.botCheckUnavailable')}
        </Typography>
      )}
    </Box>
  );
}
