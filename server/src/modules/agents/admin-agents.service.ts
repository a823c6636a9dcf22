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
  type RagDataSource,
  type StarterPrompt,
  type StarterPromptInput,
} from '@atrium/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { Principal } from '../../platform/access.js';
import { recordAudit } from '../../platform/audit.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { gptSystemPrompts } from '../../db/schema/index.js';
import { listGptSystemDeployments } from '../connections/connections.catalog.js';
import { brandExists } from '../brands/brands.service.js';
import { findAgent, type AgentRow } from './agents.repository.js';
import { mayAdminister, mayManage } from './agents.policy.js';
import { agentChanged, avatarUrl } from './agents.service.js';
import * as repo from './config-states.repository.js';
import { actorOf, insertConfigStateIn, SystemDefaults, type StatesCtx } from './config-states.service.js';
import { fullConfig } from './config-states.validation.js';
import { userNames } from '../users/users.lookup.js';

const page = <T>(items: T[]) => ({ items, continuationToken: null });

async function presentMany(ctx: Pick<AppContext, 'db'>, principal: Principal, agents: AgentRow[]): Promise<AdminAgent[]> {
  const ids = agents.map((a) => a.id);
  const [versions, names, drafts] = await Promise.all([
    repo.latestVersions(ctx.db, ids),
    userNames(
      ctx.db,
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

export const presentManaged = async (ctx: Pick<AppContext, 'db'>, principal: Principal, agents: AgentRow[]): Promise<ManagedAgent[]> =>
  (await presentMany(ctx, principal, agents)).map(({ publishedConfig: _p, brandKey: _b, currentUserActions: _c, ...m }) => m);

export async function listAdminAgents(ctx: Pick<AppContext, 'db'>, principal: Principal, query: { gptSystemType?: 'System' | 'User'; search?: string }) {
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
export async function visibleAgent(ctx: Pick<AppContext, 'db'>, principal: Principal, gptSystemId: string): Promise<AgentRow> {
  const agent = await findAgent(ctx.db, gptSystemId);
  if (!agent || agent.isDeleted || !mayAdminister(principal, agent)) throw notFound('The agent');
  return agent;
}

export async function getAdminAgent(ctx: Pick<AppContext, 'db'>, principal: Principal, agent: AgentRow): Promise<AdminAgent> {
  return (await presentMany(ctx, principal, [agent]))[0]!;
}

export async function listManaged(ctx: Pick<AppContext, 'db'>, principal: Principal, agents: AgentRow[]) {
  return page(await presentManaged(ctx, principal, agents));
}

/** An agent wears an existing brand: an unknown key is refused before anything is written. */
async function assertBrand(db: AppContext['db'], brandKey: string | undefined): Promise<void> {
  if (brandKey !== undefined && !(await brandExists(db, brandKey)))
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
  const config = { ...SystemDefaults, ...(body?.config ?? {}) };
  return ctx.db.transaction(async (tx) => {
    const agent = await repo.insertAgent(tx, { name, description, gptSystemType: 'System', brandKey: body?.brandKey ?? 'default', publishedConfig: null });
    await recordAudit(tx, {
      aggregateType: 'GptSystem',
      aggregateId: agent.id,
      domainOperation: 'Created',
      actor: actorOf(principal),
      after: { name, description, brandKey: agent.brandKey },
    });
    const draft = await insertConfigStateIn(tx, principal, { gptSystemType: 'System', gptSystemId: agent.id, name, description, config });
    return { gptSystemId: agent.id, configStateId: draft.id };
  });
}

export async function updateAdminAgent(ctx: Pick<AppContext, 'db'>, principal: Principal, agent: AgentRow, body: AdminAgentUpdate): Promise<void> {
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
      actor: actorOf(principal),
      before: { name: agent.name, description: agent.description, brandKey: agent.brandKey, isPublic: agent.isPublic },
      after: next,
    });
  });
  agentChanged(ctx.db, agent.id);
}

/** Soft delete: conversations keep their agent reference; the agent disappears from every list and chat. */
export async function deleteAgent(ctx: Pick<AppContext, 'db'>, principal: Principal, agent: AgentRow): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await repo.updateAgent(tx, agent.id, { isDeleted: true });
    await recordAudit(tx, {
      aggregateType: 'GptSystem',
      aggregateId: agent.id,
      domainOperation: 'Deleted',
      actor: actorOf(principal),
      before: { name: agent.name, gptSystemType: agent.gptSystemType },
    });
  });
  agentChanged(ctx.db, agent.id);
}

// Starter prompts (gpt_system_prompts) --------------------------------------------------------------

const promptColumns = { promptId: gptSystemPrompts.id, title: gptSystemPrompts.title, prompt: gptSystemPrompts.prompt, sortOrder: gptSystemPrompts.sortOrder };

export async function listStarterPrompts(ctx: Pick<AppContext, 'db'>, agent: AgentRow) {
  const items: StarterPrompt[] = await ctx.db
    .select(promptColumns)
    .from(gptSystemPrompts)
    .where(eq(gptSystemPrompts.gptSystemId, agent.id))
    .orderBy(asc(gptSystemPrompts.sortOrder), asc(gptSystemPrompts.createdAt), asc(gptSystemPrompts.id));
  return page(items);
}

async function findPrompt(ctx: Pick<AppContext, 'db'>, agent: AgentRow, promptId: string): Promise<StarterPrompt> {
  const [row] = await ctx.db
    .select(promptColumns)
    .from(gptSystemPrompts)
    .where(and(eq(gptSystemPrompts.gptSystemId, agent.id), eq(gptSystemPrompts.id, promptId)));
  if (!row) throw notFound('The prompt');
  return row;
}

export const getStarterPrompt = findPrompt;

export async function createStarterPrompt(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  agent: AgentRow,
  input: StarterPromptInput,
): Promise<StarterPrompt> {
  return ctx.db.transaction(async (tx) => {
    const [max] = await tx
      .select({ n: sql<number>`coalesce(max(${gptSystemPrompts.sortOrder}) + 1, 0)::int` })
      .from(gptSystemPrompts)
      .where(eq(gptSystemPrompts.gptSystemId, agent.id));
    const [row] = await tx
      .insert(gptSystemPrompts)
      .values({ gptSystemId: agent.id, title: input.title, prompt: input.prompt, sortOrder: input.sortOrder ?? max?.n ?? 0 })
      .returning(promptColumns);
    await recordAudit(tx, { aggregateType: 'GptSystem', aggregateId: agent.id, domainOperation: 'PromptCreated', actor: actorOf(principal), after: row });
    return row!;
  });
}

export async function updateStarterPrompt(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  agent: AgentRow,
  promptId: string,
  input: StarterPromptInput,
): Promise<StarterPrompt> {
  const before = await findPrompt(ctx, agent, promptId);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(gptSystemPrompts)
      .set({ title: input.title, prompt: input.prompt, sortOrder: input.sortOrder ?? before.sortOrder })
      .where(eq(gptSystemPrompts.id, promptId))
      .returning(promptColumns);
    await recordAudit(tx, {
      aggregateType: 'GptSystem',
      aggregateId: agent.id,
      domainOperation: 'PromptUpdated',
      actor: actorOf(principal),
      before,
      after: row,
    });
    return row!;
  });
}

export async function deleteStarterPrompt(ctx: Pick<AppContext, 'db'>, principal: Principal, agent: AgentRow, promptId: string): Promise<void> {
  const before = await findPrompt(ctx, agent, promptId);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(gptSystemPrompts).where(eq(gptSystemPrompts.id, promptId));
    await recordAudit(tx, { aggregateType: 'GptSystem', aggregateId: agent.id, domainOperation: 'PromptDeleted', actor: actorOf(principal), before });
  });
}

// Retrieval data-source links ------------------------------------------------------------------------

const presentLink = (l: repo.RagLinkRow): RagDataSource => ({
  ragDataSourceId: l.id,
  gptSystemId: l.gptSystemId,
  dataSourceId: l.dataSourceId,
  dataSourceType: (DataSourceTypes as readonly string[]).includes(l.dataSourceType) ? (l.dataSourceType as RagDataSource['dataSourceType']) : 'FileLibrary',
  topK: l.topK,
  createdAt: l.createdAt.toISOString(),
});

export async function listRagLinks(ctx: Pick<AppContext, 'db'>, agent: AgentRow) {
  return page((await repo.listRagLinks(ctx.db, agent.id)).map(presentLink));
}

export async function getRagLink(ctx: Pick<AppContext, 'db'>, agent: AgentRow, id: string) {
  const link = await repo.findRagLink(ctx.db, agent.id, id);
  if (!link) throw notFound('The data source link');
  return presentLink(link);
}

export async function createRagLink(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  agent: AgentRow,
  input: { dataSourceId: string; dataSourceType: RagDataSource['dataSourceType']; topK: number },
) {
  return ctx.db.transaction(async (tx) => {
    const link = await repo.insertRagLink(tx, { gptSystemId: agent.id, ...input });
    if (!link) throw conflict('The agent already uses this data source.', [{ field: 'dataSourceId', message: 'Already linked' }]);
    await recordAudit(tx, {
      aggregateType: 'GptSystem',
      aggregateId: agent.id,
      domainOperation: 'RagDataSourceAdded',
      actor: actorOf(principal),
      after: input,
    });
    return presentLink(link);
  });
}

export async function updateRagLink(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  agent: AgentRow,
  id: string,
  input: { dataSourceType?: RagDataSource['dataSourceType'] | undefined; topK?: number | undefined },
) {
  const before = await repo.findRagLink(ctx.db, agent.id, id);
  if (!before) throw notFound('The data source link');
  const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  if (Object.keys(values).length === 0) throw badRequest('Nothing to change.', [{ field: '(root)', message: 'Send dataSourceType or topK' }]);
  return ctx.db.transaction(async (tx) => {
    const link = await repo.updateRagLink(tx, id, values);
    await recordAudit(tx, {
      aggregateType: 'GptSystem',
      aggregateId: agent.id,
      domainOperation: 'RagDataSourceUpdated',
      actor: actorOf(principal),
      before: presentLink(before),
      after: presentLink(link),
    });
    return presentLink(link);
  });
}

export async function deleteRagLink(ctx: Pick<AppContext, 'db'>, principal: Principal, agent: AgentRow, id: string): Promise<void> {
  const before = await repo.findRagLink(ctx.db, agent.id, id);
  if (!before) throw notFound('The data source link');
  await ctx.db.transaction(async (tx) => {
    await repo.deleteRagLink(tx, id);
    await recordAudit(tx, {
      aggregateType: 'GptSystem',
      aggregateId: agent.id,
      domainOperation: 'RagDataSourceRemoved',
      actor: actorOf(principal),
      before: presentLink(before),
    });
  });
}

// What the agent form can offer ----------------------------------------------------------------------

export async function availableConfiguration(
  ctx: Pick<AppContext, 'db'>,
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
