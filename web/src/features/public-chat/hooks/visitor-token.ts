// Signed-identity embeds (docs/public-chat.md): the token a host site signs for its signed-in visitor, given to the
// frame by the embed's postMessage (never in an address) and sent by every visitor call in X-Visitor-Token. The app's
// fetch client adds it to calls that name a visitor's session (install-http-client.ts), so that the visitor pages'
// calls need not carry it themselves.
import { VisitorSessionHeader, VisitorTokenHeader } from '@atrium/contract';

/** A compact JWS: three base64url parts (the server checks the rest). */
const TokenPattern = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;
const MaxTokenLength = 8_000;

let token: string | null = null;

/** The signed visitor's token, or null. */
export const visitorToken = (): string | null => token;

/** Keeps a token (null or anything that is no compact JWS clears it); true when it changed. */
export function setVisitorToken(value: unknown): boolean {
  const next = typeof value === 'string' && value.length <= MaxTokenLength && TokenPattern.test(value) ? value : null;
  if (next === token) return false;
  token = next;
  return true;
}

/** Whether a call is a visitor's: visitor calls name the visitor's session in the SessionIdentifier header. */
export const isVisitorCall = (headers: Headers): boolean => headers.has(VisitorSessionHeader);

/** Adds X-Visitor-Token to a visitor call while a token is kept. */
export function addVisitorToken(headers: Headers): void {
  if (token && isVisitorCall(headers)) headers.set(VisitorTokenHeader, token);
}
