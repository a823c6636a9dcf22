// The knowledge step of a chat turn, for agents that answer from file libraries: the question is made standalone
// from the recent turns ("and for part-time students?" becomes a question of its own), the agent's libraries are
// searched for it (modules/knowledge/retrieval.ts, behind the KnowledgeSearch seam), and the passages go to the
// model as numbered sources it is told to cite as [n]. The answer's citations are the sources it cited; the
// execution log keeps the search as it happened (query, each candidate's ranks and scores, what reached the
// model, timings), which is how an administrator finds out why an answer was wrong.
import type { Citation, RetrievalTrace, RetrievedPassage } from '@atrium/contract';
import type { ChatAgent } from './agent.types.js';
import type { ContextPassage, ModelGateway, ResolvedDeployment } from './model.types.js';

export const SearchingKnowledgeStep = 'Searching knowledge';

/** What an agent with `restrictAnswerToInformationReturnedByTools` says when its libraries hold nothing relevant. */
export const NoInformationAnswer =
  'I could not find anything about this in the documents I answer from, so I cannot answer it. Try asking in other words, or ask about something they cover.';

/** A passage found, with where its own text starts (chunks overlap: a chunk starts with the end of the one before it). */
export interface KnowledgePassage extends RetrievedPassage {
  /** the characters of `text` carried over from the chunk before it (and the blank line after them); 0 for none */
  ownTextStart: number;
}

/** A search of an agent's libraries, ready for a turn's question. */
export interface KnowledgeSearch {
  /** how many libraries it searches */
  libraries: number;
  search(query: string, signal: AbortSignal): Promise<{ passages: KnowledgePassage[]; trace: RetrievalTrace }>;
}

/** The seam of the knowledge module: the search an agent's turns use, or null when it answers from no library. */
export interface KnowledgeDirectory {
  forAgent(agent: Pick<ChatAgent, 'gptSystemId' | 'config'>, preview: boolean): Promise<KnowledgeSearch | null>;
}

/** One numbered source of an answer. */
export interface KnowledgeSource extends ContextPassage {
  number: number;
  fileId: string;
  /** the page the passage starts on (null: a document without pages), and its label (", pages 3–4") */
  page: number | null;
  pages: string;
  excerpt: string;
}

/** What a turn's engine runs before the model: the question's search, and whether only its sources may answer. */
export interface TurnKnowledge {
  search(signal: AbortSignal): Promise<{ sources: KnowledgeSource[]; trace: string[] }>;
  restrict: boolean;
}

/** The address that opens the document at the page (the web's sources page). */
export const sourcePath = (fileId: string, page: number | null) => `/sources/${fileId}${page === null ? '' : `?page=${page}`}`;

const ExcerptChars = 300;
const excerptOf = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= ExcerptChars ? flat : `${flat.slice(0, ExcerptChars).replace(/\s+\S*$/, '')}…`;
};

const pageLabel = (p: Pick<RetrievedPassage, 'pageStart' | 'pageEnd'>) =>
  p.pageStart === null ? '' : p.pageEnd !== null && p.pageEnd !== p.pageStart ? `, pages ${p.pageStart}–${p.pageEnd}` : `, page ${p.pageStart}`;

/**
 * The passages as numbered sources. The model reads each passage whole (the overlap gives it the context before);
 * the excerpt people see under a citation starts at the passage's own text, on the page the citation opens.
 */
export function numberSources(passages: KnowledgePassage[]): KnowledgeSource[] {
  return passages.map((p, i) => ({
    number: i + 1,
    fileId: p.fileId,
    page: p.pageStart,
    pages: pageLabel(p),
    title: p.fileName,
    path: sourcePath(p.fileId, p.pageStart),
    text: p.headings.length ? `${p.headings.join(' › ')}\n${p.text}` : p.text,
    excerpt: excerptOf(p.text.slice(p.ownTextStart)),
  }));
}

/** The system prompt with the sources and how to use them. */
export function withSources(system: string, sources: KnowledgeSource[], restrict: boolean): string {
  if (sources.length === 0) {
    return `${system}\n\nThe documents you answer from hold nothing that matches this question.${restrict ? ` Say that you have no information about it; do not answer from general knowledge.` : ''}`;
  }
  const rule = restrict
    ? 'Answer only with information from these sources. If they do not contain the answer, say that you have no information about it; do not answer from general knowledge.'
    : 'Use these sources where they answer the question.';
  const blocks = sources.map((s) => `[${s.number}] ${s.title}${s.pages}\n${s.text}`);
  return `${system}\n\n# Sources\n${rule} Cite the sources you use by their number in square brackets, like [1], right after the statement they support. Do not cite sources you did not use.\n\n${blocks.join('\n\n')}`;
}

/** The sources the answer cites as [n] (also [1, 2] and [1][2]), in the order of their numbers. */
export function citationsOf(answer: string, sources: KnowledgeSource[]): Citation[] {
  const cited = new Set<number>();
  for (const m of answer.matchAll(/\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g)) for (const n of m[1]!.split(',')) cited.add(Number(n.trim()));
  return sources
    .filter((s) => cited.has(s.number))
    .map((s) => ({ title: s.title, path: s.path, number: s.number, fileId: s.fileId, page: s.page, excerpt: s.excerpt }));
}

/** The retrieval as execution log lines: the query, each retriever, each candidate that reached the model. */
export function traceLines(trace: RetrievalTrace, passages: RetrievedPassage[], libraries: number, withoutQuery = false): string[] {
  const rank = (r: { rank: number; score: number } | null) => (r ? `rank ${r.rank} (${r.score})` : 'not found');
  // in HIPAA mode the query (the question, or its rewrite) is not kept
  const query = withoutQuery ? '' : ` for "${trace.query}"`;
  return [
    `Searched ${libraries} ${libraries === 1 ? 'library' : 'libraries'} (${trace.mode})${query} in ${trace.durationMs} ms`,
    ...trace.retrievers.map((r) => `${r.name}: ${r.candidates} candidates in ${r.durationMs} ms`),
    `${trace.fused} candidates after fusion, ${passages.length} sent to the model`,
    ...(trace.reranker ? [rerankLine(trace.reranker)] : []),
    ...passages.map(
      (p, i) =>
        `[${i + 1}] ${p.fileName}${pageLabel(p)} (chunk ${p.chunkIndex}): fused ${p.score}; FullText ${rank(p.ranks.FullText)}; Vector ${rank(p.ranks.Vector)}` +
        (trace.reranker ? `; rerank ${p.rerank ? rank(p.rerank) : 'none'}` : ''),
    ),
  ];
}

const rerankLine = (r: NonNullable<RetrievalTrace['reranker']>) =>
  r.error === null
    ? `Reranked the first ${r.candidates} candidates with ${r.model} in ${r.durationMs} ms`
    : `Reranking the first ${r.candidates} candidates with ${r.model} failed (${r.error}) in ${r.durationMs} ms: fused order kept`;

const StandaloneTimeoutMs = 10_000;
const StandaloneInstructions =
  'Rewrite the last question of the conversation as one standalone search query that can be understood without the conversation: ' +
  'resolve pronouns and references to earlier turns, keep names and key terms, add nothing else. Answer with the query only.';

/**
 * The question as one that stands on its own: unchanged without earlier turns; otherwise rewritten by the model from
 * the last turns (the offline engine, a failure or a timeout: the previous question and this one together).
 */
export async function standaloneQuestion(
  models: ModelGateway,
  deployment: ResolvedDeployment,
  earlier: { question: string; answer: string }[],
  question: string,
  signal: AbortSignal,
): Promise<string> {
  if (earlier.length === 0) return question;
  const recent = earlier.slice(-3);
  const fallback = `${recent.at(-1)!.question} ${question}`;
  if (deployment.providerType === 'Offline') return fallback;
  const conversation = recent.map((t) => `User: ${t.question}\nAssistant: ${t.answer.slice(0, 1000)}`).join('\n\n');
  const timeout = AbortSignal.any([signal, AbortSignal.timeout(StandaloneTimeoutMs)]);
  try {
    let text = '';
    for await (const part of models.stream({
      deployment,
      system: StandaloneInstructions,
      messages: [{ role: 'user', content: `${conversation}\n\nLast question: ${question}` }],
      params: { temperature: 0, topP: null, frequencyPenalty: null, maxTokens: 120, reasoningEffort: null, verbosity: null },
      passages: [],
      signal: timeout,
    })) {
      if (part.type === 'text') text += part.text;
    }
    const query = text.trim().replace(/^["']|["']$/g, '');
    return query && query.length <= 1000 ? query : fallback;
  } catch {
    return fallback;
  }
}
