// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { initialAuthState, persistedAuthFields, type AuthState } from './auth.slice';
import { AuthStorageKey, loadPersistedAuth, savePersistedAuth } from './persisted-auth';

beforeEach(() => localStorage.clear());

describe('persist:auth', () => {
  it('keeps the docs/wire-protocol.md layout: an object of JSON strings, n1aiToken a JSON string inside it', () => {
    const auth: AuthState = { ...initialAuthState, n1aiToken: 'eyJ.token', pathAfterLogin: '/chat/x' };
    savePersistedAuth(auth, persistedAuthFields);
    const stored = JSON.parse(localStorage.getItem(AuthStorageKey)!) as Record<string, string>;
    expect(stored.n1aiToken).toBe('"eyJ.token"');
    expect(JSON.parse(stored._persist!)).toEqual({ version: -1, rehydrated: true });
    expect(loadPersistedAuth(persistedAuthFields)).toMatchObject({ n1aiToken: 'eyJ.token', pathAfterLogin: '/chat/x' });
  });

  it('reads only the kept fields, and starts signed out from unreadable storage', () => {
    localStorage.setItem(AuthStorageKey, JSON.stringify({ n1aiToken: '"t"', error: '"not kept"' }));
    expect(loadPersistedAuth(persistedAuthFields)).toEqual({ n1aiToken: 't' });
    localStorage.setItem(AuthStorageKey, '{not json');
    expect(loadPersistedAuth(persistedAuthFields)).toEqual({});
    localStorage.setItem(AuthStorageKey, JSON.stringify({ n1aiToken: '{broken' }));
    expect(loadPersistedAuth(persistedAuthFields)).toEqual({});
  });
});
