// Zod-free constants of agents, for the web bundle too (SPEC §5 validation, §9 limits).
export const AgentNameMaxLength = 150;
export const AgentDescriptionMaxLength = 500;
export const AgentValidationMessages = {
  nameRequired: 'Name is required',
  nameTooLong: `Name exceeds the maximum limit of ${AgentNameMaxLength} characters`,
  descriptionTooLong: `Description exceeds the maximum limit of ${AgentDescriptionMaxLength} characters`,
} as const;

export const AgentCapabilityTypes = ['InternetSearch', 'ImageCreation', 'CodeInterpreter', 'FileSearch', 'Vision'] as const;

/** Variables a system prompt may use, rendered per request (`{{userName}}`). */
export const SystemPromptVariables = [
  { name: 'userName', description: "The person's display name" },
  { name: 'userEmail', description: "The person's email address" },
  { name: 'date', description: "Today's date in the person's time zone" },
  { name: 'time', description: "The current time in the person's time zone" },
  { name: 'timeZone', description: "The person's time zone" },
  { name: 'gptSystemName', description: "The agent's name" },
] as const;

/** SPEC §9: the quick-create popover and its identicon. */
export const QuickCreatePopoverWidth = 480;
export const QuickCreateIdenticonSize = 24;
export const QuickCreateCloseDelayMs = 500;
