// The provider adapters by type, in the order the admin UI offers them.
import type { ProviderTypeName } from '@atrium/contract';
import type { ProviderAdapter } from './provider.types.js';
import { offlineProvider } from './offline.js';
import { openaiProvider } from './openai.js';
import { azureOpenaiProvider } from './azure-openai.js';
import { openaiCompatibleProvider } from './openai-compatible.js';
import { anthropicProvider } from './anthropic.js';
import { azureSpeechProvider } from './azure-speech.js';

export const providerAdapters: Record<ProviderTypeName, ProviderAdapter> = {
  OpenAI: openaiProvider,
  AzureOpenAI: azureOpenaiProvider,
  Anthropic: anthropicProvider,
  OpenAICompatible: openaiCompatibleProvider,
  AzureSpeech: azureSpeechProvider,
  Offline: offlineProvider,
};

/** Case-insensitive, with the short names clients write in "<provider>|<model>" identifiers. */
export function providerTypeFromName(name: string): ProviderTypeName | null {
  const key = name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]/g, '');
  const aliases: Record<string, ProviderTypeName> = {
    offline: 'Offline',
    openai: 'OpenAI',
    azureopenai: 'AzureOpenAI',
    azure: 'AzureOpenAI',
    openaicompatible: 'OpenAICompatible',
    compatible: 'OpenAICompatible',
    anthropic: 'Anthropic',
    claude: 'Anthropic',
    azurespeech: 'AzureSpeech',
  };
  return Object.hasOwn(aliases, key) ? aliases[key]! : null;
}

export type { ProviderAdapter, ProviderConnection } from './provider.types.js';
