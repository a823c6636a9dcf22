// OpenAI's own API, through chat completions (`.chat()`): the same protocol as every compatible server.
import { createOpenAI } from '@ai-sdk/openai';
import type { ProviderAdapter, ProviderConnection } from './provider.types.js';
import { getJson, openAiModels, trimSlashes } from './model-list.js';

export const OpenAiDefaultBaseUrl = 'https://api.openai.com/v1';

const client = (connection: ProviderConnection) => createOpenAI({ apiKey: connection.apiKey ?? '', baseURL: connection.endpoint ?? OpenAiDefaultBaseUrl });

export const openaiProvider: ProviderAdapter = {
  description: {
    providerType: 'OpenAI',
    displayName: 'OpenAI',
    description: 'Models of the OpenAI API (GPT-4o, GPT-4.1, o-series…).',
    fields: [
      {
        name: 'apiKey',
        displayName: 'API key',
        description: 'A secret key from platform.openai.com.',
        fieldType: 'secret',
        required: true,
        defaultValue: null,
      },
      {
        name: 'endpoint',
        displayName: 'Base URL',
        description: 'Leave empty for api.openai.com; set it for a proxy.',
        fieldType: 'url',
        required: false,
        defaultValue: OpenAiDefaultBaseUrl,
      },
    ],
    modelFieldDescription:
      'The OpenAI model id, e.g. gpt-4o-mini (chat), gpt-image-1 (images), text-embedding-3-small (embeddings) or gpt-4o-mini-tts (speech).',
    deploymentKinds: ['Chat', 'ImageGeneration', 'Embedding', 'Speech'],
  },
  languageModel: (connection, model) => client(connection).chat(model),
  imageModel: (connection, model) => client(connection).image(model),
  embeddingModel: (connection, model) => client(connection).embedding(model),
  quirks: {},
  listModels: async (connection, signal, timeoutMs) => {
    const url = `${trimSlashes(connection.endpoint ?? OpenAiDefaultBaseUrl)}/models`;
    return openAiModels(await getJson(url, { authorization: `Bearer ${connection.apiKey ?? ''}` }, signal, timeoutMs), url);
  },
};
