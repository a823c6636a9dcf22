// Any server that speaks OpenAI chat completions: Ollama, vLLM, llama.cpp server, LM Studio, LiteLLM…
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { ProviderAdapter, ProviderConnection } from './provider.types.js';
import { getJson, openAiModels, trimSlashes } from './model-list.js';

const client = (connection: ProviderConnection) =>
  createOpenAICompatible({
    name: 'openai-compatible',
    baseURL: (connection.endpoint ?? '').replace(/\/+$/, ''),
    ...(connection.apiKey ? { apiKey: connection.apiKey } : {}),
    // ask for the usage chunk at the end of the stream; servers that ignore it get an estimate
    includeUsage: true,
  });

export const openaiCompatibleProvider: ProviderAdapter = {
  description: {
    providerType: 'OpenAICompatible',
    displayName: 'OpenAI-compatible server',
    description: 'Ollama, vLLM, llama.cpp server, LM Studio or any server with an OpenAI chat-completions API.',
    fields: [
      {
        name: 'endpoint',
        displayName: 'Base URL',
        description: 'The API base, usually ending in /v1, e.g. http://localhost:11434/v1.',
        fieldType: 'url',
        required: true,
        defaultValue: null,
      },
      { name: 'apiKey', displayName: 'API key', description: 'Only if the server asks for one.', fieldType: 'secret', required: false, defaultValue: null },
    ],
    modelFieldDescription:
      'The model name the server knows, e.g. llama3.1:8b, an image model served at /images/generations, an embedding model served at /embeddings (nomic-embed-text) or a reranker served at /rerank (Cohere, Jina, vLLM, TEI or Infinity: rerank-v3.5, jina-reranker-v2-base-multilingual, BAAI/bge-reranker-v2-m3) or a speech model served at /audio/speech (kokoro, tts-1).',
    deploymentKinds: ['Chat', 'ImageGeneration', 'Embedding', 'Rerank', 'Speech'],
  },
  languageModel: (connection, model) => client(connection).chatModel(model),
  imageModel: (connection, model) => client(connection).imageModel(model),
  embeddingModel: (connection, model) => client(connection).embeddingModel(model),
  quirks: {},
  // Ollama, vLLM, LM Studio and llama.cpp all serve GET /v1/models; vLLM also says each model's context length
  listModels: async (connection, signal, timeoutMs) => {
    const url = `${trimSlashes(connection.endpoint ?? '')}/models`;
    const headers: Record<string, string> = connection.apiKey ? { authorization: `Bearer ${connection.apiKey}` } : {};
    return openAiModels(await getJson(url, headers, signal, timeoutMs), url);
  },
};
