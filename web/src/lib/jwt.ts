// Reads the claims of the platform token; the server verifies it, the browser only looks inside.
import type { PlatformTokenClaims } from '@atrium/contract';

export const decodeTokenClaims = (token: string): Partial<PlatformTokenClaims> | null => {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as Partial<PlatformTokenClaims>;
  } catch {
    return null;
  }
};
