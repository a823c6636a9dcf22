// The agents module's part of the first start (server/src/seed.ts): what the seeded System agent answers with goes
// live through the publishing code, so that its publishing history starts at version 1 like any published agent's,
// and following the first model configured from the environment is a version of its own.
import type { InTransaction } from '../../platform/context.js';
import type { CachedContext } from '../../platform/caches.js';
import * as agentsRepo from './agents.repository.js';
import { agentChanged } from './agents.service.js';
import * as repo from './drafts/config-states.repository.js';
import { publishForInstance } from './drafts/config-states.publishing.js';

/**
 * Records what is live as version 1 of every live System agent that has no version (the agent seeded at first
 * start, also on installs seeded before seeding recorded it). The same name, description and configuration, so
 * nothing that answers changes; an agent with any version, a deleted one or an unpublished one is left alone, so
 * running it again does nothing. Runs in the seed's transaction.
 */
export async function recordFirstVersions(ctx: InTransaction<CachedContext>): Promise<void> {
  for (const agent of await repo.listLiveSystemAgentsWithoutVersions(ctx.db)) {
    await publishForInstance(ctx, agent, agent.publishedConfig!);
    agentChanged(ctx, agent.id);
  }
}

/**
 * The seeded System agent answers with the first configured model until an administrator picks another: while its
 * live configuration names no deployment, `deploymentName` goes live as a new version (the first, when it has none
 * yet).
 */
export async function followFirstDeployment(ctx: InTransaction<CachedContext>, agentName: string, deploymentName: string): Promise<void> {
  const agent = await agentsRepo.findLiveSystemAgentWithoutDeployment(ctx.db, agentName);
  if (!agent?.publishedConfig) return;
  await publishForInstance(ctx, agent, { ...agent.publishedConfig, deploymentName });
  agentChanged(ctx, agent.id);
}
