// A visitor's session identifier: a random uuid made in the browser and kept in localStorage per endpoint, so that
// the server counts limits per visitor and lets only this browser read and continue its conversations. Where storage
// is refused (a third-party frame with storage blocked, private modes) it lives as long as the page.
import { RandomUuidPattern } from '@atrium/contract';

const storageKey = (endpointName: string) => `atrium.publicChat.session.${endpointName}`;
const inMemory = new Map<string, string>();

export function visitorSessionIdentifier(endpointName: string): string {
  const key = storageKey(endpointName);
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(key);
  } catch {
    stored = inMemory.get(key) ?? null;
  }
  if (stored && RandomUuidPattern.test(stored)) return stored;
  const fresh = crypto.randomUUID();
  try {
    window.localStorage.setItem(key, fresh);
  } catch {
    inMemory.set(key, fresh);
  }
  return fresh;
}
