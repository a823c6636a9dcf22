// Azure OpenAI: deployments of a resource. A dated api-version uses the classic deployment URLs
// (/openai/deployments/{name}/chat/completions); v1 (the default) uses the v1 API where the model is the deployment name.
import { createAzure } from '@ai-sdk/azure';
import type { ProviderAdapter, ProviderConnection } from './provider.types.js';

const client = (connection: ProviderConnection) => {
  const apiVersion = connection.apiVersion ?? 'v1';
  return createAzure({
    baseURL: `${(connection.endpoint ?? '').replace(/\/+$/, '').replace(/\/openai(\/v1)?$/, '')}/openai`,
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
    modelFieldDescription: 'The Azure deployment name (of a chat model, or of an image model such as gpt-image-1).',
    deploymentKinds: ['Chat', 'ImageGeneration'],
  },
  languageModel: (connection, model) => client(connection).chat(model),
  imageModel: (connection, model) => client(connection).image(model),
  quirks: {},
};
