// Which models take an agent's reasoning effort and verbosity (docs/wire-protocol.md configuration fields). Sending
// either to a model that does not take it fails the request (OpenAI answers 400 "Unrecognized request
// argument"), so they go only to the families known to take them, recognised by model id as the AI SDK
// recognises OpenAI's reasoning models: the o-series and GPT-5 (not its chat variants) take both, and
// gpt-oss, served by OpenAI-compatible servers, takes the reasoning effort. Anthropic models take neither.
import type { ProviderType } from '../model.types.js';

export interface ReasoningSupport {
  reasoningEffort: boolean;
  verbosity: boolean;
}

const None: ReasoningSupport = { reasoningEffort: false, verbosity: false };

export function reasoningSupport(providerType: ProviderType, model: string): ReasoningSupport {
  if (providerType !== 'OpenAI' && providerType !== 'AzureOpenAI' && providerType !== 'OpenAICompatible') return None;
  // servers such as vLLM and OpenRouter name models "<organisation>/<model>"
  const id = model.trim().toLowerCase().split('/').pop() ?? '';
  if (/^o\d+(-|$)/.test(id)) return { reasoningEffort: true, verbosity: false };
  const gpt = /^gpt-(\d+)(?:\.\d+)?(?:-(.+))?$/.exec(id);
  if (gpt && Number(gpt[1]) >= 5 && !(gpt[2] ?? '').startsWith('chat')) return { reasoningEffort: true, verbosity: true };
  if (id.startsWith('gpt-oss')) return { reasoningEffort: true, verbosity: false };
  return None;
}
