// Azure OpenAI: deployments of a resource. A dated api-version uses the classic deployment URLs
// (/openai/deployments/{name}/chat/completions); v1 (the default) uses the v1 API where the model is the deployment name.
import { createAzure } from '@ai-sdk/azure';
import type { ProviderAdapter, ProviderConnection } from './provider.types.js';
import { getJson, guessKind, listData, ModelListError, openAiModels, type ListedModel } from './model-list.js';

/** The resource's root, however the endpoint was written (with or without /openai or /openai/v1). */
const resourceRoot = (connection: ProviderConnection) => (connection.endpoint ?? '').replace(/\/+$/, '').replace(/\/openai(\/v1)?$/, '');

/** The data-plane deployments list (an api-version that still has it); it names each deployment's model. */
const DeploymentsListApiVersion = '2022-12-01';

/**
 * The resource's deployments, which is what an Azure deployment's `model` field names. Resources that no
 * longer answer the data-plane list (404) are asked for the v1 API's models instead.
 */
async function listAzureModels(connection: ProviderConnection, signal: AbortSignal, timeoutMs: number): Promise<ListedModel[]> {
  const headers = { 'api-key': connection.apiKey ?? '' };
  const url = `${resourceRoot(connection)}/openai/deployments?api-version=${DeploymentsListApiVersion}`;
  try {
    const deployments = listData(await getJson(url, headers, signal, timeoutMs), url);
    return deployments
      .map((d) => {
        const baseModel = typeof d.model === 'string' ? d.model : null;
        return { id: d.id as string, displayName: null, baseModel, kind: guessKind(baseModel ?? (d.id as string)), contextWindow: null };
      })
      .sort((a, b) => a.id.localeCompare(b.id));
  } catch (error) {
    if (!(error instanceof ModelListError) || error.status !== 404) throw error;
  }
  const modelsUrl = `${resourceRoot(connection)}/openai/v1/models`;
  return openAiModels(await getJson(modelsUrl, headers, signal, timeoutMs), modelsUrl);
}

const client = (connection: ProviderConnection) => {
  const apiVersion = connection.apiVersion ?? 'v1';
  return createAzure({
    baseURL: `${resourceRoot(connection)}/openai`,
    apiKey: connection.apiKey ?? '',
    apiVersion,
    useDeploymentBasedUrls: apiVersion !== 'v1',
  });
};

export const azureOpenaiProvider: ProviderAdapter = {
  description: {
    providerType: 'AzureOpenAI',
    displayName: 'Azure OpenAI',
    description: 'Deployments of an Azure OpenAI (Azure AI Foundry) resource.',
    fields: [
      {
        name: 'endpoint',
        displayName: 'Endpoint',
        description: 'The resource endpoint, e.g. https://my-resource.openai.azure.com.',
        fieldType: 'url',
        required: true,
        defaultValue: null,
      },
      { name: 'apiKey', displayName: 'API key', description: 'Key 1 or key 2 of the resource.', fieldType: 'secret', required: true, defaultValue: null },
      {
        name: 'apiVersion',
        displayName: 'API version',
        description: 'v1, or a dated version such as 2024-10-21 for classic deployment URLs.',
        fieldType: 'text',
        required: false,
        defaultValue: 'v1',
      },
    ],
    modelFieldDescription:
      'The Azure deployment name (of a chat model, an image model such as gpt-image-1, an embedding model, or a speech model such as gpt-4o-mini-tts).',
    deploymentKinds: ['Chat', 'ImageGeneration', 'Embedding', 'Speech'],
  },
  languageModel: (connection, model) => client(connection).chat(model),
  imageModel: (connection, model) => client(connection).image(model),
  // v1: {resource}/openai/v1/embeddings with the deployment as the model; dated: /openai/deployments/{name}/embeddings
  embeddingModel: (connection, model) => client(connection).embedding(model),
  quirks: {},
  listModels: listAzureModels,
};
