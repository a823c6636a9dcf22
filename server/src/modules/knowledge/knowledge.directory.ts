// The knowledge module's side of the chat (ai/knowledge-step.ts): the search an agent's turns run over the file
// libraries it answers from (modules/agents/agents.knowledge.ts says which, with their top-k and minimum score), and
// a personal agent's library of its own files (agent-files.ts).
// Libraries that no longer exist are left out; an agent whose libraries are all gone answers without knowledge.
import type { KnowledgeDirectory } from '../../ai/knowledge-step.js';
import type { CachedContext } from '../../platform/caches.js';
import { RetrievalTopKLimits } from '@atrium/contract';
import { knowledgeSourcesOf } from '../agents/agents.knowledge.js';
import { knowledgeAttachmentIds } from '../agents/personal/personal-agents.knowledge.js';
import * as repo from './knowledge.repository.js';
import { retrieve, type RetrievalContext, type RetrievalSource } from './retrieval.js';

export function createKnowledgeDirectory(ctx: RetrievalContext & CachedContext): KnowledgeDirectory {
  return {
    async forAgent(agent, preview) {
      const wanted = await knowledgeSourcesOf(ctx, agent, preview);
      // a personal agent's own files (FileSearch attachments), in a library of its own: only looked up when it has some
      const own = knowledgeAttachmentIds(agent.config).length > 0 ? await repo.libraryOfAgent(ctx.db, agent.gptSystemId) : null;
      if (wanted.length === 0 && !own) return null;
      const libraries = new Map(
        (
          await repo.listLibraries(
            ctx.db,
            wanted.map((w) => w.libraryId),
          )
        ).map((l) => [l.id, l]),
      );
      const sources: RetrievalSource[] = wanted.flatMap((w) => {
        const library = libraries.get(w.libraryId);
        return library ? [{ library, topK: w.topK, minScore: w.minScore, filters: w.filters }] : [];
      });
      if (own) sources.push({ library: own, topK: RetrievalTopKLimits.default, minScore: 0 });
      if (sources.length === 0) return null;
      return { libraries: sources.length, search: (query, signal) => retrieve(ctx, query, sources, signal) };
    },
  };
}
