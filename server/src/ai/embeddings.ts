// Embeddings: text to vectors through a deployment of kind Embedding. The calls are the AI SDK's embedMany over the
// provider's embeddings model (POST {base}/embeddings on OpenAI and OpenAI-compatible servers; on Azure the v1
// {resource}/openai/v1/embeddings, or /openai/deployments/{name}/embeddings with a dated api-version), which
// retries 429 and 5xx answers (and dropped connections) with exponential backoff, 2 s doubling, and waits what a
// Retry-After or retry-after-ms header asks when it is under a minute. Inputs go in batches that keep a call small
// whatever the provider's own limit (OpenAI takes 2,048 inputs and 300,000 tokens per call; local servers less).
import { embedMany, type EmbeddingModel } from 'ai';
import { ModelError } from './model.types.js';
import { toModelError } from './providers/ai-sdk-stream.js';

/** Inputs per call, and characters per call (about 25,000 tokens): one call of a batch takes a few seconds at most. */
export const EmbeddingBatchLimits = { inputs: 64, characters: 100_000 } as const;

/** Retries of one call after a 429, a 5xx or a dropped connection (2 + 4 + 8 + 16 s, or what Retry-After asks). */
export const DefaultEmbeddingRetries = 4;

/** How long one call may take, its retries included. */
const CallTimeoutMs = 120_000;

export interface Embeddings {
  /** one vector per input, in the order of the inputs */
  vectors: number[][];
  /** the length of every vector */
  dimensions: number;
  /** tokens the provider counted, when it says */
  tokens: number | null;
  /** calls made (batches), retries not counted */
  calls: number;
}

/**
 * The inputs in batches of at most `limits.inputs` inputs and `limits.characters` characters, in order; an input
 * longer than the character limit is a batch of its own (the provider says whether it takes it).
 */
export function embeddingBatches<T>(
  items: readonly T[],
  textOf: (item: T) => string,
  limits: { inputs: number; characters: number } = EmbeddingBatchLimits,
): T[][] {
  const batches: T[][] = [];
  let batch: T[] = [];
  let characters = 0;
  for (const item of items) {
    const length = textOf(item).length;
    if (batch.length > 0 && (batch.length >= limits.inputs || characters + length > limits.characters)) {
      batches.push(batch);
      batch = [];
      characters = 0;
    }
    batch.push(item);
    characters += length;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/**
 * The request's `dimensions` (the deployment's vector length) under each provider's options: OpenAI's and Azure's
 * embedding models read `openai`, OpenAI-compatible servers `openaiCompatible`; both send it as `dimensions`.
 */
const dimensionsOptions = (dimensions: number) => ({ openai: { dimensions }, openaiCompatible: { dimensions } });

/**
 * The vectors of `inputs` from `model`, a call per batch, each retried; throws ModelError (the provider's words,
 * unredacted). With `asked` (the deployment's `dimensions`), the model is asked for vectors of that length (text-embedding-3's shortened
 * vectors); a server that ignores it answers its own length, which is the length stored.
 */
export async function embedInBatches(
  model: EmbeddingModel,
  inputs: readonly string[],
  signal: AbortSignal,
  retries = DefaultEmbeddingRetries,
  asked: number | null = null,
): Promise<Embeddings> {
  const vectors: number[][] = [];
  let tokens: number | null = 0;
  let calls = 0;
  for (const batch of embeddingBatches(inputs, (s) => s)) {
    calls++;
    let result: Awaited<ReturnType<typeof embedMany>>;
    try {
      result = await embedMany({
        model,
        values: batch,
        maxRetries: retries,
        maxParallelCalls: 1,
        ...(asked === null ? {} : { providerOptions: dimensionsOptions(asked) }),
        abortSignal: AbortSignal.any([signal, AbortSignal.timeout(CallTimeoutMs)]),
      });
    } catch (e) {
      if (signal.aborted) throw new ModelError('The request was cancelled.', 'aborted');
      throw toModelError(e, true);
    }
    if (result.embeddings.length !== batch.length) {
      throw new ModelError(`The embedding model answered ${result.embeddings.length} vectors for ${batch.length} texts.`, 'upstream');
    }
    vectors.push(...result.embeddings);
    const counted = result.usage.tokens;
    tokens = tokens !== null && Number.isFinite(counted) ? tokens + counted : null;
  }
  const dimensions = vectors[0]?.length ?? 0;
  for (const v of vectors) {
    if (v.length !== dimensions || dimensions === 0 || !v.every(Number.isFinite)) {
      throw new ModelError(`The embedding model answered vectors of different or no lengths (${dimensions} and ${v.length} numbers).`, 'upstream');
    }
  }
  return { vectors, dimensions, tokens: inputs.length === 0 ? 0 : tokens, calls };
}
