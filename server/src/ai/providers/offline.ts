// The built-in offline engine as a provider type: connections of this type need no fields, and their
// deployments answer with the offline engine (useful to pin an agent to it explicitly).
import type { ProviderAdapter } from './provider.types.js';

export const offlineProvider: ProviderAdapter = {
  description: {
    providerType: 'Offline',
    displayName: 'Offline (built in)',
    description: 'The built-in answerer without a language model: it says that no model is configured, or quotes the agent’s knowledge.',
    fields: [],
    modelFieldDescription: 'Any name; the offline engine ignores it.',
    deploymentKinds: ['Chat'],
  },
  languageModel: null,
  imageModel: null,
  embeddingModel: null,
  quirks: {},
  // nothing to reach: the engine is part of the server
  listModels: async () => [{ id: 'atrium-offline', displayName: 'Offline engine', baseModel: null, kind: 'Chat', contextWindow: null }],
};
