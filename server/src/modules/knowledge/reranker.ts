// Reranking: after fusion, the instance's default Rerank deployment (a cross-encoder such as Cohere Rerank or Jina
// Reranker, or a local server that speaks their API: vLLM, TEI, Infinity) reads the question with each of the best
// fused candidates and scores how well the passage answers it; the candidates are reordered by that score before each
// library keeps its top-k.
//
// Configuration: a deployment of kind Rerank on an OpenAI-compatible connection (the models page), its model the
// reranker's, the connection's base URL and sealed key; the model registry hands over the default one
// (ModelGateway.reranker: none, or in HIPAA mode one not marked compliant, means no reranking). RERANK_URL,
// RERANK_MODEL and RERANK_API_KEY create that connection and deployment at the first start (connections.seed.ts);
// RERANK_TIMEOUT_MS bounds every call (default 5 s).
//
// The call: `POST {baseUrl}/rerank` with `{model, query, documents: [text…], top_n}` and `Authorization: Bearer {key}`
// (the shape Cohere v2 and Jina share); the answer's `results: [{index, relevance_score}]`. It goes through the AI
// SDK's rerank(), whose retry is the one embeddings use (ai/embeddings.ts): 429, 408, 409, 5xx and dropped
// connections retried, here once, after 2 s or what Retry-After asks (under a minute). The whole call, retry
// included, has the timeout. A timeout, an error or an answer that is not a ranking keeps the
// fused order: the trace says why, the log warns, and the search never fails for it. The key goes in the header only:
// errors are described by their status, never by the upstream's words (which may repeat the key).
import { APICallError, RetryError, rerank, type RerankingModel } from 'ai';
import type { RetrievalTrace, RetrievedPassage } from '@atrium/contract';
import type { AppContext } from '../../platform/context.js';
import type { RerankTarget } from '../../ai/model.types.js';

/** What reranking reads: the model registry (the default Rerank deployment), the configuration (its timeout), the logger. */
export type RerankContext = Pick<AppContext, 'config' | 'logger' | 'models'>;

/** The reranker sees this many candidates per passage wanted, at least the minimum and at most the maximum. */
export const RerankCandidates = { perPassage: 3, min: 10, max: 100 } as const;

/** One retry after a 429, a 5xx or a dropped connection (the timeout bounds both tries). */
const RerankRetries = 1;

/** A fused candidate as retrieval holds it: the chunk and its fused score (and whatever else it carries along). */
export interface FusedCandidate {
  chunkId: number;
  score: number;
}

/** The text of a candidate's chunk: its headings and text, as the model would read it. */
export interface CandidateText {
  text: string;
  headings: string[];
}

export type Reranked<C> = C & { rerank: RetrievedPassage['rerank'] };

/** An answer of the reranker that is not a ranking of the documents it was sent. */
class BadAnswer extends Error {}

type RerankModel = Exclude<RerankingModel, string>;

/** The reranker as an AI SDK reranking model: POST {baseUrl}/rerank, Cohere v2 / Jina request and response. */
function rerankModel(target: RerankTarget): RerankModel {
  const model = target.deployment.model;
  return {
    specificationVersion: 'v3',
    provider: 'rerank-api',
    modelId: model,
    async doRerank({ documents, query, topN, abortSignal }) {
      const url = `${target.baseUrl}/rerank`;
      const body = { model, query, documents: documents.values, top_n: topN };
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(target.apiKey ? { authorization: `Bearer ${target.apiKey}` } : {}) },
          body: JSON.stringify(body),
          signal: abortSignal ?? null,
        });
      } catch (e) {
        if (abortSignal?.aborted) throw e;
        // a refused or dropped connection: retried, as the AI SDK's providers do
        throw new APICallError({ message: 'no connection', url, requestBodyValues: {}, isRetryable: true, cause: e });
      }
      const text = await res.text();
      if (!res.ok) {
        const retryable = res.status === 408 || res.status === 409 || res.status === 429 || res.status >= 500;
        // what the retry reads (Retry-After, retry-after-ms)
        const responseHeaders: Record<string, string> = {};
        res.headers.forEach((value, name) => (responseHeaders[name] = value));
        throw new APICallError({
          message: `HTTP ${res.status}`,
          url,
          requestBodyValues: {},
          statusCode: res.status,
          responseHeaders,
          isRetryable: retryable,
        });
      }
      let results: unknown;
      try {
        results = (JSON.parse(text) as { results?: unknown }).results;
      } catch {
        throw new BadAnswer('an answer that is not JSON');
      }
      const count = documents.values.length;
      if (!Array.isArray(results)) throw new BadAnswer('an answer without results');
      const seen = new Set<number>();
      const ranking: { index: number; relevanceScore: number }[] = [];
      for (const r of results as { index?: unknown; relevance_score?: unknown }[]) {
        const { index, relevance_score: score } = r ?? {};
        if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= count || typeof score !== 'number' || !Number.isFinite(score)) {
          throw new BadAnswer('an answer with a result that is not a document index and a relevance score');
        }
        if (seen.has(index)) continue;
        seen.add(index);
        ranking.push({ index, relevanceScore: score });
      }
      return { ranking };
    },
  };
}

/** Why reranking failed, in our words (never the upstream's, which may repeat the key). */
function reasonOf(e: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `timed out after ${timeoutMs} ms`;
  const retried = RetryError.isInstance(e);
  const last = retried ? e.lastError : e;
  const after = retried && e.errors.length > 1 ? ' (after a retry)' : '';
  if (APICallError.isInstance(last)) return `${last.message}${after}`;
  if (last instanceof BadAnswer) return last.message;
  if (last instanceof Error && last.name === 'AbortError') return 'cancelled';
  return 'an unexpected error';
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;

/**
 * The fused candidates with the reranker's order: the first candidates that have a text (RerankCandidates per passage
 * wanted) reordered by relevance score (ties in fused order), each with its rerank rank and score, then the rest in
 * fused order. Without a Rerank deployment, or when it fails, the fused order with no rerank scores; `trace` says
 * which (null without one).
 */
export async function rerankFused<C extends FusedCandidate>(
  ctx: RerankContext,
  query: string,
  ordered: C[],
  texts: ReadonlyMap<number, CandidateText>,
  wanted: number,
  signal?: AbortSignal,
): Promise<{ candidates: Reranked<C>[]; trace: RetrievalTrace['reranker'] }> {
  const unranked = () => ordered.map((c) => ({ ...c, rerank: null }));
  const count = Math.min(RerankCandidates.max, Math.max(RerankCandidates.min, wanted * RerankCandidates.perPassage));
  const sent = ordered.filter((c) => texts.has(c.chunkId)).slice(0, count);
  if (sent.length === 0) return { candidates: unranked(), trace: null };
  const timeoutMs = ctx.config.rerankTimeoutMs;
  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) * 10) / 10;
  let target: RerankTarget | null;
  try {
    target = await ctx.models.reranker();
  } catch (e) {
    // a key this instance cannot decrypt: the deployment's fault, said in the trace like a failed call
    const error = e instanceof Error ? e.message : 'an unexpected error';
    ctx.logger.warn({ candidates: sent.length, error }, 'Reranking failed: the fused order is kept');
    return { candidates: unranked(), trace: { model: 'unknown', candidates: sent.length, durationMs: elapsed(), error } };
  }
  if (!target) return { candidates: unranked(), trace: null };
  const model = target.deployment.model;
  const documents = sent.map((c) => {
    const t = texts.get(c.chunkId)!;
    return t.headings.length ? `${t.headings.join(' › ')}\n${t.text}` : t.text;
  });

  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const result = await rerank({
      model: rerankModel(target),
      documents,
      query,
      topN: documents.length,
      maxRetries: RerankRetries,
      abortSignal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    const byChunk = new Map<number, { rank: number; score: number }>();
    const ranking = [...result.ranking].sort((a, b) => b.score - a.score || a.originalIndex - b.originalIndex);
    ranking.forEach((r, i) => byChunk.set(sent[r.originalIndex]!.chunkId, { rank: i + 1, score: round(r.score) }));
    const reranked = ranking.map((r) => ({ ...sent[r.originalIndex]!, rerank: byChunk.get(sent[r.originalIndex]!.chunkId)! }));
    // the candidates it was not sent, or did not return (a top_n it applied anyway), follow in fused order
    const rest = ordered.filter((c) => !byChunk.has(c.chunkId)).map((c) => ({ ...c, rerank: null }));
    return { candidates: [...reranked, ...rest], trace: { model, candidates: sent.length, durationMs: elapsed(), error: null } };
  } catch (e) {
    const error = reasonOf(e, timeout.aborted, timeoutMs);
    ctx.logger.warn(
      { reranker: target.deployment.name, model, candidates: sent.length, durationMs: elapsed(), error },
      'Reranking failed: the fused order is kept',
    );
    return { candidates: unranked(), trace: { model, candidates: sent.length, durationMs: elapsed(), error } };
  }
}
