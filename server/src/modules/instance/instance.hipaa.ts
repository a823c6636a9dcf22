// HIPAA mode for the chat path, read through a per-app cache (platform/refreshing-value.ts): a turn asks whether its
// execution details may keep words of the conversation (docs/retention.md) without a read of its own. A change made
// here applies at once in this process, and on the others when the cache bus brings it (else within 5 s).
import type { AppContext } from '../../platform/context.js';
import type { CacheContext } from '../../platform/caches.js';
import { refreshingValue } from '../../platform/refreshing-value.js';
import { hipaaModeOn } from './instance.service.js';

const mode = refreshingValue('instance.hipaa-mode', (db) => hipaaModeOn({ db }), 5_000);

export const hipaaMode = (ctx: Pick<AppContext, 'db' | 'caches'>): Promise<boolean> => mode.get(ctx);

/** After HIPAA mode was turned on or off. */
export const hipaaModeChanged = (ctx: CacheContext): void => mode.invalidate(ctx);
