// The agent lists of the current user: available (Discover page, New Chat), pinned and recent. They live
// in app/api (agents.api.ts), shared with the chat page, which opens the first available agent.
export { agentsApi as getAgentsApi, useGetAgentsQuery, type AgentListKind } from '../../../app/api/agents.api';
