// Azure AI Speech: the neural voices of a Speech resource, for Speech deployments only (docs/speech.md). A deployment's
// `model` is the voice (e.g. en-US-AvaMultilingualNeural); ai/speech.ts sends it SSML at
// `POST {endpoint}/cognitiveservices/v1`. "Test connection" lists the resource's voices.
import type { ProviderAdapter, ProviderConnection } from './provider.types.js';
import { getJson, ModelListError, type ListedModel } from './model-list.js';

/** The resource's text-to-speech root, however the endpoint was written (with or without a /cognitiveservices path). */
export const azureSpeechRoot = (endpoint: string | null) => (endpoint ?? '').replace(/\/+$/, '').replace(/\/cognitiveservices(\/.*)?$/, '');

async function listVoices(connection: ProviderConnection, signal: AbortSignal, timeoutMs: number): Promise<ListedModel[]> {
  const url = `${azureSpeechRoot(connection.endpoint)}/cognitiveservices/voices/list`;
  const body = await getJson(url, { 'Ocp-Apim-Subscription-Key': connection.apiKey ?? '' }, signal, timeoutMs);
  if (!Array.isArray(body)) throw new ModelListError(`${url} did not answer a list of voices.`, null);
  return body
    .filter((v): v is { ShortName: string; DisplayName?: unknown; Locale?: unknown } => !!v && typeof (v as { ShortName?: unknown }).ShortName === 'string')
    .map((v) => ({
      id: v.ShortName,
      displayName: typeof v.DisplayName === 'string' ? `${v.DisplayName}${typeof v.Locale === 'string' ? ` (${v.Locale})` : ''}` : null,
      baseModel: null,
      kind: 'Speech' as const,
      contextWindow: null,
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

export const azureSpeechProvider: ProviderAdapter = {
  description: {
    providerType: 'AzureSpeech',
    displayName: 'Azure AI Speech',
    description: 'The neural voices of an Azure AI Speech resource, to read answers aloud.',
    fields: [
      {
        name: 'endpoint',
        displayName: 'Endpoint',
        description: "The text-to-speech endpoint of the resource's region, e.g. https://westeurope.tts.speech.microsoft.com.",
        fieldType: 'url',
        required: true,
        defaultValue: null,
      },
      {
        name: 'apiKey',
        displayName: 'API key',
        description: 'Key 1 or key 2 of the Speech resource.',
        fieldType: 'secret',
        required: true,
        defaultValue: null,
      },
    ],
    modelFieldDescription: 'The voice, e.g. en-US-AvaMultilingualNeural.',
    deploymentKinds: ['Speech'],
  },
  languageModel: null,
  imageModel: null,
  embeddingModel: null,
  quirks: {},
  listModels: listVoices,
};
