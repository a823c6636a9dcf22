// The frame's side of the embed's messages (web/src/embed/embed.ts is the other): the embedding page's origin comes
// in the frame's address (#origin=…), checked against the browser's own record of who framed it where there is one
// (location.ancestorOrigins). The frame posts only to that origin (a page that lied about it receives nothing) and
// takes messages only from its parent window at that origin. The page may send the signed visitor's token (token),
// which is how it reaches the frame: never in the frame's address.

export const EmbedMessageTag = 'atrium-embed';

export type EmbedMessage =
  | { type: 'ready' }
  | { type: 'theme'; color: string; textColor: string }
  | { type: 'open' }
  | { type: 'close' }
  /** the host site's signed visitor token (signed-identity embeds), or null when the visitor signed out */
  | { type: 'token'; token: string | null };

const OriginPattern = /^https?:\/\/[^/?#\s]+$/i;

/** The origin of the page that embeds this frame, or null when the page is not in an embed's frame. */
export function embedderOrigin(win: Window = window): string | null {
  if (win.parent === win) return null;
  const given = new URLSearchParams(win.location.hash.slice(1)).get('origin');
  if (!given || !OriginPattern.test(given)) return null;
  const ancestors = win.location.ancestorOrigins;
  if (ancestors && ancestors.length > 0 && ancestors[0] !== given) return null;
  return given;
}

export function postToEmbedder(origin: string, message: EmbedMessage, win: Window = window): void {
  win.parent.postMessage({ [EmbedMessageTag]: 1, ...message }, origin);
}

/** The message when it came from the embedding page's window at its origin, else null. */
export function embedderMessage(event: MessageEvent, origin: string, win: Window = window): EmbedMessage | null {
  if (event.origin !== origin || event.source !== win.parent) return null;
  const data: unknown = event.data;
  if (!data || typeof data !== 'object' || (data as Record<string, unknown>)[EmbedMessageTag] !== 1) return null;
  const { type, token } = data as { type?: unknown; token?: unknown };
  if (type === 'token') return { type, token: typeof token === 'string' ? token : null };
  return type === 'open' || type === 'close' ? { type } : null;
}
