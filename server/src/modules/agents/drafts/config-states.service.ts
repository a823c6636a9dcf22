// Configuration states (drafts) of agents: create, edit, delete, and who may change which; turning them into
// agents and publishing are in config-states.publishing.ts, previews in config-states.previews.ts. Personal
// drafts belong to their owner; System drafts to administrators who may manage the agent. Every change writes
// an audit row in its transaction.
import { ApiBase, PersonalAgentRoutes, pathTo, type ConfigState, type ConfigStateUpdate, type GptSystemType } from '@atrium/contract';
import type { AppContext, DbContext } from '../../../platform/context.js';
import type { Principal } from '../../../platform/access.js';
import { recordAudit } from '../../../platform/audit.js';
import { forbidden, notFound } from '../../../platform/errors.js';
import type { PublishedAgentConfig } from '../../../db/schema/index.js';
import { listGptSystemDeployments, listImageDeployments } from '../../connections/connections.catalog.js';
import { personalAgentsAllowed } from '../../instance/instance.service.js';
import * as agentsRepo from '../agents.repository.js';
import type { AgentRow } from '../agents.repository.js';
import { isOwnPersonal, mayCreateSystemAgents, mayManage, personalAgentsDisabled } from '../agents.policy.js';
import * as repo from './config-states.repository.js';
import { sealConfigIdentity } from '../../public-chat/public-chat.identity.js';
import type { ConfigStateRow } from './config-states.repository.js';
import { checkDataSources, fullConfig, validateDraft, type DeploymentFacts } from './config-states.validation.js';
import { auditActorOf } from '../../../platform/access.js';

export type StatesCtx = Pick<AppContext, 'db' | 'caches' | 'blobs' | 'config' | 'secrets'>;

/** What a new agent starts with (GET …/SystemDefaults). */
export const SystemDefaults: PublishedAgentConfig = {
  systemPrompt: 'You are {{gptSystemName}}, a helpful assistant. You are talking with {{userName}}. Answer clearly and say so when you are not sure.',
  introduction: '',
  deploymentName: null,
  languageEngine: null,
  temperature: 0.7,
  topP: null,
  frequencyPenalty: null,
  maxTokens: null,
  capabilityTypes: [],
  dataSources: [],
  restrictAnswerToInformationReturnedByTools: false,
};

/** docs/product.md §1: personal agents exist only while AllowUserCreatedGptSystems is on. */
export async function requirePersonalAgents(ctx: Pick<AppContext, 'db' | 'caches' | 'config'>): Promise<void> {
  if (!(await personalAgentsAllowed(ctx))) throw personalAgentsDisabled();
}

export const configStateAvatarUrl = (row: Pick<ConfigStateRow, 'id' | 'avatarBlobKey'>) => {
  const version = row.avatarBlobKey?.split('/').pop();
  return `${ApiBase}${pathTo(PersonalAgentRoutes.configStateAvatar, { configStateId: row.id })}${version ? `?v=${encodeURIComponent(version)}` : ''}`;
};

async function deploymentFacts(ctx: Pick<AppContext, 'db' | 'caches'>): Promise<DeploymentFacts> {
  const [{ items }, images] = await Promise.all([listGptSystemDeployments(ctx.db, {}), listImageDeployments(ctx.db)]);
  return {
    names: new Set(items.map((d) => d.name)),
    withTools: new Set(items.filter((d) => d.tools).map((d) => d.name)),
    defaultName: items.find((d) => d.isDefault)?.name ?? null,
    imageDeployment: images.length > 0,
  };
}

export async function checkDraft(ctx: Pick<AppContext, 'db' | 'caches'>, row: ConfigStateRow) {
  return validateDraft({ name: row.name, description: row.description, config: row.config }, await deploymentFacts(ctx));
}

export async function presentConfigState(ctx: Pick<AppContext, 'db' | 'caches'>, row: ConfigStateRow): Promise<ConfigState> {
  const { errors, warnings } = await checkDraft(ctx, row);
  return {
    ...fullConfig(row.config),
    configStateId: row.id,
    gptSystemConfigurationStateId: row.id,
    gptSystemId: row.gptSystemId,
    gptSystemType: row.gptSystemType === 'User' ? 'User' : 'System',
    gptSystemName: row.name,
    description: row.description,
    avatarUrl: configStateAvatarUrl(row),
    hasAvatar: row.avatarBlobKey !== null,
    createdAt: row.createdAt.toISOString(),
    lastModifiedAt: row.updatedAt.toISOString(),
    errors,
    warnings,
  };
}

/** A personal draft of the caller; anyone else's (or a System draft) does not exist for them. */
export async function ownPersonalConfigState(ctx: StatesCtx, principal: Principal, id: string): Promise<ConfigStateRow> {
  await requirePersonalAgents(ctx);
  const row = await repo.findConfigState(ctx.db, id);
  if (!row || !isOwnPersonal(principal, row)) throw notFound('The configuration state');
  return row;
}

/** A draft an administrator may change: its agent's management rules, or the right to create agents. */
export async function manageableConfigState(ctx: StatesCtx, principal: Principal, id: string): Promise<ConfigStateRow> {
  const row = await repo.findConfigState(ctx.db, id);
  if (!row) throw notFound('The configuration state');
  if (row.gptSystemId) {
    const agent = await agentsRepo.findAgent(ctx.db, row.gptSystemId);
    if (!agent || agent.isDeleted) throw notFound('The configuration state');
    if (!mayManage(principal, agent)) throw forbidden('You may not change this agent.');
    return row;
  }
  if (row.gptSystemType === 'User' && !isOwnPersonal(principal, row)) throw notFound('The configuration state');
  if (row.gptSystemType === 'System' && !mayCreateSystemAgents(principal)) {
    throw forbidden('You may not create agents.');
  }
  return row;
}

/** An agent the caller may manage: 404 unknown, deleted or (personal) not theirs; 403 otherwise. */
export async function manageableAgent(ctx: Pick<AppContext, 'db' | 'caches'>, principal: Principal, gptSystemId: string): Promise<AgentRow> {
  const agent = await agentsRepo.findAgent(ctx.db, gptSystemId);
  if (!agent || agent.isDeleted) throw notFound('The agent');
  if (!mayManage(principal, agent)) {
    if (agent.gptSystemType === 'User') throw notFound('The agent');
    throw forbidden('You may not change this agent.');
  }
  return agent;
}

type NewConfigState = { gptSystemType: GptSystemType; gptSystemId?: string | null; name?: string; description?: string; config?: PublishedAgentConfig };

/** Writes a draft and its audit row in the caller's transaction (an agent and its first draft are made together). */
export async function insertConfigStateIn({ db: tx }: DbContext, principal: Principal, input: NewConfigState): Promise<ConfigStateRow> {
  const row = await repo.insertConfigState(tx, {
    gptSystemType: input.gptSystemType,
    gptSystemId: input.gptSystemId ?? null,
    ownerUserId: principal.userId,
    name: input.name ?? '',
    description: input.description ?? '',
    config: { ...(input.config ?? SystemDefaults) },
  });
  await recordAudit(tx, {
    aggregateType: 'GptSystemConfigurationState',
    aggregateId: row.id,
    domainOperation: 'Created',
    actor: auditActorOf(principal),
    after: { gptSystemId: row.gptSystemId, gptSystemType: row.gptSystemType, name: row.name },
  });
  return row;
}

export async function createConfigState(ctx: StatesCtx, principal: Principal, input: NewConfigState): Promise<ConfigStateRow> {
  return ctx.db.transaction((tx) => insertConfigStateIn({ db: tx }, principal, input));
}

/** Name, description and any config fields, flat or under `config`; the draft is saved even with errors. */
export async function updateConfigState(ctx: StatesCtx, principal: Principal, row: ConfigStateRow, body: ConfigStateUpdate): Promise<ConfigStateRow> {
  const { gptSystemName, name, description, config: nested, ...flat } = body;
  await checkDataSources(ctx, principal, {
    gptSystemType: row.gptSystemType,
    before: row.config.dataSources ?? [],
    sent: flat.dataSources ?? nested?.dataSources,
    field: flat.dataSources ? 'dataSources' : 'config.dataSources',
  });
  const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
  // a public endpoint's identity secret is kept sealed, never as sent (docs/public-chat.md)
  const config: PublishedAgentConfig = sealConfigIdentity(ctx.secrets, row.config, { ...row.config, ...defined(nested ?? {}), ...defined(flat) });
  const next = {
    name: (gptSystemName ?? name ?? row.name).trim(),
    description: description ?? row.description,
    config,
  };
  return ctx.db.transaction(async (tx) => {
    const updated = await repo.updateConfigState(tx, row.id, next);
    await recordAudit(tx, {
      aggregateType: 'GptSystemConfigurationState',
      aggregateId: row.id,
      domainOperation: 'Updated',
      actor: auditActorOf(principal),
      before: { name: row.name, description: row.description, config: row.config },
      after: next,
    });
    return updated;
  });
}

export async function deleteConfigState(ctx: StatesCtx, principal: Principal, row: ConfigStateRow): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await repo.deleteConfigState(tx, row.id);
    await recordAudit(tx, {
      aggregateType: 'GptSystemConfigurationState',
      aggregateId: row.id,
      domainOperation: 'Deleted',
      actor: auditActorOf(principal),
      before: { gptSystemId: row.gptSystemId, name: row.name, config: row.config },
    });
  });
  if (row.avatarBlobKey) await ctx.blobs.delete(row.avatarBlobKey).catch(() => undefined);
}

/** byGptSystemId: the agent's newest draft, or a new one from what is live (or its defaults). */
export async function draftOf(ctx: StatesCtx, principal: Principal, agent: AgentRow): Promise<ConfigStateRow> {
  const existing = (await repo.listConfigStatesOfAgent(ctx.db, agent.id))[0];
  if (existing) return existing;
  return createConfigState(ctx, principal, {
    gptSystemType: agent.gptSystemType === 'User' ? 'User' : 'System',
    gptSystemId: agent.id,
    name: agent.name,
    description: agent.description,
    config: agent.publishedConfig ?? SystemDefaults,
  });
}
