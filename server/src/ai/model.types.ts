// The seam between the chat orchestrator and the model providers: one normalised request and one
// stream of parts, whatever answers (the offline engine, OpenAI, Azure OpenAI, OpenAI-compatible
// servers, Anthropic). The provider registry implements ModelGateway.

export type ProviderType = 'Offline' | 'OpenAI' | 'AzureOpenAI' | 'OpenAICompatible' | 'Anthropic';

export interface ChatImage {
  mimeType: string;
  /** raw base64, no data: prefix */
  base64: string;
}

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
  images?: ChatImage[];
}

export interface GenerationParams {
  temperature: number | null;
  topP: number | null;
  frequencyPenalty: number | null;
  maxTokens: number | null;
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
  | { type: 'tool-call'; toolName: string; input: unknown }
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

export interface ModelGateway {
  /** the named deployment, or the instance default when name is null; throws AppError 400 when unknown */
  resolve(name: string | null): Promise<ResolvedDeployment>;
  /** streams one answer; ends after a final usage part; honours request.signal */
  stream(request: AnswerRequest): AsyncIterable<StreamPart>;
  /** a short title for a conversation, or null when no language model is configured */
  generateTitle(question: string, answer: string, signal: AbortSignal): Promise<string | null>;
  /** forget cached deployments and connections (after an administrator changed them) */
  invalidate(): void;
}
