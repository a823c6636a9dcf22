// Paths of Admin gptSystems (docs/product.md §7): agents, their drafts (configuration states), publishing, starter
// prompts and data sources; exported as AdminAgentRoutes (see ../routes.ts).

export const agents = '/admin/gptSystems';
export const systemAgents = '/admin/gptSystems/system';
export const availableConfiguration = '/admin/gptSystems/AvailableConfiguration';
export const systemDefaults = '/admin/gptSystems/SystemDefaults';
export const ragSystemDefaults = '/admin/gptSystems/ragDataSources/SystemDefaults';
export const dataSourcesTypes = '/admin/gptSystems/dataSourcesTypes';
export const handlebarsValueTypes = '/admin/gptSystems/requestParameterHandlebarsValueTypes';
/** POST: a draft for a new agent */
export const configStates = '/admin/gptSystems/configurationStates';
export const configState = '/admin/gptSystems/configurationStates/:configStateId';
export const createFromConfigState = '/admin/gptSystems/configurationStates/:configStateId/createGptSystem';
export const updateFromConfigState = '/admin/gptSystems/configurationStates/:configStateId/updateGptSystem';
export const agent = '/admin/gptSystems/:gptSystemId';
export const detailsForConversation = '/admin/gptSystems/:gptSystemId/detailsForConversation';
export const agentConfigStates = '/admin/gptSystems/:gptSystemId/configurationStates';
export const publishing = '/admin/gptSystems/:gptSystemId/publishing';
/** PUT: publishing under the name later clients use */
export const publishingV2 = '/admin/gptSystems/:gptSystemId/publishing/V2';
export const rollback = '/admin/gptSystems/:gptSystemId/publishing/rollback';
export const prompts = '/admin/gptSystems/:gptSystemId/prompts';
export const prompt = '/admin/gptSystems/:gptSystemId/prompts/:promptId';
export const ragDataSources = '/admin/gptSystems/:gptSystemId/ragDataSources';
export const ragDataSource = '/admin/gptSystems/:gptSystemId/ragDataSources/:ragDataSourceId';
/** POST multipart uploads, DELETE removes */
export const avatar = '/admin/gptSystems/:gptSystemId/avatar';
