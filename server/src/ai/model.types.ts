// The seam between the chat orchestrator and the model providers: one normalised request and one
// stream of parts, whatever answers (the offline engine, OpenAI, Azure OpenAI, OpenAI-compatible
// servers, Anthropic). The provider registry implements ModelGateway.

/** the contract's ProviderTypes (AzureSpeech serves Speech deployments only) */
export type ProviderType = 'Offline' | 'OpenAI' | 'AzureOpenAI' | 'OpenAICompatible' | 'Anthropic' | 'AzureSpeech';

export interface ChatImage {
  mimeType: string;
  /** raw base64, no data: prefix */
  base64: string;
}

/** A tool the model called, as it goes back to the model in the next round. */
export interface ToolCall {
  toolCallId: string;
  toolName: string;
  input: unknown;
}

/**
 * One message of the conversation. Every kind carries `content` as text, so that token estimates read
 * all of them alike: an assistant turn that called tools holds its text before the calls, and a tool
 * message holds the JSON of the result the model reads back.
 */
export type ChatMessage =
  | { role: 'user'; content: string; images?: ChatImage[] }
  | { role: 'assistant'; content: string; toolCalls?: ToolCall[] }
  | { role: 'tool'; content: string; toolCallId: string; toolName: string };

export interface GenerationParams {
  temperature: number | null;
  topP: number | null;
  frequencyPenalty: number | null;
  maxTokens: number | null;
  /** lower case (low, medium, high…); reaches only models that take it (providers/reasoning.ts) */
  reasoningEffort?: string | null;
  /** lower case (low, medium, high); reaches only models that take it */
  verbosity?: string | null;
}

/** A passage the answer may draw on (retrieval, files); the offline engine answers from these. */
export interface ContextPassage {
  title: string;
  path: string;
  text: string;
}

export interface ResolvedDeployment {
  deploymentId: string;
  /** the identifier agents and clients use, e.g. "gpt-4o" or "offline" */
  name: string;
  displayName: string;
  /** the provider's model id */
  model: string;
  providerType: ProviderType;
  /** answeredWithModel.category on segments, e.g. "OpenAI" */
  category: string;
  vision: boolean;
  tools: boolean;
  hipaaCompliant: boolean;
  contextWindow: number | null;
  maxOutputTokens: number | null;
}

export interface AnswerRequest {
  deployment: ResolvedDeployment;
  system: string;
  /** the lineage of the conversation, oldest first, ending with the new question */
  messages: ChatMessage[];
  params: GenerationParams;
  passages: ContextPassage[];
  /** tools the model may call (deployments with tools only); a call ends the stream with a tool-call part */
  tools?: ToolSpec[];
  /** 'none' keeps the tools declared (history holds their calls) but lets the model call none */
  toolChoice?: 'auto' | 'none';
  signal: AbortSignal;
}

export interface ToolSpec {
  name: string;
  description: string;
  /** JSON Schema of the tool's input object */
  inputSchema: Record<string, unknown>;
}

export type StreamPart =
  | { type: 'text'; text: string }
  /** a named step of long-running work, e.g. "Searching the web" */
  | { type: 'step'; text: string }
  | { type: 'citation'; title: string; path: string }
  | { type: 'tool-call'; toolCallId: string; toolName: string; input: unknown }
  | { type: 'usage'; promptTokens: number; completionTokens: number; estimated: boolean };

/** Raised by a provider; `beforeFirstToken` tells the orchestrator whether any text went out. */
export class ModelError extends Error {
  constructor(
    message: string,
    readonly kind: 'not_configured' | 'upstream' | 'aborted',
    readonly status: number | null = null,
    readonly beforeFirstToken = true,
  ) {
    super(message);
  }
}

export interface ImageRequest {
  deployment: ResolvedDeployment;
  prompt: string;
  signal: AbortSignal;
}

export interface GeneratedImage {
  data: Uint8Array;
  /** what the provider said or the bytes showed, e.g. image/png */
  mediaType: string;
}

export interface EmbeddingRequest {
  /** a deployment of kind Embedding (ModelGateway.embeddingDeployments) */
  deployment: ResolvedDeployment;
  /** the texts, each non-empty; sent in batches (ai/embeddings.ts EmbeddingBatchLimits) */
  inputs: string[];
  signal: AbortSignal;
  /** retries of each call after a 429, a 5xx or a dropped connection; default DefaultEmbeddingRetries */
  retries?: number;
}

export interface EmbeddingResult {
  /** one vector per input, in order */
  vectors: number[][];
  /** the length of every vector: the model's own (the first embedding tells) */
  dimensions: number;
  /** tokens the provider counted, when it says */
  tokens: number | null;
}

/** An embedding deployment as libraries choose it: the default embedding deployment is the one new libraries get. */
export type EmbeddingDeployment = ResolvedDeployment & { isDefault: boolean };

/**
 * The instance's default Rerank deployment as the reranker calls it (modules/knowledge/reranker.ts): the connection's
 * base URL and its key, decrypted for the Authorization header only (never logged, never in a response).
 */
export interface RerankTarget {
  deployment: ResolvedDeployment;
  /** the connection's base URL without a trailing slash; the reranker posts to `{baseUrl}/rerank` */
  baseUrl: string;
  apiKey: string | null;
}

/**
 * The instance's default Speech deployment as reading aloud calls it (ai/speech.ts): the connection's endpoint (empty
 * for OpenAI's own), its api-version (Azure OpenAI) and its key, decrypted for the request header only.
 */
export interface SpeechTarget {
  deployment: ResolvedDeployment;
  /** without a trailing slash */
  endpoint: string;
  apiVersion: string | null;
  apiKey: string | null;
}

/** How much of the question and of the answer the title prompt reads (ModelGateway.generateTitle). */
export const TitleInputChars = 2000;

export interface ModelGateway {
  /** the named deployment, or the instance default when name is null; throws AppError 400 when unknown */
  resolve(name: string | null): Promise<ResolvedDeployment>;
  /** streams one answer; ends after a final usage part; honours request.signal */
  stream(request: AnswerRequest): AsyncIterable<StreamPart>;
  /** the deployment that draws images (the default image deployment; in HIPAA mode a compliant one), or null */
  imageDeployment(): Promise<ResolvedDeployment | null>;
  /** one image for the prompt, as the image model returned it; throws ModelError */
  generateImage(request: ImageRequest): Promise<GeneratedImage>;
  /** enabled deployments of kind Embedding whose provider embeds, the default embedding deployment first */
  embeddingDeployments(): Promise<EmbeddingDeployment[]>;
  /**
   * the vectors of the request's inputs, batched, each call retried with backoff; throws ModelError (not_configured
   * for a deployment no longer enabled, or not HIPAA-compliant in HIPAA mode; upstream with the provider's status
   * and words, credentials removed)
   */
  embed(request: EmbeddingRequest): Promise<EmbeddingResult>;
  /**
   * the default Rerank deployment, or null when there is none (or, in HIPAA mode, when it is not marked
   * HIPAA-compliant: the question and the passages would reach it); throws ModelError when its key cannot be decrypted
   */
  reranker(): Promise<RerankTarget | null>;
  /**
   * the default Speech deployment, or null when there is none (or, in HIPAA mode, when it is not marked
   * HIPAA-compliant: the answers would reach it); throws ModelError when its key cannot be decrypted
   */
  speaker(): Promise<SpeechTarget | null>;
  /** a short title for a conversation from the first TitleInputChars of question and answer, or null when no language model is configured */
  generateTitle(question: string, answer: string, signal: AbortSignal): Promise<string | null>;
  /** forget cached deployments and connections (after an administrator changed them) */
  invalidate(): void;
}
