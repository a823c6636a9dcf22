// What a provider adapter knows: how its connections are described to administrators, and how to
// build AI SDK language, image and embedding models from a connection. The registry picks the adapter by provider type.
import type { EmbeddingModel, ImageModel, LanguageModel } from 'ai';
import type { ProviderDescription } from '@atrium/contract';
import type { ProviderQuirks } from './ai-sdk-stream.js';
import type { ListedModel } from './model-list.js';

/** A stored connection with its key decrypted, only ever held in memory. */
export interface ProviderConnection {
  connectionId: string;
  name: string;
  endpoint: string | null;
  apiVersion: string | null;
  apiKey: string | null;
}

export interface ProviderAdapter {
  description: ProviderDescription;
  /** null for the offline engine, which needs no language model */
  languageModel: ((connection: ProviderConnection, model: string) => LanguageModel) | null;
  /** the provider's images/generations model; null where it draws no images (description.deploymentKinds says the same) */
  imageModel: ((connection: ProviderConnection, model: string) => ImageModel) | null;
  /** the provider's embeddings model (POST …/embeddings); null where it embeds nothing (description.deploymentKinds says the same) */
  embeddingModel: ((connection: ProviderConnection, model: string) => EmbeddingModel) | null;
  quirks: ProviderQuirks;
  /** "Test connection": the models (Azure: deployments) the connection's server offers; throws ModelListError */
  listModels: (connection: ProviderConnection, signal: AbortSignal, timeoutMs: number) => Promise<ListedModel[]>;
}
