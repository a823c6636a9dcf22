// The models page's small rules, kept out of the components so that they are tested on their own: the
// OpenAI-compatible servers offered as presets, deployment names made from model ids, and how limits and
// prices are written.
import { DeploymentKinds, type Connection, type Deployment, type DeploymentKind, type ProviderTypeName } from '@atrium/contract';

/** Providers an administrator adds here (the offline engine is built in and needs no connection). */
export const AddableProviders: readonly ProviderTypeName[] = ['OpenAI', 'AzureOpenAI', 'Anthropic', 'OpenAICompatible', 'AzureSpeech'];

export type PresetKey = 'ollama' | 'vllm' | 'lmStudio' | 'other';

/** Common OpenAI-compatible servers at their default addresses on the same machine. */
export const CompatiblePresets: readonly { key: PresetKey; name: string; endpoint: string }[] = [
  { key: 'ollama', name: 'Ollama', endpoint: 'http://localhost:11434/v1' },
  { key: 'vllm', name: 'vLLM', endpoint: 'http://localhost:8000/v1' },
  { key: 'lmStudio', name: 'LM Studio', endpoint: 'http://localhost:1234/v1' },
  { key: 'other', name: 'OpenAI-compatible server', endpoint: '' },
];

/** A deployment name the contract accepts (letters, digits, spaces and . _ : - /, starting with a letter or digit). */
export function deploymentNameOf(model: string): string {
  const cleaned = model
    .trim()
    .replace(/[^A-Za-z0-9._:\-/ ]+/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(0, 100);
  return cleaned || 'model';
}

/** `name`, or `name-2`, `name-3`… when another deployment has it (names are unique without regard to case). */
export function uniqueName(name: string, taken: Iterable<string>): string {
  const lower = new Set([...taken].map((n) => n.toLowerCase()));
  if (!lower.has(name.toLowerCase())) return name;
  for (let i = 2; ; i++) {
    const candidate = `${name.slice(0, 96)}-${i}`;
    if (!lower.has(candidate.toLowerCase())) return candidate;
  }
}

/** Every deployment of the instance, for unique names. */
export const allDeploymentNames = (connections: readonly Connection[]): string[] => connections.flatMap((c) => c.deployments.map((d) => d.name));

/** The default deployment of each kind, with its connection. */
export function defaultsByKind(connections: readonly Connection[]): Record<DeploymentKind, { deployment: Deployment; connection: Connection } | null> {
  const out = Object.fromEntries(DeploymentKinds.map((k) => [k, null])) as Record<DeploymentKind, { deployment: Deployment; connection: Connection } | null>;
  for (const connection of connections)
    for (const deployment of connection.deployments) if (deployment.isDefault) out[deployment.kind] = { deployment, connection };
  return out;
}

/** 128000 → "128K", 1048576 → "1M", 8192 → "8,192": short for large limits, exact for small ones. */
export function formatTokens(tokens: number, locale = 'en-US'): string {
  const short = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  if (tokens >= 1_000_000) return `${short.format(tokens / 1_000_000)}M`;
  if (tokens >= 10_000) return `${short.format(tokens / 1000)}K`;
  return new Intl.NumberFormat(locale).format(tokens);
}

/** US dollars with at least two and at most six decimals: 2.5 → "$2.50", 0.075 → "$0.075". */
export const formatPrice = (price: number, locale = 'en-US'): string =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 6 }).format(price);

/** A number field's text as the body's number: '' is null, anything else not a number is undefined (an error). */
export function numberOf(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed.replace(/,/g, ''));
  return Number.isFinite(value) ? value : undefined;
}
