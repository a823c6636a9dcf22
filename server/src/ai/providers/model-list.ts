// "Test connection": asking a provider which models (or, on Azure, which deployments) it serves, with
// the connection's own settings. One GET with a time limit and a size limit; what the provider answers
// becomes a list of model ids, and anything else a ModelListError whose message says what went wrong
// (the provider's own words included, credentials removed by the caller).
import type { DeploymentKind } from '@atrium/contract';

export interface ListedModel {
  /** what a deployment's `model` field takes: the model id, or the Azure deployment name */
  id: string;
  /** the provider's own name for it, when it gives one (Anthropic does) */
  displayName: string | null;
  /** Azure: the model behind the deployment, e.g. gpt-4o */
  baseModel: string | null;
  /** a guess from the name: Chat, ImageGeneration, Embedding, Rerank, Speech, or null for other models (transcription, moderation) */
  kind: DeploymentKind | null;
  /** when the server says (vLLM's max_model_len, OpenRouter's context_length) */
  contextWindow: number | null;
}

/** A failed model list: `status` is the provider's HTTP status, null when it did not answer. */
export class ModelListError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/** Model lists are small; a server answering more than this is not a model list. */
const MaxBodyBytes = 5 * 1024 * 1024;

const ImageModel = /(^|[/:_-])(gpt-image|dall-?e|flux|stable-diffusion|sdxl|sd3|imagen|midjourney)/i;
/** text-embedding-3-small, nomic-embed-text, mxbai-embed-large, Qwen3-Embedding-8B…, and the BGE, GTE and E5 families */
const EmbeddingModel = /embed|(^|[/:])(bge|gte|e5)-/i;
/** rerank-v3.5, jina-reranker-v2-base-multilingual, BAAI/bge-reranker-v2-m3, mxbai-rerank-large-v1 */
const RerankModel = /rerank/i;
/** tts-1, tts-1-hd, gpt-4o-mini-tts, kokoro (a self-hosted speech server's model) */
const SpeechModel = /(^|[/:_-])(tts|kokoro)([/:_-]|$)/i;
const OtherModel = /(whisper|transcribe|moderation|audio|realtime|search-preview|speech)/i;

/** Chat unless the name says it draws images, embeds, reranks, speaks, or does something else than chat. */
export function guessKind(id: string): DeploymentKind | null {
  if (ImageModel.test(id)) return 'ImageGeneration';
  // a reranker is not an embedding model, whatever else its name says (bge-reranker)
  if (RerankModel.test(id)) return 'Rerank';
  if (SpeechModel.test(id)) return 'Speech';
  if (OtherModel.test(id)) return null;
  if (EmbeddingModel.test(id)) return 'Embedding';
  return 'Chat';
}

/** The provider's error message from an error body (OpenAI, Azure and Anthropic shapes), else its text. */
export function providerMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown; detail?: unknown };
    const error = parsed.error;
    if (typeof error === 'string') return error;
    if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') return (error as { message: string }).message;
    if (typeof parsed.message === 'string') return parsed.message;
    if (typeof parsed.detail === 'string') return parsed.detail;
  } catch {
    // not JSON: the text itself
  }
  const text = body.replace(/\s+/g, ' ').trim();
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

async function readLimited(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MaxBodyBytes) {
      await reader.cancel();
      throw new ModelListError('The server answered more than 5 MB: this does not look like a model list.', response.status);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** What a network failure was, in a few words (the cause's code, e.g. ECONNREFUSED, ENOTFOUND). */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (cause && typeof cause.code === 'string') return cause.code;
  if (cause && typeof cause.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/** GETs a provider's JSON, turning every failure into a ModelListError that names the URL (never the headers). */
export async function getJson(url: string, headers: Record<string, string>, signal: AbortSignal, timeoutMs: number): Promise<unknown> {
  const where = url.split('?')[0];
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json', ...headers }, signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) });
  } catch (error) {
    if (signal.aborted) throw new ModelListError('The test was cancelled.', null);
    if ((error as { name?: string }).name === 'TimeoutError') throw new ModelListError(`${where} did not answer within ${timeoutMs / 1000} s.`, null);
    throw new ModelListError(`Could not reach ${where} (${networkReason(error)}).`, null);
  }
  const body = await readLimited(response);
  if (!response.ok) {
    const said = providerMessage(body);
    throw new ModelListError(`${where} answered ${response.status}${said ? `: ${said}` : ` ${response.statusText}`}`, response.status);
  }
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new ModelListError(`${where} did not answer JSON: is this the API's base URL?`, response.status);
  }
}

/** The `data` array of an OpenAI-style list ({object: 'list', data: [...]}), or a clear error. */
export function listData(body: unknown, url: string): Record<string, unknown>[] {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) throw new ModelListError(`${url.split('?')[0]} answered without a model list: is this the API's base URL?`, 200);
  return data.filter((d): d is Record<string, unknown> => !!d && typeof d === 'object' && typeof (d as { id?: unknown }).id === 'string');
}

const positiveInt = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null);

/** Models of an OpenAI-style list, sorted by id. */
export function openAiModels(body: unknown, url: string): ListedModel[] {
  return listData(body, url)
    .map((m) => {
      const id = m.id as string;
      return {
        id,
        displayName: null,
        baseModel: null,
        kind: guessKind(id),
        contextWindow: positiveInt(m.max_model_len) ?? positiveInt(m.context_length) ?? positiveInt(m.context_window),
      };
    })
    .sort((a, b) => a.id.localeCompare(b.id));
}

export const trimSlashes = (url: string) => url.replace(/\/+$/, '');
