// Connection and deployment constants without zod, so that the browser bundle can use them (the models page
// offers the provider types and deployment kinds; the schemas build their enums from the same lists).

export const ProviderTypes = ['Offline', 'OpenAI', 'AzureOpenAI', 'OpenAICompatible', 'Anthropic', 'AzureSpeech'] as const;
export type ProviderTypeName = (typeof ProviderTypes)[number];

/**
 * What a deployment is for: Chat deployments answer questions; ImageGeneration deployments draw the
 * pictures of agents with the ImageCreation capability (an images/generations model such as
 * gpt-image-1); Embedding deployments turn the text of file libraries and of questions into vectors
 * (an embeddings model such as text-embedding-3-small); Rerank deployments reorder the passages a file library
 * search found by how well each answers the question (a cross-encoder such as rerank-v3.5 or
 * jina-reranker-v2-base-multilingual, served at the Cohere/Jina-compatible `POST {baseUrl}/rerank`; on
 * OpenAI-compatible connections only); Speech deployments read answers aloud (a text-to-speech model such as
 * gpt-4o-mini-tts or tts-1, served at `POST {baseUrl}/audio/speech`; docs/speech.md). Each kind has its own default.
 * Later kinds are added here, and every screen that lists kinds follows.
 */
export const DeploymentKinds = ['Chat', 'ImageGeneration', 'Embedding', 'Rerank', 'Speech'] as const;
export type DeploymentKind = (typeof DeploymentKinds)[number];

/**
 * The vector length an Embedding deployment asks for (the OpenAI `dimensions` parameter: text-embedding-3 models
 * answer shortened vectors, e.g. 256 or 1,024 of text-embedding-3-large's 3,072); null asks none and takes the
 * model's own. At most pgvector's 16,000.
 */
export const EmbeddingDimensionsLimits = { min: 1, max: 16_000 } as const;

/** Prices are US dollars per million tokens, with at most six decimals (the database's numeric(14, 6)). */
export const MaxPricePerMillionTokens = 99_999_999;
export const PriceDecimals = 6;

/** How long "Test connection" waits for the provider's model list. */
export const ConnectionTestTimeoutMs = 10_000;
