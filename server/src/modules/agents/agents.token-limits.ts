// The daily token limits of published agents (their configuration's tokenLimitSettings), for the usage limits' admin
// figures (docs/usage-limits.md). The chat path reads them from the agent it answers with.
import { inArray } from 'drizzle-orm';
import type { AgentConfigWire } from '@atrium/contract';
import { gptSystems } from '../../db/schema/index.js';
import type { DbContext } from '../../platform/context.js';

export type TokenLimitSettings = NonNullable<AgentConfigWire['tokenLimitSettings']>;

/** Each known agent's tokenLimitSettings as published (null: none); unknown ids are left out. */
export async function publishedTokenLimits({ db }: DbContext, ids: readonly string[]): Promise<Map<string, TokenLimitSettings | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: gptSystems.id, config: gptSystems.publishedConfig })
    .from(gptSystems)
    .where(inArray(gptSystems.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.config?.tokenLimitSettings ?? null]));
}
