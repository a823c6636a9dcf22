// docs/wire-protocol.md: the session lives in localStorage under persist:auth, one JSON object whose fields are
// themselves JSON strings (n1aiToken is a JSON string inside it), the layout redux-persist wrote and
// that existing tools read. It is read once, synchronously, when the store is created, and written
// whenever a kept field changes. This replaced redux-persist (3 kB gzipped of the chat route's 200 kB
// budget, plus a render gate while it rehydrated asynchronously).
import type { AuthState } from './auth.slice';

export const AuthStorageKey = 'persist:auth';

export function loadPersistedAuth(fields: readonly (keyof AuthState)[]): Partial<AuthState> {
  try {
    const stored = JSON.parse(localStorage.getItem(AuthStorageKey) ?? '{}') as Record<string, unknown>;
    const auth: Record<string, unknown> = {};
    for (const field of fields) if (typeof stored[field] === 'string') auth[field] = JSON.parse(stored[field]);
    return auth as Partial<AuthState>;
  } catch {
    // unreadable (edited by hand, or storage refused): start signed out
    return {};
  }
}

export function savePersistedAuth(auth: AuthState, fields: readonly (keyof AuthState)[]): void {
  const stored: Record<string, string> = {};
  for (const field of fields) if (auth[field] !== undefined) stored[field] = JSON.stringify(auth[field]);
  stored._persist = JSON.stringify({ version: -1, rehydrated: true });
  try {
    localStorage.setItem(AuthStorageKey, JSON.stringify(stored));
  } catch {
    // storage full or unavailable (private mode): the session lasts for this page
  }
}
