// The browser's entry to the contract: constants, permissions, routes and the SSE codec, plus the wire
// types. No zod schema is evaluated here, so the web bundle carries no validation library.
export * from './permissions.js';
export * from './constants.js';
export * from './routes.js';
export * from './brands/brands.constants.js';
export * from './instance/instance.constants.js';
export * from './sse/sse.codec.js';
export * from './user-prompts/user-prompts.constants.js';
export type * from './common/errors.schemas.js';
export type * from './common/list.schemas.js';
export type * from './auth/auth.schemas.js';
export type * from './instance/instance.schemas.js';
export type * from './brands/brands.schemas.js';
export type * from './users/users.schemas.js';
export type * from './agents/agents.schemas.js';
export * from './agents/agent-limits.js';
export type * from './agents/config-states.schemas.js';
export type * from './agents/admin-agents.schemas.js';
export type * from './user-prompts/user-prompts.schemas.js';
export type * from './connections/connections.schemas.js';
export type * from './conversations/conversations.schemas.js';
export * from './guidelines/guidelines.constants.js';
export type * from './chat-access-policies/chat-access-policies.schemas.js';
export type * from './guidelines/guidelines.schemas.js';
