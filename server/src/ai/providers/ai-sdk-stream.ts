// Turns one AI SDK streamText call into the registry's StreamParts: text deltas, tool calls, a final
// usage part (the provider's counts, else a tokenizer estimate), and failures as ModelError whether
// they happen before the first token or mid-stream. Every networked provider goes through here.
import { APICallError, jsonSchema, RetryError, streamText, tool, type LanguageModel, type ModelMessage, type ToolSet } from 'ai';
import { ModelError, type AnswerRequest, type ChatMessage, type StreamPart } from '../model.types.js';
import { countTokens } from './tokenizer.js';
import { reasoningSupport } from './reasoning.js';

export interface ProviderQuirks {
  /** Anthropic's newer models refuse temperature and top_p together */
  exclusiveTemperatureTopP?: boolean;
}

export function toModelMessages(messages: ChatMessage[], vision: boolean): ModelMessage[] {
  return messages.map((m): ModelMessage => {
    if (m.role === 'tool') {
      return { role: 'tool', content: [{ type: 'tool-result', toolCallId: m.toolCallId, toolName: m.toolName, output: { type: 'text', value: m.content } }] };
    }
    if (m.role === 'assistant') {
      if (!m.toolCalls?.length) return { role: 'assistant', content: m.content };
      return {
        role: 'assistant',
        content: [
          ...(m.content ? [{ type: 'text' as const, text: m.content }] : []),
          ...m.toolCalls.map((c) => ({ type: 'tool-call' as const, toolCallId: c.toolCallId, toolName: c.toolName, input: c.input })),
        ],
      };
    }
    // Images only reach deployments that can see them; others get the text alone.
    if (!vision || !m.images?.length) return { role: 'user', content: m.content };
    return {
      role: 'user',
      content: [{ type: 'text', text: m.content }, ...m.images.map((i) => ({ type: 'image' as const, image: i.base64, mediaType: i.mimeType }))],
    };
  });
}

/** The agent's reasoning effort and verbosity, for a model that takes them (reasoning.ts); otherwise neither. */
export function reasoningSettings(request: Pick<AnswerRequest, 'deployment' | 'params'>): { reasoningEffort?: string; textVerbosity?: string } {
  const { params, deployment } = request;
  const takes = reasoningSupport(deployment.providerType, deployment.model);
  return {
    ...(takes.reasoningEffort && params.reasoningEffort ? { reasoningEffort: params.reasoningEffort } : {}),
    ...(takes.verbosity && params.verbosity ? { textVerbosity: params.verbosity } : {}),
  };
}

export function callSettings(request: AnswerRequest, quirks: ProviderQuirks = {}) {
  const { params, deployment } = request;
  const caps = [params.maxTokens, deployment.maxOutputTokens].filter((n): n is number => typeof n === 'number' && n > 0);
  const temperature = params.temperature ?? undefined;
  const reasoning = reasoningSettings(request);
  return {
    temperature,
    topP: quirks.exclusiveTemperatureTopP && temperature !== undefined ? undefined : (params.topP ?? undefined),
    frequencyPenalty: params.frequencyPenalty ?? undefined,
    maxOutputTokens: caps.length > 0 ? Math.min(...caps) : undefined,
    // @ai-sdk/openai (OpenAI, Azure) reads `openai`, @ai-sdk/openai-compatible `openaiCompatible`
    ...(Object.keys(reasoning).length > 0 ? { providerOptions: { openai: reasoning, openaiCompatible: reasoning } } : {}),
  };
}

function toolSet(request: AnswerRequest): ToolSet | undefined {
  if (!request.deployment.tools || !request.tools?.length) return undefined;
  // No execute: the model's call ends the stream and the orchestrator runs the tool.
  return Object.fromEntries(request.tools.map((t) => [t.name, tool({ description: t.description, inputSchema: jsonSchema(t.inputSchema) })]));
}

/** An upstream failure in the registry's terms; the upstream's own message is kept, its body is not. */
export function toModelError(error: unknown, beforeFirstToken: boolean): ModelError {
  if (error instanceof ModelError) return error;
  const cause = RetryError.isInstance(error) ? error.lastError : error;
  if (APICallError.isInstance(cause)) {
    const status = cause.statusCode ?? null;
    return new ModelError(`The model provider failed${status ? ` (HTTP ${status})` : ''}: ${cause.message}`, 'upstream', status, beforeFirstToken);
  }
  if (cause instanceof Error) {
    if (cause.name === 'AbortError') return new ModelError('The request was cancelled.', 'aborted', null, beforeFirstToken);
    return new ModelError(`The model provider failed: ${cause.message}`, 'upstream', null, beforeFirstToken);
  }
  // error events inside a stream arrive as the provider's JSON, e.g. {type, message} or {error:{message}}
  const body = cause as { message?: unknown; error?: { message?: unknown }; type?: unknown } | null;
  const message = String(body?.message ?? body?.error?.message ?? body?.type ?? 'unknown error');
  const status = body?.type === 'overloaded_error' ? 529 : body?.type === 'rate_limit_error' ? 429 : null;
  return new ModelError(`The model provider failed: ${message}`, 'upstream', status, beforeFirstToken);
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

export async function* streamFromAiSdk(model: LanguageModel, request: AnswerRequest, quirks: ProviderQuirks = {}): AsyncIterable<StreamPart> {
  // Our own controller as well as the caller's: a consumer that stops iterating must also stop the upstream request.
  const local = new AbortController();
  const signal = AbortSignal.any([request.signal, local.signal]);
  const result = streamText({
    model,
    system: request.system || undefined,
    messages: toModelMessages(request.messages, request.deployment.vision),
    tools: toolSet(request),
    ...(request.toolChoice && toolSet(request) ? { toolChoice: request.toolChoice } : {}),
    ...callSettings(request, quirks),
    abortSignal: signal,
    // The orchestrator decides what to do with a failure; retries would only delay its error event.
    maxRetries: 0,
    // errors come back as stream parts; the default handler would print them to the console
    onError: () => undefined,
  });

  let answer = '';
  let pending = '';
  let sentText = false;
  let usage: { input: number | undefined; output: number | undefined } = { input: undefined, output: undefined };
  const estimate = async (): Promise<StreamPart> => {
    const prompt = [request.system, ...request.messages.map((m) => m.content)].join('\n');
    if (usage.input !== undefined && usage.output !== undefined) {
      return { type: 'usage', promptTokens: usage.input, completionTokens: usage.output, estimated: false };
    }
    return {
      type: 'usage',
      promptTokens: usage.input ?? (await countTokens(prompt)),
      completionTokens: usage.output ?? (await countTokens(answer + pending)),
      estimated: true,
    };
  };

  try {
    for await (const part of result.fullStream) {
      switch (part.type) {
        case 'text-delta': {
          let text = pending + part.text;
          pending = '';
          // never hand out half of a surrogate pair: keep it until its other half arrives
          if (text.length > 0 && isHighSurrogate(text.charCodeAt(text.length - 1))) {
            pending = text.slice(-1);
            text = text.slice(0, -1);
          }
          if (text === '') break;
          answer += text;
          sentText = true;
          yield { type: 'text', text };
          break;
        }
        case 'tool-call':
          yield { type: 'tool-call', toolCallId: part.toolCallId, toolName: part.toolName, input: part.input };
          break;
        case 'finish':
          usage = { input: part.totalUsage.inputTokens, output: part.totalUsage.outputTokens };
          break;
        case 'error':
          throw toModelError(part.error, !sentText);
        case 'abort':
          if (pending) yield { type: 'text', text: pending };
          pending = '';
          yield await estimate();
          return;
        default:
          break;
      }
    }
    if (signal.aborted) {
      yield await estimate();
      return;
    }
    if (pending) {
      answer += pending;
      yield { type: 'text', text: pending };
      pending = '';
    }
    yield await estimate();
  } catch (e) {
    throw toModelError(e, !sentText);
  } finally {
    local.abort();
  }
}
