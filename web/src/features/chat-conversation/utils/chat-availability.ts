// What the chat page can do with the agent and conversation in its address, from the server's answers:
// chat; show a notice in place of the page (an agent or conversation that cannot be opened); or show the
// conversation with the input closed and the reason (an old conversation whose agent can no longer answer).
import { ErrorCodes, type Conversation, type DetailsForConversation } from '@atrium/contract';
import { apiErrorBody, apiErrorStatus } from '../../../components/admin/api-error';

/** The refusal of a personal agent while AllowUserCreatedGptSystems is off (server/src/modules/agents/agents.policy.ts). */
const PersonalAgentsDisabled = 'personal_agents_disabled';

type AgentProblem = 'agentBadAddress' | 'agentNotFound' | 'agentForbidden' | 'personalAgentsOff' | 'agentInactive' | 'agentLoadFailed';

export type PageNotice =
  { kind: 'agent'; reason: AgentProblem } | { kind: 'conversationDeleted' } | { kind: 'conversationNotFound' } | { kind: 'conversationLoadFailed' };

export type InputBlock =
  'conversationAgentNotFound' | 'conversationAgentForbidden' | 'conversationPersonalAgentsOff' | 'conversationAgentInactive' | 'conversationAgentLoadFailed';

export interface ChatAvailability {
  /** shown instead of the page: nothing of it can be used */
  page: PageNotice | null;
  /** the conversation can be read, but nothing sent: why */
  inputBlocked: InputBlock | null;
}

export interface AvailabilityInput {
  gptSystemId: string;
  conversationId: string | null;
  details: { data?: DetailsForConversation; error?: unknown };
  conversation: { data?: Conversation; error?: unknown };
}

/** Why the agent cannot be used, from its details' answer; null when it can (or is still loading). */
function agentProblem(details: AvailabilityInput['details']): AgentProblem | null {
  if (details.data) return details.data.status === 'Inactive' ? 'agentInactive' : null;
  if (!details.error) return null;
  const status = apiErrorStatus(details.error);
  if (status === 400) return 'agentBadAddress';
  if (status === 404) return 'agentNotFound';
  if (status === 403) return apiErrorBody(details.error)?.code === PersonalAgentsDisabled ? 'personalAgentsOff' : 'agentForbidden';
  return 'agentLoadFailed';
}

const inConversation: Record<AgentProblem, InputBlock> = {
  agentBadAddress: 'conversationAgentNotFound',
  agentNotFound: 'conversationAgentNotFound',
  agentForbidden: 'conversationAgentForbidden',
  personalAgentsOff: 'conversationPersonalAgentsOff',
  agentInactive: 'conversationAgentInactive',
  agentLoadFailed: 'conversationAgentLoadFailed',
};

export function chatAvailability({ gptSystemId, conversationId, details, conversation }: AvailabilityInput): ChatAvailability {
  const open = { page: null, inputBlocked: null };
  if (conversationId) {
    if (conversation.error) {
      const status = apiErrorStatus(conversation.error);
      // 400: not a conversation id at all; 404: none, or someone else's (the server does not say which)
      const missing = status === 404 || status === 400 || apiErrorBody(conversation.error)?.code === ErrorCodes.notFound;
      return { page: { kind: missing ? 'conversationNotFound' : 'conversationLoadFailed' }, inputBlocked: null };
    }
    if (conversation.data?.isDeleted) return { page: { kind: 'conversationDeleted' }, inputBlocked: null };
    const problem = agentProblem(details);
    // the conversation stays readable; only what would be sent to its agent is closed
    return problem ? { page: null, inputBlocked: inConversation[problem] } : open;
  }
  // /chat waits for its first agent ('' until the list names one): nothing to judge yet
  if (!gptSystemId) return open;
  const problem = agentProblem(details);
  return problem ? { page: { kind: 'agent', reason: problem }, inputBlocked: null } : open;
}
