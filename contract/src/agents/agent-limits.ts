// Zod-free constants of agents, for the web bundle too (docs/product.md §5 validation, §9 limits).
export const AgentNameMaxLength = 150;
export const AgentDescriptionMaxLength = 500;
export const AgentValidationMessages = {
  nameRequired: 'Name is required',
  nameTooLong: `Name exceeds the maximum limit of ${AgentNameMaxLength} characters`,
  descriptionTooLong: `Description exceeds the maximum limit of ${AgentDescriptionMaxLength} characters`,
} as const;

/** What is wrong with an agent's name (required; at most AgentNameMaxLength once trimmed), or null. */
export function agentNameError(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return AgentValidationMessages.nameRequired;
  if (trimmed.length > AgentNameMaxLength) return AgentValidationMessages.nameTooLong;
  return null;
}

/** What is wrong with an agent's description (at most AgentDescriptionMaxLength), or null. */
export const agentDescriptionError = (description: string): string | null =>
  description.length > AgentDescriptionMaxLength ? AgentValidationMessages.descriptionTooLong : null;

export const AgentCapabilityTypes = ['InternetSearch', 'ImageCreation', 'CodeInterpreter', 'FileSearch', 'Vision'] as const;

/**
 * Other names clients send for a capability (docs/wire-protocol.md: scripts write WebSearch for InternetSearch). A
 * configuration keeps the name as it was sent; everything that acts on capabilities reads the canonical one.
 */
export const AgentCapabilityAliases = { WebSearch: 'InternetSearch' } as const satisfies Record<string, (typeof AgentCapabilityTypes)[number]>;
export const AgentCapabilityNames = [...AgentCapabilityTypes, ...(Object.keys(AgentCapabilityAliases) as (keyof typeof AgentCapabilityAliases)[])] as const;

/** The canonical name of a capability (InternetSearch for WebSearch), case-insensitively; unknown names as written. */
export function canonicalCapability(name: string): string {
  const lower = name.toLowerCase();
  const alias = Object.entries(AgentCapabilityAliases).find(([a]) => a.toLowerCase() === lower);
  if (alias) return alias[1];
  return AgentCapabilityTypes.find((c) => c.toLowerCase() === lower) ?? name;
}

/** Reasoning effort and verbosity an agent may ask of models that take them (docs/wire-protocol.md configuration; any case). */
export const AgentReasoningEfforts = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh'] as const;
export const AgentVerbosities = ['low', 'medium', 'high'] as const;
/** Whether an agent answers: an Inactive one is kept out of the agent lists and refuses new questions. */
export const AgentStatuses = ['Active', 'Inactive'] as const;

/** Variables a system prompt may use, rendered per request (`{{userName}}`). */
export const SystemPromptVariables = [
  { name: 'userName', description: "The person's display name" },
  { name: 'userEmail', description: "The person's email address" },
  { name: 'date', description: "Today's date in the person's time zone" },
  { name: 'time', description: "The current time in the person's time zone" },
  { name: 'timeZone', description: "The person's time zone" },
  { name: 'gptSystemName', description: "The agent's name" },
] as const;

/** docs/product.md §9: the quick-create popover and its identicon. */
export const QuickCreatePopoverWidth = 480;
export const QuickCreateIdenticonSize = 24;
export const QuickCreateCloseDelayMs = 500;
