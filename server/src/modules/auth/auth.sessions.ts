// Which sessions ended (logout, a disabled account) recently enough that tokens minted in them may still be
// unexpired: the access hook refuses a token whose `sid` is among them. No session can mint a token after it
// ended, so only those ended within a token's lifetime count, and the set stays small. It is kept per process
// and reloaded in the background (a request never waits for a periodic reload, nor costs a query); a logout in
// this process invalidates it at once, other processes see it within EndedSessionsTtlMs.
import { TokenLifetimeSeconds } from '@atrium/contract';
import type { RootDb } from '../../db/client.js';
import { refreshingValue } from '../../platform/refreshing-value.js';
import { AuthRepository } from './auth.repository.js';
import type { AppContext } from '../../platform/context.js';
import type { CacheContext } from '../../platform/caches.js';

export const EndedSessionsTtlMs = 5_000;
/** A token's lifetime, and a minute for clocks that disagree. */
const RelevantMs = (TokenLifetimeSeconds + 60) * 1000;

const ended = refreshingValue(
  'auth.ended-sessions',
  async (db: RootDb) => new Set(await new AuthRepository(db).sessionsEndedSince(new Date(Date.now() - RelevantMs))),
  EndedSessionsTtlMs,
);

/** The access hook's check of a token's `sid`. */
export async function sessionEnded(ctx: Pick<AppContext, 'db' | 'caches' | 'caches'>, sessionId: string): Promise<boolean> {
  return (await ended.get(ctx)).has(sessionId);
}

/** Call after ending sessions in this process: its next request must see them ended. */
export function sessionsEnded(ctx: CacheContext): void {
  ended.invalidate(ctx);
}
