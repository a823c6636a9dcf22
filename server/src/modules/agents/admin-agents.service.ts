// Administration of agents (Admin gptSystems, docs/product.md §7) and the owner's management of personal agents:
// lists, details, metadata, deletion, starter prompts, data-source links and what the agent form can offer.
// Drafts and publishing live in config-states.service.ts, sharing in personal-agents.sharing.ts.
import {
  AgentCapabilityTypes,
  AgentDescriptionMaxLength,
  AgentNameMaxLength,
  DataSourceTypes,
  SystemPromptVariables,
  type AdminAgent,
  type AdminAgentCreate,
  type AdminAgentUpdate,
  type AvailableConfiguration,
  type ManagedAgent,
} from '@atrium/contract';
import type { AppContext } from '../../platform/context.js';
import type { Principal } from '../../platform/access.js';
import { recordAudit } from '../../platform/audit.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { listGptSystemDeployments } from '../connections/connections.catalog.js';
import { brandExists } from '../brands/brands.service.js';
import { findAgent, type AgentRow } from './agents.repository.js';
import { mayAdminister, mayManage } from './agents.policy.js';
import { agentChanged, avatarUrl } from './agents.service.js';
import { capabilityAvailability } from './agents.capabilities.js';
import * as repo from './drafts/config-states.repository.js';
import { sealConfigIdentity } from '../public-chat/public-chat.identity.js';
import { insertConfigStateIn, SystemDefaults, type StatesCtx } from './drafts/config-states.service.js';
import { checkDataSources, fullConfig } from './drafts/config-states.validation.js';
import { userNames } from '../users/users.lookup.js';
import { auditActorOf } from '../../platform/access.js';
import { deleteAgentLibrary } from '../knowledge/agent-files.js';
import { removePublicEndpoint } from '../public-chat/public-chat.registry.js';

/** A list in one page (docs/wire-protocol.md's {items, continuationToken}). */
export const page = <T>(items: T[]) => ({ items, continuationToken: null });

async function presentMany(ctx: Pick<AppContext, 'db' | 'caches'>, principal: Principal, agents: AgentRow[]): Promise<AdminAgent[]> {
  const ids = agents.map((a) => a.id);
  const [versions, names, drafts] = await Promise.all([
    repo.latestVersions(ctx.db, ids),
    userNames(
      ctx,
      agents.flatMap((a) => (a.ownerUserId ? [a.ownerUserId] : [])),
    ).then((people) => new Map(people.map((p) => [p.userId, p.displayName]))),
    Promise.all(agents.map((a) => repo.listConfigStatesOfAgent(ctx.db, a.id).then((d) => d[0]?.id ?? null))),
  ]);
  const personal = (a: AgentRow) => a.gptSystemType === 'User';
  const [shares, invitations] = await Promise.all([
    Promise.all(agents.map((a) => (personal(a) ? repo.listShares(ctx.db, a.id) : []))),
    Promise.all(agents.map((a) => (personal(a) ? repo.listInvitations(ctx.db, a.id) : []))),
  ]);
  return agents.map((a, i) => {
    const manage = mayManage(principal, a);
    return {
      gptSystemId: a.id,
      id: a.id,
      name: a.name,
      description: a.description,
      gptSystemType: a.gptSystemType === 'User' ? 'User' : 'System',
      isPublic: a.isPublic,
      avatarUrl: avatarUrl(a),
      isPublished: a.publishedConfig !== null,
      publishedVersion: a.publishedConfig ? (versions.get(a.id) ?? null) : null,
      configStateId: drafts[i] ?? null,
      owner: a.ownerUserId ? { userId: a.ownerUserId, displayName: names.get(a.ownerUserId) ?? '' } : null,
      sharedWith: (shares[i] ?? []).map(({ userId, displayName, email }) => ({ userId, displayName, email })),
      pendingInvitations: (invitations[i] ?? []).map(({ email, invitedAt }) => ({ email, invitedAt: invitedAt.toISOString() })),
      createdAt: a.createdAt.toISOString(),
      lastModifiedAt: a.updatedAt.toISOString(),
      publishedConfig: a.publishedConfig ? fullConfig(a.publishedConfig) : null,
      brandKey: a.brandKey,
      currentUserActions: manage ? ['Edit', 'Delete', 'Publish'] : [],
    };
  });
}

export const presentManaged = async (ctx: Pick<AppContext, 'db' | 'caches'>, principal: Principal, agents: AgentRow[]): Promise<ManagedAgent[]> =>
  (await presentMany(ctx, principal, agents)).map(({ publishedConfig: _p, brandKey: _b, currentUserActions: _c, ...m }) => m);

export async function listAdminAgents(
  ctx: Pick<AppContext, 'db' | 'caches'>,
  principal: Principal,
  query: { gptSystemType?: 'System' | 'User'; search?: string },
) {
  const rows = await repo.listAgents(ctx.db, { gptSystemType: query.gptSystemType ?? 'System', search: query.search?.trim() || undefined });
  return page(
    await presentMany(
      ctx,
      principal,
      rows.filter((a) => mayAdminister(principal, a)),
    ),
  );
}

/** Seen by an administrator: 404 unknown, deleted, or outside their scope. */
export async function visibleAgent(ctx: Pick<AppContext, 'db' | 'caches'>, principal: Principal, gptSystemId: string): Promise<AgentRow> {
  const agent = await findAgent(ctx.db, gptSystemId);
  if (!agent || agent.isDeleted || !mayAdminister(principal, agent)) throw notFound('The agent');
  return agent;
}

export async function getAdminAgent(ctx: Pick<AppContext, 'db' | 'caches'>, principal: Principal, agent: AgentRow): Promise<AdminAgent> {
  return (await presentMany(ctx, principal, [agent]))[0]!;
}

export async function listManaged(ctx: Pick<AppContext, 'db' | 'caches'>, principal: Principal, agents: AgentRow[]) {
  return page(await presentManaged(ctx, principal, agents));
}

/** An agent wears an existing brand: an unknown key is refused before anything is written. */
async function assertBrand(db: AppContext['db'], brandKey: string | undefined): Promise<void> {
  if (brandKey !== undefined && !(await brandExists({ db }, brandKey)))
    throw badRequest('The brand does not exist.', [{ field: 'brandKey', message: `No brand has the key "${brandKey}"` }]);
}

/**
 * A System agent (unpublished) with its first draft; an empty body makes an untitled one (forceCreate). One
 * transaction: a draft the database refuses leaves no agent without a draft, and no audit row of it.
 */
export async function createAdminAgent(ctx: StatesCtx, principal: Principal, body: AdminAgentCreate) {
  await assertBrand(ctx.db, body?.brandKey);
  const name = (body?.gptSystemName ?? body?.name ?? 'New agent').trim();
  const description = body?.description ?? '';
  const config = sealConfigIdentity(ctx.secrets, null, { ...SystemDefaults, ...(body?.config ?? {}) });
  await checkDataSources(ctx, principal, { gptSystemType: 'System', before: [], sent: body?.config?.dataSources, field: 'config.dataSources' });
  return ctx.db.transaction(async (tx) => {
    const agent = await repo.insertAgent(tx, { name, description, gptSystemType: 'System', brandKey: body?.brandKey ?? 'default', publishedConfig: null });
    await recordAudit(tx, {
      aggregateType: 'GptSystem',
      aggregateId: agent.id,
      domainOperation: 'Created',
      actor: auditActorOf(principal),
      after: { name, description, brandKey: agent.brandKey },
    });
    const draft = await insertConfigStateIn({ db: tx }, principal, { gptSystemType: 'System', gptSystemId: agent.id, name, description, config });
    return { gptSystemId: agent.id, configStateId: draft.id };
  });
}

export async function updateAdminAgent(ctx: Pick<AppContext, 'db' | 'caches'>, principal: Principal, agent: AgentRow, body: AdminAgentUpdate): Promise<void> {
  await assertBrand(ctx.db, body.brandKey);
  const next = {
    ...((body.gptSystemName ?? body.name) ? { name: (body.gptSystemName ?? body.name)! } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.brandKey !== undefined ? { brandKey: body.brandKey } : {}),
    ...(body.isPublic !== undefined ? { isPublic: body.isPublic } : {}),
  };
  await ctx.db.transaction(async (tx) => {
    await repo.updateAgent(tx, agent.id, next);
    await recordAudit(tx, {
      aggregateType: 'GptSystem',
      aggregateId: agent.id,
      domainOperation: 'Updated',
      actor: auditActorOf(principal),
      before: { name: agent.name, description: agent.description, brandKey: agent.brandKey, isPublic: agent.isPublic },
      after: next,
    });
  });
  agentChanged(ctx, agent.id);
}

/**
 * Soft delete: conversations keep their agent reference; the agent disappears from every list and chat. Its own
 * file library (a personal agent's knowledge files) goes with it.
 */
export async function deleteAgent(ctx: Pick<AppContext, 'db' | 'caches' | 'blobs' | 'logger'>, principal: Principal, agent: AgentRow): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await repo.updateAgent(tx, agent.id, { isDeleted: true });
    // its public endpoint goes with it, and its name is free again (docs/public-chat.md)
    await removePublicEndpoint(tx, agent.id);
    await recordAudit(tx, {
      aggregateType: 'GptSystem',
      aggregateId: agent.id,
      domainOperation: 'Deleted',
      actor: auditActorOf(principal),
      before: { name: agent.name, gptSystemType: agent.gptSystemType },
    });
  });
  agentChanged(ctx, agent.id);
  await deleteAgentLibrary(ctx, principal, agent.id);
}

// Starter prompts (gpt_system_prompts) --------------------------------------------------------------

export async function availableConfiguration(
  ctx: Pick<AppContext, 'db' | 'caches' | 'models' | 'secrets' | 'config'>,
  filter: { hipaaCompliant?: boolean | undefined } = {},
): Promise<AvailableConfiguration> {
  const { items } = await listGptSystemDeployments(ctx.db, filter);
  return {
    deployments: items.map((d) => ({
      name: d.name,
      displayName: d.displayName,
      providerType: d.providerType,
      hipaaCompliant: d.hipaaCompliant,
      vision: d.vision,
      tools: d.tools,
      isDefault: d.isDefault,
    })),
    languageEngines: [...new Set(items.map((d) => d.providerType))],
    capabilities: [...AgentCapabilityTypes],
    capabilityAvailability: await capabilityAvailability(ctx, items),
    dataSourceTypes: [...DataSourceTypes],
    variables: SystemPromptVariables.map((v) => ({ ...v })),
    limits: { nameMaxLength: AgentNameMaxLength, descriptionMaxLength: AgentDescriptionMaxLength },
  };
}

/** Which kinds of data source an agent with this engine could use; retrieval reads FileLibrary today. */
export function dataSourcesTypes(filter: { hipaaCompliant?: boolean | undefined }) {
  const names: Record<(typeof DataSourceTypes)[number], string> = {
    FileLibrary: 'File library',
    AzureAiSearch: 'Azure AI Search index',
    UploadedFiles: 'Uploaded files',
  };
  return page(
    DataSourceTypes.map((t) => ({
      dataSourceType: t,
      displayName: names[t],
      // only the embedded file library keeps data inside the instance, as HIPAA mode asks
      available: t === 'FileLibrary' || !filter.hipaaCompliant,
    })),
  );
}
