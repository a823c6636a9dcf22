// Paths of personal agents (docs/product.md §7 ConfigStates, GptSystems common/personal/directory): drafts,
// management, sharing and the directory; exported as PersonalAgentRoutes (see ../routes.ts).

/** POST: a new draft of this type (User); GET: the caller's drafts of it */
export const byGptSystemType = '/configStates/byGptSystemType/:gptSystemType';
/** POST: a draft of an agent the caller owns */
export const byGptSystem = '/configStates/byGptSystemId/:gptSystemId';
export const configState = '/configStates/:configStateId';
export const createGptSystem = '/configStates/:configStateId/createGptSystem';
export const updateGptSystem = '/configStates/:configStateId/updateGptSystem';
export const dataSourcesAndCapabilities = '/configStates/:configStateId/dataSourcesAndCapabilities';
export const configStateAvatar = '/configStates/:configStateId/avatar';
export const managed = '/gptSystems/personal/management';
export const managedAgent = '/gptSystems/personal/management/:gptSystemId';
export const publishing = '/gptSystems/personal/management/:gptSystemId/publishing';
export const publishingV2 = '/gptSystems/personal/management/:gptSystemId/publishing/V2';
export const sharing = '/gptSystems/personal/management/:gptSystemId/sharing';
/** DELETE: the caller's own agent */
export const agent = '/gptSystems/common/management/:gptSystemId';
export const availableForConversation = '/gptSystems/common/AvailableForConversation';
export const directoryMine = '/gptSystems/directory/Mine';
export const directorySharedWithMe = '/gptSystems/directory/SharedWithMe';
export const directorySystem = '/gptSystems/directory/System';
export const directoryPersonalConfigStates = '/gptSystems/directory/PersonalConfigStates';
/** POST: accept an agent shared with the caller */
export const sharedWithMe = '/CurrentUser/gptSystemSharedWithMe';
