// Assembles what the model reads: the agent's system prompt and the conversation along the segment
// lineage (root..parent), then the new question, trimmed oldest-first to fit the context window.
import type { ChatMessage, ResolvedDeployment } from './model.types.js';
import { estimateTokens } from './offline-engine.js';

export interface LineageSegment {
  id: string;
  parentSegmentId: string | null;
  question: string;
  answer: string;
}

/** The ancestors of `parentId`, root first. Unknown ids end the walk (a cycle cannot loop). */
export function lineageOf<T extends { id: string; parentSegmentId: string | null }>(segments: readonly T[], parentId: string | null): T[] {
  const byId = new Map(segments.map((s) => [s.id, s]));
  const path: T[] = [];
  const seen = new Set<string>();
  for (let id = parentId; id !== null && !seen.has(id); ) {
    const s = byId.get(id);
    if (!s) break;
    seen.add(id);
    path.push(s);
    id = s.parentSegmentId;
  }
  return path.reverse();
}

/** Room left for history: the context window minus the answer's budget and a safety margin. */
function historyBudget(deployment: ResolvedDeployment, system: string, question: string): number {
  if (!deployment.contextWindow) return Number.POSITIVE_INFINITY;
  const output = deployment.maxOutputTokens ?? Math.min(4096, Math.floor(deployment.contextWindow / 4));
  return deployment.contextWindow - output - estimateTokens(system) - estimateTokens(question) - 256;
}

export function buildMessages(lineage: readonly LineageSegment[], question: string, system: string, deployment: ResolvedDeployment): ChatMessage[] {
  let budget = historyBudget(deployment, system, question);
  const turns: ChatMessage[][] = [];
  // newest first, so that trimming drops the oldest turns
  for (let i = lineage.length - 1; i >= 0; i--) {
    const s = lineage[i]!;
    // a turn without an answer (failed before any text) would leave two questions in a row
    if (s.answer.trim() === '') continue;
    const cost = estimateTokens(s.question) + estimateTokens(s.answer);
    if (cost > budget) break;
    budget -= cost;
    turns.push([
      { role: 'user', content: s.question },
      { role: 'assistant', content: s.answer },
    ]);
  }
  return [...turns.reverse().flat(), { role: 'user', content: question }];
}
