// Anthropic (Claude) through its Messages API.
import { createAnthropic } from '@ai-sdk/anthropic';
import type { ProviderAdapter } from './provider.types.js';
import { getJson, listData } from './model-list.js';

export const AnthropicDefaultBaseUrl = 'https://api.anthropic.com/v1';
/** the API version header the models list is asked with (the AI SDK sends the same) */
const AnthropicVersion = '2023-06-01';

/** Accepts the base with or without /v1, as ANTHROPIC_BASE_URL is written for Anthropic's own SDKs. */
export const anthropicBaseUrl = (endpoint: string | null) => {
  if (!endpoint) return AnthropicDefaultBaseUrl;
  const base = endpoint.replace(/\/+$/, '');
  return base.endsWith('/v1') ? base : `${base}/v1`;
};

export const anthropicProvider: ProviderAdapter = {
  description: {
    providerType: 'Anthropic',
    displayName: 'Anthropic',
    description: 'Claude models through the Anthropic API.',
    fields: [
      { name: 'apiKey', displayName: 'API key', description: 'A key from console.anthropic.com.', fieldType: 'secret', required: true, defaultValue: null },
      {
        name: 'endpoint',
        displayName: 'Base URL',
        description: 'Leave empty for api.anthropic.com.',
        fieldType: 'url',
        required: false,
        defaultValue: AnthropicDefaultBaseUrl,
      },
    ],
    modelFieldDescription: 'The Claude model id, e.g. claude-sonnet-4-5.',
    deploymentKinds: ['Chat'],
  },
  imageModel: null,
  embeddingModel: null,
  languageModel: (connection, model) =>
    createAnthropic({ apiKey: connection.apiKey ?? '', baseURL: anthropicBaseUrl(connection.endpoint) }).languageModel(model),
  quirks: { exclusiveTemperatureTopP: true },
  listModels: async (connection, signal, timeoutMs) => {
    const url = `${anthropicBaseUrl(connection.endpoint)}/models?limit=1000`;
    const body = await getJson(url, { 'x-api-key': connection.apiKey ?? '', 'anthropic-version': AnthropicVersion }, signal, timeoutMs);
    // newest first, as Anthropic lists them
    return listData(body, url).map((m) => ({
      id: m.id as string,
      displayName: typeof m.display_name === 'string' ? m.display_name : null,
      baseModel: null,
      kind: 'Chat' as const,
      contextWindow: null,
    }));
  },
};
