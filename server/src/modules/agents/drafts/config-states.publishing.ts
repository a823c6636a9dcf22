// Turning drafts into agents and publishing: createGptSystem/updateGptSystem (personal agents publish as they
// save), publish and roll back with a history of versions. Each in one transaction with its audit rows; a draft's
// avatar is copied for the agent before and removed again if the transaction fails.
import { ErrorCodes, type PublishBody, type PublishedVersion } from '@atrium/contract';
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { AppContext, DbContext } from '../../../platform/context.js';
import type { Principal } from '../../../platform/access.js';
import { recordAudit, type DbOrTx } from '../../../platform/audit.js';
import { AppError, badRequest, notFound } from '../../../platform/errors.js';
import type { PublishedAgentConfig } from '../../../db/schema/index.js';
import * as agentsRepo from '../agents.repository.js';
import type { AgentRow } from '../agents.repository.js';
import { agentChanged } from '../agents.service.js';
import * as repo from './config-states.repository.js';
import type { ConfigStateRow, VersionRow } from './config-states.repository.js';
import { fullConfig, refuseDraftErrors } from './config-states.validation.js';
import { type StatesCtx, checkDraft, manageableAgent } from './config-states.service.js';
import { auditActorOf } from '../../../platform/access.js';
import { syncPublicEndpoint } from '../../public-chat/public-chat.registry.js';

/**
 * A copy of the draft's avatar for the agent (either can change later without the other), written before
 * the transaction that points the agent at it; `withCarriedAvatar` removes it again if that transaction fails.
 */
async function copyDraftAvatar(ctx: StatesCtx, row: ConfigStateRow, gptSystemId: string): Promise<{ blobKey: string; contentType: string } | null> {
  if (!row.avatarBlobKey || !row.avatarContentType) return null;
  const data = await ctx.blobs.get(row.avatarBlobKey);
  if (!data) return null;
  const blobKey = `agents/${gptSystemId}/avatar-${randomUUID()}`;
  await ctx.blobs.put(blobKey, data, row.avatarContentType);
  return { blobKey, contentType: row.avatarContentType };
}

/** Runs `change` (one transaction) with the copy of the draft's avatar; a failed change leaves no copy behind. */
async function withCarriedAvatar<T>(
  ctx: StatesCtx,
  row: ConfigStateRow,
  gptSystemId: string,
  change: (avatar: { blobKey: string; contentType: string } | null) => Promise<T>,
): Promise<T> {
  const avatar = await copyDraftAvatar(ctx, row, gptSystemId);
  try {
    return await change(avatar);
  } catch (e) {
    if (avatar) await ctx.blobs.delete(avatar.blobKey).catch(() => undefined);
    throw e;
  }
}

/** What a publication takes live: a draft's (or an older version's) name, description and configuration. */
interface PublicationSource {
  name: string;
  description: string;
  config: PublishedAgentConfig;
  configStateId: string | null;
  restoredFromVersion: number | null;
}

/** Who takes a version live: a person, or the instance itself (no user id). */
type Publisher = { userId: string | null; userName: string };

/** The publisher of what the instance takes live by itself: the System agent seeded at first start. */
export const InstancePublisher: Publisher = { userId: null, userName: 'Atrium (first start)' };

/**
 * Appends the version and writes its audit row, in the caller's transaction; the public endpoint registry follows
 * the configuration (docs/public-chat.md), so that a name another agent holds refuses the whole publish.
 */
async function publishIn(
  tx: DbOrTx,
  publisher: Publisher,
  agent: Pick<AgentRow, 'id' | 'name' | 'description' | 'publishedConfig'> & Partial<Pick<AgentRow, 'gptSystemType'>>,
  source: PublicationSource,
  rollback = false,
): Promise<VersionRow> {
  await syncPublicEndpoint(tx, { id: agent.id, gptSystemType: agent.gptSystemType ?? 'System' }, source.config);
  const v = await repo.publishVersion(tx, { gptSystemId: agent.id, ...source, actor: publisher });
  await recordAudit(tx, {
    aggregateType: 'GptSystem',
    aggregateId: agent.id,
    domainOperation: rollback ? 'RolledBack' : 'Published',
    actor: publisher,
    before: { name: agent.name, description: agent.description, publishedConfig: agent.publishedConfig },
    after: { version: v.version, restoredFromVersion: v.restoredFromVersion, name: v.name, description: v.description, publishedConfig: v.config },
  });
  return v;
}

/** Whether the agent already answers with exactly this name, description and configuration. */
const isLive = (agent: Pick<AgentRow, 'name' | 'description' | 'publishedConfig'>, source: PublicationSource) =>
  agent.publishedConfig !== null &&
  agent.name === source.name &&
  agent.description === source.description &&
  isDeepStrictEqual(agent.publishedConfig, source.config);

const draftSource = (row: ConfigStateRow): PublicationSource => ({
  name: row.name.trim(),
  description: row.description,
  config: row.config,
  configStateId: row.id,
  restoredFromVersion: null,
});

/**
 * createGptSystem: the draft becomes an agent. A personal agent is published at once (its owner chats with
 * it without a further call, docs/wire-protocol.md); a System agent stays unpublished until an administrator publishes it.
 */
export async function createGptSystem(ctx: StatesCtx, principal: Principal, row: ConfigStateRow): Promise<{ gptSystemId: string; configStateId: string }> {
  if (row.gptSystemId) throw new AppError(ErrorCodes.conflict, 409, 'This configuration state is already an agent; use updateGptSystem.');
  refuseDraftErrors((await checkDraft(ctx, row)).errors);
  const personal = row.gptSystemType === 'User';
  // the agent, its link to the draft, its avatar, its audit rows and (personal) its first version: all or nothing
  const gptSystemId = randomUUID();
  const agent = await withCarriedAvatar(ctx, row, gptSystemId, (avatar) =>
    ctx.db.transaction(async (tx) => {
      const created = await repo.insertAgent(tx, {
        id: gptSystemId,
        name: row.name.trim(),
        description: row.description,
        gptSystemType: personal ? 'User' : 'System',
        ownerUserId: row.ownerUserId,
        publishedConfig: null,
        avatarBlobKey: avatar?.blobKey ?? null,
        avatarContentType: avatar?.contentType ?? null,
      });
      await repo.updateConfigState(tx, row.id, { gptSystemId: created.id });
      await recordAudit(tx, {
        aggregateType: 'GptSystem',
        aggregateId: created.id,
        domainOperation: 'Created',
        actor: auditActorOf(principal),
        after: {
          name: created.name,
          description: created.description,
          gptSystemType: created.gptSystemType,
          configStateId: row.id,
          avatarBlobKey: created.avatarBlobKey,
        },
      });
      if (personal) await publishIn(tx, auditActorOf(principal), created, draftSource(row));
      return created;
    }),
  );
  agentChanged(ctx, agent.id);
  return { gptSystemId: agent.id, configStateId: row.id };
}

/**
 * updateGptSystem: the agent takes the draft's name, description and avatar. A personal agent also takes
 * its configuration (a new published version, none when nothing changed); a System agent's configuration
 * goes live when an administrator publishes it.
 */
export async function updateGptSystem(ctx: StatesCtx, principal: Principal, row: ConfigStateRow): Promise<{ gptSystemId: string; configStateId: string }> {
  if (!row.gptSystemId)
    throw badRequest('This configuration state is not an agent yet; use createGptSystem.', [{ field: 'configStateId', message: 'Not linked to an agent' }]);
  refuseDraftErrors((await checkDraft(ctx, row)).errors);
  const agent = await manageableAgent(ctx, principal, row.gptSystemId);
  const avatarChanged = await withCarriedAvatar(ctx, row, agent.id, (avatar) =>
    ctx.db.transaction(async (tx) => {
      await repo.updateAgent(tx, agent.id, { name: row.name.trim(), description: row.description });
      await recordAudit(tx, {
        aggregateType: 'GptSystem',
        aggregateId: agent.id,
        domainOperation: 'Updated',
        actor: auditActorOf(principal),
        before: { name: agent.name, description: agent.description },
        after: { name: row.name.trim(), description: row.description, configStateId: row.id },
      });
      if (agent.gptSystemType === 'User' && !isLive(agent, draftSource(row))) await publishIn(tx, auditActorOf(principal), agent, draftSource(row));
      if (!avatar) return false;
      await agentsRepo.setAvatar(tx, {
        gptSystemId: agent.id,
        ...avatar,
        before: { blobKey: agent.avatarBlobKey, contentType: agent.avatarContentType },
        actor: auditActorOf(principal),
      });
      return true;
    }),
  );
  agentChanged(ctx, agent.id);
  // the avatar it replaced goes once the agent no longer points at it
  if (avatarChanged && agent.avatarBlobKey) await ctx.blobs.delete(agent.avatarBlobKey).catch(() => undefined);
  return { gptSystemId: agent.id, configStateId: row.id };
}

export function presentVersion(v: VersionRow, currentVersion: number | null): PublishedVersion {
  return {
    ...fullConfig(v.config),
    versionId: v.id,
    version: v.version,
    gptSystemName: v.name,
    description: v.description,
    configStateId: v.configStateId,
    restoredFromVersion: v.restoredFromVersion,
    publishedBy: { userId: v.publishedByUserId, displayName: v.publishedByName },
    publishedAt: v.publishedAt.toISOString(),
    isCurrent: v.version === currentVersion,
  };
}

export async function publishingHistory(ctx: Pick<AppContext, 'db' | 'caches'>, agent: AgentRow) {
  const versions = await repo.listVersions(ctx.db, agent.id);
  const current = agent.publishedConfig ? (versions[0]?.version ?? null) : null;
  return { items: versions.map((v) => presentVersion(v, current)), continuationToken: null };
}

/**
 * Takes a draft live (or restores an older version). A turn reads the agent's configuration once at
 * its start, so conversations in flight finish with the configuration they began with. Publishing a
 * personal agent's draft that is already live appends nothing and answers with the current version, so
 * that a client may publish after createGptSystem or updateGptSystem (which publish personal agents
 * themselves); a System agent's publish always records a new version.
 */
export async function publish(
  ctx: StatesCtx,
  principal: Principal,
  agent: AgentRow,
  body: PublishBody,
): Promise<{ gptSystemId: string; version: PublishedVersion }> {
  const rollbackTo = body?.rollbackToVersionId;
  let source: PublicationSource;
  if (rollbackTo) {
    const v = await repo.findVersion(ctx.db, agent.id, rollbackTo);
    if (!v) throw notFound('The version');
    source = { name: v.name, description: v.description, config: v.config, configStateId: null, restoredFromVersion: v.version };
  } else {
    const draftId = body?.configStateId ?? body?.gptSystemConfigurationStateId;
    let draft: ConfigStateRow | null;
    if (draftId) {
      draft = await repo.findConfigState(ctx.db, draftId);
      if (!draft || draft.gptSystemId !== agent.id) throw notFound('The configuration state');
    } else {
      draft = (await repo.listConfigStatesOfAgent(ctx.db, agent.id))[0] ?? null;
      if (!draft)
        throw badRequest('The agent has no configuration state to publish.', [{ field: 'configStateId', message: 'Create a configuration state first' }]);
    }
    refuseDraftErrors((await checkDraft(ctx, draft)).errors);
    source = draftSource(draft);
    // a personal agent's owner (or script) may publish after createGptSystem/updateGptSystem, which already
    // published: nothing new. An administrator's publish of a System agent always records a version.
    if (agent.gptSystemType === 'User' && isLive(agent, source)) {
      const current = (await repo.listVersions(ctx.db, agent.id))[0];
      if (current) return { gptSystemId: agent.id, version: presentVersion(current, current.version) };
    }
  }
  const version = await ctx.db.transaction((tx) => publishIn(tx, auditActorOf(principal), agent, source, !!rollbackTo));
  agentChanged(ctx, agent.id);
  return { gptSystemId: agent.id, version: presentVersion(version, version.version) };
}

/**
 * Takes a configuration live on the instance's behalf, as the next version of the agent's history (version 1 for
 * one that has none), in the caller's transaction: what the first start seeds (agents.seed.ts). The caller tells
 * the agent's readers (agentChanged) once its transaction is done.
 */
export async function publishForInstance(
  ctx: DbContext,
  agent: Pick<AgentRow, 'id' | 'name' | 'description' | 'publishedConfig'>,
  config: PublishedAgentConfig,
): Promise<VersionRow> {
  return publishIn(ctx.db, InstancePublisher, agent, {
    name: agent.name,
    description: agent.description,
    config,
    configStateId: null,
    restoredFromVersion: null,
  });
}
