// Who may use, see and change an agent: the one place these rules live. Later issues extend mayUse
// (chat access policies, sharing of personal agents); callers only ever ask these functions.
import { AppError } from '../../platform/errors.js';
import { mayAct, type GptSystemUserAction } from '@atrium/contract';
import type { Principal } from '../../platform/access.js';
import type { AgentRow } from './agents.repository.js';

type AgentFacts = Pick<AgentRow, 'id' | 'gptSystemType' | 'ownerUserId' | 'isDeleted' | 'publishedConfig' | 'sharedWithUserIds'>;

const isOwner = (principal: Principal, agent: AgentFacts) => agent.ownerUserId !== null && agent.ownerUserId === principal.userId;
/** The owner shared this personal agent with the caller (PUT …/personal/management/{id}/sharing). */
const isSharedWith = (principal: Principal, agent: AgentFacts) => !!agent.sharedWithUserIds?.includes(principal.userId);

/** Whether the caller may read (and so chat with) System agents in general, or this one through a …Specific scope. */
const mayReadSystemAgent = (principal: Principal, agentId: string) =>
  principal.actions.has('GptSystemsRead') || (principal.actions.has('GptSystemsReadSpecific') && principal.scopes.gptSystemIds.has(agentId));

/**
 * Whether the caller may chat with this agent, ignoring whether it is published or deleted.
 * System agents: any holder of GptSystemsRead, or of GptSystemsReadSpecific scoped to this agent.
 * Personal (User) agents: their owner and the people they shared it with.
 */
export function mayUse(principal: Principal, agent: AgentFacts): boolean {
  if (agent.gptSystemType === 'User') return isOwner(principal, agent) || isSharedWith(principal, agent);
  return mayReadSystemAgent(principal, agent.id);
}

export type AgentAccess = 'use' | 'forbidden' | 'notFound';

/**
 * What a caller gets when they name an agent for chat. Deleted and unpublished agents do not exist
 * for chat, and someone else's personal agent is reported as absent rather than forbidden, so that
 * its id cannot be probed (docs/architecture.md: never leak another user's object).
 */
export function accessForChat(principal: Principal, agent: AgentFacts | null): AgentAccess {
  if (!agent || agent.isDeleted || !agent.publishedConfig) return 'notFound';
  if (agent.gptSystemType === 'User' && !isOwner(principal, agent) && !isSharedWith(principal, agent)) return 'notFound';
  return mayUse(principal, agent) ? 'use' : 'forbidden';
}

/** Administrators who may change this agent's configuration (avatar today, more later). */
export function mayManage(principal: Principal, agent: AgentFacts): boolean {
  if (principal.actions.has('GptSystemsWrite')) return true;
  if (principal.actions.has('GptSystemsWriteSpecific') && principal.scopes.gptSystemIds.has(agent.id)) return true;
  return agent.gptSystemType === 'User' && isOwner(principal, agent);
}

/**
 * Agents an administrator may see in the admin area: all with a general create or write action (System ones
 * with GptSystemsRead, read-only), else those of their roles' …Specific scope, and what they may manage.
 */
export function mayAdminister(principal: Principal, agent: AgentFacts): boolean {
  if (principal.actions.has('GptSystemsWrite') || principal.actions.has('GptSystemsCreate')) return true;
  const scoped = principal.actions.has('GptSystemsReadSpecific') || principal.actions.has('GptSystemsWriteSpecific');
  // GptSystemsRead (admitted to admin routes only for administrators) shows every System agent read-only,
  // unless the person holds …Specific actions: then their roles' scope is what they see
  if (!scoped && principal.actions.has('GptSystemsRead') && agent.gptSystemType !== 'User') return true;
  return (scoped && principal.scopes.gptSystemIds.has(agent.id)) || mayManage(principal, agent);
}

/** A System agent known only by its id (other modules' admin views, e.g. its guidelines). */
const systemAgent = (id: string): AgentFacts => ({
  id,
  gptSystemType: 'System',
  ownerUserId: null,
  isDeleted: false,
  publishedConfig: null,
  sharedWithUserIds: [],
});

/** Whether the admin area shows this System agent to the caller (mayAdminister by id). */
export const mayAdministerSystemAgent = (principal: Principal, gptSystemId: string): boolean => mayAdminister(principal, systemAgent(gptSystemId));

/** Whether the caller may change this System agent (mayManage by id). */
export const mayManageSystemAgent = (principal: Principal, gptSystemId: string): boolean => mayManage(principal, systemAgent(gptSystemId));

/** Whether the caller may create System agents (the contract's agents.create). */
export const mayCreateSystemAgents = (principal: Principal): boolean => mayAct([...principal.actions], 'agents', 'create');

/** The caller's own personal agent or draft; anyone else's does not exist for them. */
export const isOwnPersonal = (principal: Principal, agent: Pick<AgentRow, 'gptSystemType' | 'ownerUserId'>): boolean =>
  agent.gptSystemType === 'User' && agent.ownerUserId === principal.userId;

/** The abilities presented with an agent, so that the UI never re-derives these rules. */
export function userActionsOn(principal: Principal, agent: AgentFacts): GptSystemUserAction[] {
  const actions: GptSystemUserAction[] = [];
  if (accessForChat(principal, agent) === 'use') actions.push('Chat', 'Pin');
  if (mayManage(principal, agent)) actions.push('Edit', 'Delete');
  return actions;
}

/** The refusal of every personal-agent call while AllowUserCreatedGptSystems is off. */
export const PersonalAgentsDisabled = 'personal_agents_disabled';
export const personalAgentsDisabled = () =>
  new AppError(PersonalAgentsDisabled, 403, 'Personal agents are turned off on this instance (AllowUserCreatedGptSystems).');

/** The refusal of a question to an agent whose owner set its status to Inactive. */
export const AgentInactive = 'agent_inactive';
export const agentInactive = () =>
  new AppError(AgentInactive, 403, 'This agent is inactive: its owner has turned it off. Set its status to Active to chat with it again.');

/** Whether the agent belongs in the lists people pick agents from: not hidden (isHidden) and not Inactive. */
export const isListed = (agent: { publishedConfig: { isHidden?: boolean; status?: string } | null }) =>
  !agent.publishedConfig?.isHidden && agent.publishedConfig?.status !== 'Inactive';
