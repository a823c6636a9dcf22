// What the chat orchestrator needs to know about an agent; the agents module provides it.
import type { Principal } from '../platform/access.js';
import type { PublishedAgentConfig } from '../db/schema/agents.js';

export interface ChatAgent {
  gptSystemId: string;
  name: string;
  gptSystemType: 'System' | 'User';
  isPublic: boolean;
  brandKey: string;
  config: PublishedAgentConfig;
}

export interface AgentDirectory {
  /** the agent as published, for a caller who may use it: 404 unknown or deleted, 403 not allowed */
  getForChat(principal: Principal, gptSystemId: string): Promise<ChatAgent>;
}
