// embed.js: <script src="https://atrium.example.edu/embed.js" data-endpoint="admissions-help" async></script> puts a
// launcher bubble on a website that opens the endpoint's popup chat (/public-chat/{endpoint}/true) in a panel. The
// frame is created hidden as the script loads, so the first open shows a chat that is already there. Built on its own
// by web/vite.config.ts (at most 5 kB gzipped: scripts/bundle-size.mjs checks), so no imports: plain DOM.
//
// Messages (web/src/features/public-chat/hooks/embed-bridge.ts is the frame's side), tagged {"atrium-embed": 1}:
//   frame -> page: ready (the chat has loaded), theme {color, textColor} (the brand's colours for the bubble), close
//   page -> frame: open, close, token {token} (the signed visitor's, sent at each ready and on setVisitorToken)
// Both sides check origins: this script posts only to the Atrium origin it was loaded from and takes messages only
// from the frame's window at that origin; the frame posts only to this page's origin, given in its address.
// The page's API: window.AtriumChat.open(), close(), toggle(), resize({width, height}), theme({color, textColor}),
// on(event, handler) for 'ready', 'open', 'close', and setVisitorToken(token) (signed-identity embeds: a short-lived
// token the site signs for its signed-in visitor; data-visitor-token gives the first). The token goes to the frame by
// postMessage only, never in its address.

type Handler = () => void;
type Message = { type?: unknown; color?: unknown; textColor?: unknown };

const Tag = 'atrium-embed';
const script = document.currentScript as HTMLScriptElement | null;
const endpoint = script?.dataset.endpoint ?? '';

if (script && /^[a-z0-9-]{2,64}$/.test(endpoint)) {
  const origin = new URL(script.src).origin;
  const position = script.dataset.position === 'left' ? 'left' : 'right';
  const label = script.dataset.label || 'Open the chat';
  const listeners: Record<string, Handler[]> = { ready: [], open: [], close: [] };
  const emit = (event: string) => listeners[event]?.forEach((handler) => handler());
  let isOpen = false;
  let ready = false;
  let token = script.dataset.visitorToken || null;

  const style = (el: HTMLElement, css: Record<string, string>) => Object.assign(el.style, css);
  const css = (value: string) => (/^#[0-9a-f]{3,8}$|^rgba?\([\d\s.,%]+\)$/i.test(value) ? value : null);

  const bubble = document.createElement('button');
  bubble.type = 'button';
  bubble.setAttribute('aria-label', label);
  bubble.setAttribute('aria-expanded', 'false');
  bubble.innerHTML =
    '<svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" fill="currentColor"><path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z"/></svg>';
  style(bubble, {
    position: 'fixed',
    bottom: '20px',
    [position]: '20px',
    width: '60px',
    height: '60px',
    borderRadius: '50%',
    border: '0',
    padding: '0',
    display: 'grid',
    placeItems: 'center',
    cursor: 'pointer',
    background: '#1f4e8c',
    color: '#fff',
    boxShadow: '0 4px 16px rgba(0,0,0,.25)',
    zIndex: '2147483000',
  });

  const frame = document.createElement('iframe');
  frame.title = script.dataset.title || 'Chat';
  frame.src = `${origin}/public-chat/${endpoint}/true#origin=${encodeURIComponent(location.origin)}`;
  frame.allow = 'clipboard-write';
  // hidden, not display:none, so that it loads and lays out before the first open
  const sized = { width: 'min(400px, calc(100vw - 40px))', height: 'min(640px, calc(100vh - 110px))' };
  style(frame, {
    position: 'fixed',
    bottom: '90px',
    [position]: '20px',
    ...sized,
    border: '0',
    borderRadius: '12px',
    boxShadow: '0 8px 32px rgba(0,0,0,.25)',
    background: '#fff',
    visibility: 'hidden',
    zIndex: '2147483000',
  });
  // a phone: the open chat takes the screen
  const phone = window.matchMedia('(max-width: 480px)');
  const place = () =>
    style(
      frame,
      phone.matches && isOpen
        ? { inset: '0', width: '100%', height: '100%', borderRadius: '0' }
        : { inset: '', bottom: '90px', [position]: '20px', ...sized, borderRadius: '12px' },
    );

  const post = (type: string, extra?: object) => frame.contentWindow?.postMessage({ [Tag]: 1, type, ...extra }, origin);
  const setOpen = (open: boolean) => {
    if (open === isOpen) return;
    isOpen = open;
    place();
    frame.style.visibility = open ? 'visible' : 'hidden';
    bubble.style.display = open && phone.matches ? 'none' : 'grid';
    bubble.setAttribute('aria-expanded', String(open));
    post(open ? 'open' : 'close');
    emit(open ? 'open' : 'close');
    if (!open) bubble.focus();
  };
  const setTheme = (color: unknown, textColor: unknown) => {
    const c = css(String(color));
    const t = css(String(textColor));
    if (c) bubble.style.background = c;
    if (t) bubble.style.color = t;
  };

  bubble.addEventListener('click', () => setOpen(!isOpen));
  phone.addEventListener('change', place);
  window.addEventListener('message', (event: MessageEvent) => {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    const data = event.data as Message & Record<string, unknown>;
    if (!data || data[Tag] !== 1) return;
    if (data.type === 'ready') {
      // a frame that loaded (again) gets the token first
      if (token) post('token', { token });
      const first = !ready;
      ready = true;
      if (first) emit('ready');
    } else if (data.type === 'theme') setTheme(data.color, data.textColor);
    else if (data.type === 'close') setOpen(false);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && isOpen) setOpen(false);
  });

  (window as unknown as { AtriumChat: unknown }).AtriumChat = {
    open: () => setOpen(true),
    close: () => setOpen(false),
    toggle: () => setOpen(!isOpen),
    resize: (size: { width?: string; height?: string }) => {
      if (size.width) sized.width = size.width;
      if (size.height) sized.height = size.height;
      place();
    },
    theme: (colors: { color?: string; textColor?: string }) => setTheme(colors.color, colors.textColor),
    setVisitorToken: (value: string | null) => {
      token = value || null;
      if (ready) post('token', { token });
    },
    on: (event: string, handler: Handler) => {
      listeners[event]?.push(handler);
      if (event === 'ready' && ready) handler();
    },
    get isOpen() {
      return isOpen;
    },
  };

  const mount = () => document.body.append(frame, bubble);
  if (document.body) mount();
  else document.addEventListener('DOMContentLoaded', mount);
}
