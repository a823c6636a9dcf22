// The editable fields of an agent draft as the forms hold them, and their conversion from and to the
// wire shape. Number fields hold text while typing and are sent as numbers (docs/product.md §5) or null;
// text that is not a number goes out as NaN, which the contract's schema refuses before anything is sent.
import { canonicalCapability, type ConfigState, type ConfigStateUpdate } from '@atrium/contract';

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
  /** as the draft names them (WebSearch stays WebSearch): names the editor does not show are kept */
  capabilityTypes: string[];
  restrictAnswerToInformationReturnedByTools: boolean;
  /** results per web search; empty: the server's default */
  webSearchResultCount: string;
}

const text = (n: number | null) => (n === null ? '' : String(n));
const num = (s: string): number | null => (s.trim() === '' ? null : Number(s));

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
  capabilityTypes: [...c.capabilityTypes],
  restrictAnswerToInformationReturnedByTools: c.restrictAnswerToInformationReturnedByTools,
  webSearchResultCount: text(c.webSearchResultCount ?? null),
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
  maxTokens: num(v.maxTokens),
  capabilityTypes: v.capabilityTypes as ConfigStateUpdate['capabilityTypes'],
  restrictAnswerToInformationReturnedByTools: v.restrictAnswerToInformationReturnedByTools,
  webSearchResultCount: num(v.webSearchResultCount),
});

/** Whether the draft has the capability under any of its names (InternetSearch or WebSearch). */
export const hasCapability = (names: readonly string[], capability: string) => names.some((c) => canonicalCapability(c) === capability);

/** The names with the capability switched on (under its canonical name) or off (under every name it has). */
export const withCapability = (names: readonly string[], capability: string, on: boolean): string[] => {
  const without = names.filter((c) => canonicalCapability(c) !== capability);
  return on ? [...without, capability] : without;
};
