// The editable fields of an agent draft as the forms hold them, and their conversion from and to the
// wire shape. Number fields hold text while typing and are sent as numbers (docs/product.md §5) or null.
import type { ConfigState, ConfigStateUpdate } from '@atrium/contract';

export interface AgentDraftValues {
  gptSystemName: string;
  description: string;
  systemPrompt: string;
  introduction: string;
  deploymentName: string;
  temperature: string;
  topP: string;
  frequencyPenalty: string;
  maxTokens: string;
}

const text = (n: number | null) => (n === null ? '' : String(n));
const num = (s: string): number | null => (s.trim() === '' || Number.isNaN(Number(s)) ? null : Number(s));

export const valuesOf = (c: ConfigState): AgentDraftValues => ({
  gptSystemName: c.gptSystemName,
  description: c.description,
  systemPrompt: c.systemPrompt,
  introduction: c.introduction,
  deploymentName: c.deploymentName ?? '',
  temperature: text(c.temperature),
  topP: text(c.topP),
  frequencyPenalty: text(c.frequencyPenalty),
  maxTokens: text(c.maxTokens),
});

export const updateOf = (v: AgentDraftValues): ConfigStateUpdate => ({
  gptSystemName: v.gptSystemName.trim(),
  description: v.description,
  systemPrompt: v.systemPrompt,
  introduction: v.introduction,
  deploymentName: v.deploymentName || null,
  temperature: num(v.temperature),
  topP: num(v.topP),
  frequencyPenalty: num(v.frequencyPenalty),
  maxTokens: num(v.maxTokens) === null ? null : Math.round(num(v.maxTokens)!),
});
