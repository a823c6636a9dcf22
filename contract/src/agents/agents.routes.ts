// Paths of the agents a person chats with (docs/wire-protocol.md, docs/product.md §7 CurrentUser), exported as
// AgentRoutes (see ../routes.ts).

export const available = '/CurrentUser/AvailableGptSystems';
export const pinned = '/CurrentUser/pinnedGptSystems';
/** POST pins, DELETE unpins (the agent's id in the body) */
export const pin = '/CurrentUser/pinnedGptSystem';
export const recent = '/CurrentUser/recentGptSystems';
export const detailsForConversation = '/userConversations/gptSystems/:gptSystemId/detailsForConversation';
export const promptsForConversation = '/userConversations/gptSystems/:gptSystemId/promptsForConversation';
/** GET: the published agent's avatar (the avatarUrl answers name it) */
export const avatar = '/gptSystems/common/management/:gptSystemId/avatar';
