// Which file libraries an agent answers from: the libraries of its published configuration (`dataSources`, with an
// optional top-k and minimum score each: published with the agent) and its data source links (`ragDataSources`,
// managed through their own calls and live at once, each with an optional metadata filter). A library in both takes
// the link's top-k, and the conditions of both filters. And the other way
// round: which agents answer from a library (who may open the documents its citations point to).
import { and, eq, sql } from 'drizzle-orm';
import { RetrievalTopKLimits, type LibraryFilter } from '@atrium/contract';
import { gptSystemRagDataSources, gptSystems } from '../../db/schema/index.js';
import type { CacheContext, CachedContext } from '../../platform/caches.js';
import { ttlCache } from '../../platform/ttl-cache.js';
import type { ChatAgent } from '../../ai/agent.types.js';
import * as repo from './drafts/config-states.repository.js';

export interface AgentKnowledgeSource {
  libraryId: string;
  topK: number;
  minScore: number;
  /** the metadata filter its passages must meet (the configuration's and the link's conditions) */
  filters?: LibraryFilter[] | undefined;
}

/** Links change rarely and are read on every turn of an agent: kept a few seconds (every process forgets them within that). */
const linkRows = ttlCache<repo.RagLinkRow[]>({ name: 'agents.knowledge-links', max: 1_000, ttlMs: 5_000 });

/** Call after changing an agent's data source links. */
export function ragLinksChanged(ctx: CacheContext, gptSystemId: string): void {
  linkRows.delete(ctx, gptSystemId);
}

type ConfiguredSource = { dataSourceId: string; topK?: number | null; minScore?: number | null; filters?: LibraryFilter[] };

/** The libraries the agent (as published, or the draft a preview answers with) answers from; empty for most agents. */
export async function knowledgeSourcesOf(
  ctx: CachedContext,
  agent: Pick<ChatAgent, 'gptSystemId' | 'config'>,
  preview = false,
): Promise<AgentKnowledgeSource[]> {
  const sources = new Map<string, AgentKnowledgeSource>();
  for (const s of (agent.config.dataSources ?? []) as ConfiguredSource[]) {
    sources.set(s.dataSourceId, { libraryId: s.dataSourceId, topK: s.topK ?? RetrievalTopKLimits.default, minScore: s.minScore ?? 0, filters: s.filters });
  }
  // a preview of a draft is not the agent yet: only what the draft itself says
  if (!preview) {
    const links = await linkRows.get(ctx, agent.gptSystemId, () => repo.listRagLinks(ctx.db, agent.gptSystemId));
    for (const l of links) {
      if (l.dataSourceType !== 'FileLibrary') continue;
      const configured = sources.get(l.dataSourceId);
      // both filters hold where both say one (each narrows what the agent answers from)
      const both = [...(configured?.filters ?? []), ...l.filters];
      const filters = both.length > 0 ? both : undefined;
      sources.set(l.dataSourceId, { libraryId: l.dataSourceId, topK: l.topK, minScore: configured?.minScore ?? 0, filters });
    }
  }
  return [...sources.values()];
}

/** The agents (not deleted) that answer from the library, through their published configuration or a link. */
export async function agentsAnsweringFrom({ db }: CachedContext, libraryId: string): Promise<string[]> {
  const configured = db
    .select({ id: gptSystems.id })
    .from(gptSystems)
    .where(and(eq(gptSystems.isDeleted, false), sql`${gptSystems.publishedConfig}->'dataSources' @> ${JSON.stringify([{ dataSourceId: libraryId }])}::jsonb`));
  const linked = db
    .select({ id: gptSystemRagDataSources.gptSystemId })
    .from(gptSystemRagDataSources)
    .innerJoin(gptSystems, eq(gptSystems.id, gptSystemRagDataSources.gptSystemId))
    .where(and(eq(gptSystemRagDataSources.dataSourceId, libraryId), eq(gptSystems.isDeleted, false)));
  const [a, b] = await Promise.all([configured, linked]);
  return [...new Set([...a, ...b].map((r) => r.id))];
}
