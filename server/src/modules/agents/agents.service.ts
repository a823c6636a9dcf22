// The agents module: which agents a person may chat with, their pins and recent use, what the chat
// page shows about an agent, and the AgentDirectory the chat engine loads agents through.
import sanitizeHtml from 'sanitize-html';
import {
  AgentRoutes,
  ApiBase,
  pathTo,
  type ConversationPromptList,
  type DetailsForConversation,
  type GptSystemList,
  type AgentSummary,
  type GptSystemListItem,
  type GptSystemType,
} from '@atrium/contract';
import type { AgentDirectory, ChatAgent } from '../../ai/agent.types.js';
import type { ResolvedDeployment } from '../../ai/model.types.js';
import type { Db } from '../../db/client.js';
import type { Statement } from '../../db/statement.js';
import type { AppContext, DbContext } from '../../platform/context.js';
import type { Principal } from '../../platform/access.js';
import { AppError, forbidden, notFound } from '../../platform/errors.js';
import * as repo from './agents.repository.js';
import { ttlCache } from '../../platform/ttl-cache.js';
import { userNames } from '../users/users.lookup.js';
import type { AgentRow } from './agents.repository.js';
import { accessForChat, isListed, mayUse, personalAgentsDisabled, userActionsOn } from './agents.policy.js';
import { personalAgentsAllowed } from '../instance/instance.service.js';
import { chatAccessCheck } from '../chat-access-policies/chat-access-policies.index.js';
import { agentGuidelines } from '../guidelines/guidelines.chat.js';
import { publicEndpointsChanged } from '../public-chat/public-chat.registry.js';

export const RecentAgentsLimit = 10;

// Vision uploads on the chat page: the uploads module enforces the same types and the configured size.
export { VisionImageTypes, VisionImageExtensions } from '@atrium/contract';
import { VisionImageExtensions, VisionImageTypes } from '@atrium/contract';
import type { CacheContext, CachedContext } from '../../platform/caches.js';

type PublishedAgent = AgentRow & { publishedConfig: NonNullable<AgentRow['publishedConfig']> };

export function avatarUrl(agent: Pick<AgentRow, 'id' | 'avatarBlobKey'>): string {
  const base = `${ApiBase}${pathTo(AgentRoutes.avatar, { gptSystemId: agent.id })}`;
  // The blob key changes with every upload, so it doubles as a cache-busting version.
  const version = agent.avatarBlobKey?.split('/').pop();
  return version ? `${base}?v=${encodeURIComponent(version)}` : base;
}

const typeOf = (agent: AgentRow): GptSystemType => (agent.gptSystemType === 'User' ? 'User' : 'System');

/** What every answer about an agent starts with. */
function summary(agent: AgentRow): AgentSummary {
  return {
    gptSystemId: agent.id,
    id: agent.id,
    name: agent.name,
    description: agent.description,
    gptSystemType: typeOf(agent),
    isPublic: agent.isPublic,
    avatarUrl: avatarUrl(agent),
  };
}

function listItem(agent: AgentRow, isPinned: boolean): GptSystemListItem {
  return { ...summary(agent), isPinned };
}

const page = <T>(items: T[]) => ({ items, continuationToken: null });

/** The agent as published, for a caller allowed to chat with it: 404 unknown, deleted or unpublished; 403 not allowed. */
async function loadForChat(ctx: CachedContext, principal: Principal, gptSystemId: string): Promise<PublishedAgent> {
  const agent = await cachedAgent(ctx, gptSystemId);
  const access = accessForChat(principal, agent);
  if (access === 'notFound' || !agent?.publishedConfig) throw notFound('The agent');
  // chat access policies (cached index) narrow who may use a System agent
  if (access === 'forbidden' || !(await chatAccessCheck(ctx))(principal, agent!)) throw forbidden('You do not have access to this agent.');
  // turning AllowUserCreatedGptSystems off retires personal agents from chat too, not only their editing
  if (agent!.gptSystemType === 'User' && !(await personalAgentsAllowed(ctx))) throw personalAgentsDisabled();
  return agent as PublishedAgent;
}

// Agent rows as the chat path reads them (platform/ttl-cache.ts). Writes of this module (and the
// connections module's deployment default) call agentChanged; other processes see a change within 5 s.
// Access is still decided per caller on every turn.
const agentRows = ttlCache<AgentRow | null>({ name: 'agents.rows', max: 1_000, ttlMs: 5_000 });

const cachedAgent = (ctx: CachedContext, gptSystemId: string): Promise<AgentRow | null> =>
  agentRows.get(ctx, gptSystemId, () => repo.findAgent(ctx.db, gptSystemId));

/** Call after writing an agent (or every agent, without an id): the chat path caches agent rows. */
export function agentChanged(ctx: CacheContext, gptSystemId?: string): void {
  agentRows.delete(ctx, gptSystemId);
  // a publish or a deletion may have changed the public endpoints (written in the same transaction)
  publicEndpointsChanged(ctx);
}

/** The seam of ai/agent.types.ts; the conversations module creates one per app. */
export function createAgentDirectory(ctx: CachedContext): AgentDirectory & {
  recordAgentUse(userId: string, gptSystemId: string): Promise<void>;
} {
  return {
    async getForChat(principal, gptSystemId): Promise<ChatAgent> {
      const agent = await loadForChat(ctx, principal, gptSystemId);
      return {
        gptSystemId: agent.id,
        name: agent.name,
        gptSystemType: typeOf(agent),
        isPublic: agent.isPublic,
        brandKey: agent.brandKey,
        config: { ...agent.publishedConfig },
      };
    },
    recordAgentUse: (userId, gptSystemId) => recordAgentUse(ctx, userId, gptSystemId),
  };
}

/**
 * A published agent as a public endpoint's visitors meet it (docs/public-chat.md): null when it is unknown, deleted,
 * unpublished or Inactive, or personal while personal agents are turned off. Chat access policies name signed-in
 * people and do not apply: publishing an endpoint is the administrator's decision to open the agent to visitors.
 */
export async function agentForVisitors(
  ctx: CachedContext,
  gptSystemId: string,
): Promise<{ agent: ChatAgent; description: string; introduction: string } | null> {
  const row = await cachedAgent(ctx, gptSystemId);
  if (!row || row.isDeleted || !row.publishedConfig || row.publishedConfig.status === 'Inactive') return null;
  if (row.gptSystemType === 'User' && !(await personalAgentsAllowed(ctx))) return null;
  return {
    agent: {
      gptSystemId: row.id,
      name: row.name,
      gptSystemType: typeOf(row),
      isPublic: row.isPublic,
      brandKey: row.brandKey,
      config: { ...row.publishedConfig },
    },
    description: row.description,
    introduction: sanitizeIntroduction(row.publishedConfig.introduction),
  };
}

/** An agent's starter prompts, for a public endpoint's visitors (agentForVisitors decided they may see it). */
export async function starterPromptsForVisitors(ctx: CachedContext, gptSystemId: string): Promise<ConversationPromptList> {
  return page(await repo.listPrompts(ctx.db, gptSystemId));
}

/**
 * Called by the conversations module whenever a person asks an agent something, so that
 * recentGptSystems never reads conversation tables. Pass the transaction of the write when there is one.
 */
export async function recordAgentUse({ db }: Pick<AppContext, 'db'>, userId: string, gptSystemId: string, at: Date = new Date()): Promise<void> {
  await repo.upsertRecent(db, userId, gptSystemId, at);
}

/**
 * The same write as recordAgentUse for several uses at once, unexecuted: the conversations module makes
 * it part of its turns' one statement. One row per person and agent (the latest use).
 */
export function agentUseStatement(st: Statement, uses: readonly { userId: string; gptSystemId: string; at: Date }[]): string {
  const latest = new Map<string, { userId: string; gptSystemId: string; at: Date }>();
  for (const u of uses) {
    const key = `${u.userId}:${u.gptSystemId}`;
    const seen = latest.get(key);
    if (!seen || seen.at < u.at) latest.set(key, u);
  }
  return repo.recentUpsertText(st, [...latest.values()]);
}

/** The list filter of chat access policies and of AllowUserCreatedGptSystems (personal agents hidden while off). */
async function listFilter(ctx: CachedContext): Promise<(principal: Principal, agent: AgentRow) => boolean> {
  const [permits, personal] = await Promise.all([chatAccessCheck(ctx), personalAgentsAllowed(ctx)]);
  return (principal, agent) => (personal || agent.gptSystemType !== 'User') && permits(principal, agent);
}

/**
 * Whether the person may chat with the agent now: published, theirs or shared with them, allowed by the chat
 * access policies, and personal agents turned on. What belongs to an agent (its avatar, its guidelines document)
 * is readable by these people and by those who administer the agent, and by nobody else.
 */
export async function mayChatWith(ctx: CachedContext, principal: Principal, agent: AgentRow | null): Promise<boolean> {
  if (!agent || accessForChat(principal, agent) !== 'use') return false;
  return (await listFilter(ctx))(principal, agent);
}

/** mayChatWith for any of these agents, named by id (for other modules' links to agents). */
export async function mayChatWithAny(ctx: CachedContext, principal: Principal, gptSystemIds: readonly string[]): Promise<boolean> {
  for (const id of gptSystemIds) if (await mayChatWith(ctx, principal, await cachedAgent(ctx, id))) return true;
  return false;
}

/**
 * The lists people pick agents from leave out hidden agents (isHidden: reached by id or link only, e.g.
 * `/chat/{gptSystemId}`) and Inactive ones (which answer no question). A pin is the person's own
 * bookmark, so a pinned agent stays in pinnedGptSystems when hidden, and leaves it only while Inactive.
 */
export async function listAvailable(ctx: CachedContext, principal: Principal): Promise<GptSystemList> {
  const rows = await repo.listCandidates(ctx.db, principal.userId);
  const permits = await listFilter(ctx);
  return page(rows.filter((a) => isListed(a) && mayUse(principal, a) && permits(principal, a)).map((a) => listItem(a, a.isPinned)));
}

export async function listPinned(ctx: CachedContext, principal: Principal): Promise<GptSystemList> {
  const rows = await repo.listPinned(ctx.db, principal.userId);
  const permits = await listFilter(ctx);
  const active = (a: AgentRow) => a.publishedConfig?.status !== 'Inactive';
  return page(rows.filter((a) => active(a) && accessForChat(principal, a) === 'use' && permits(principal, a)).map((a) => listItem(a, true)));
}

export async function listRecent(ctx: CachedContext, principal: Principal): Promise<GptSystemList> {
  // Over-fetch a little: agents the caller lost access to are dropped after the query.
  const rows = await repo.listRecent(ctx.db, principal.userId, RecentAgentsLimit * 3);
  const permits = await listFilter(ctx);
  const items = rows.filter((a) => isListed(a) && accessForChat(principal, a) === 'use' && permits(principal, a)).slice(0, RecentAgentsLimit);
  return page(items.map((a) => listItem(a, a.isPinned)));
}

/** Idempotent: pinning twice keeps one pin. */
export async function pinAgent(ctx: CachedContext, principal: Principal, gptSystemId: string): Promise<void> {
  await loadForChat(ctx, principal, gptSystemId);
  await repo.pin(ctx.db, principal.userId, gptSystemId);
}

/** Idempotent, and works for agents the caller can no longer use, so stale pins can always go. */
export async function unpinAgent(ctx: CachedContext, principal: Principal, gptSystemId: string): Promise<void> {
  await repo.unpin(ctx.db, principal.userId, gptSystemId);
}

/** Agent introductions are administrator HTML: keep formatting and links, drop anything active. */
export function sanitizeIntroduction(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
    allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'title', 'width', 'height'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['https', 'data'] },
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  });
}

/** The agent's deployment, or the instance default when the one it names has since been removed. */
async function deploymentOf(ctx: Pick<AppContext, 'models'>, name: string | null): Promise<ResolvedDeployment> {
  try {
    return await ctx.models.resolve(name);
  } catch (e) {
    if (name === null || !(e instanceof AppError) || e.status >= 500) throw e;
    return ctx.models.resolve(null);
  }
}

export async function detailsForConversation(
  ctx: Pick<AppContext, 'db' | 'caches' | 'models' | 'config'>,
  principal: Principal,
  gptSystemId: string,
): Promise<DetailsForConversation> {
  const agent = await loadForChat(ctx, principal, gptSystemId);
  const deployment = await deploymentOf(ctx, agent.publishedConfig.deploymentName);
  const [ownerName] = agent.gptSystemType === 'User' && agent.ownerUserId ? await userNames(ctx, [agent.ownerUserId]) : [];
  // the name only: the people an agent is shared with do not learn its owner's email address here
  const owner = ownerName ? { userId: ownerName.userId, displayName: ownerName.displayName } : null;
  const vision = deployment.vision;
  return {
    gptSystem: summary(agent),
    gptIntroduction: sanitizeIntroduction(agent.publishedConfig.introduction),
    guidelinesDocument: await agentGuidelines(ctx, agent.id).then((g) =>
      g ? { guidelinesDocumentId: g.guidelinesDocumentId, documentTitle: g.documentTitle } : null,
    ),
    visionFileUpload: {
      allowedFileExtensions: vision ? [...VisionImageExtensions] : [],
      maxUploadedFileSizeBytes: ctx.config.uploads.visionImageMaxBytes,
    },
    brandKey: agent.brandKey,
    status: agent.publishedConfig.status === 'Inactive' ? 'Inactive' : 'Active',
    accessMessaging: { accessLevel: 'Full', accessMessage: null },
    citationVisibility: 'Visible',
    hipaaCompliant: deployment.hipaaCompliant,
    modelDisplayName: deployment.displayName,
    isVisionEnabled: vision,
    allowedVisionFileTypes: vision ? [...VisionImageTypes] : [],
    ownership: {
      owner,
      ownerIsCurrentUser: owner !== null && owner.userId === principal.userId,
    },
    currentUserActions: userActionsOn(principal, agent),
  };
}

export async function promptsForConversation(ctx: CachedContext, principal: Principal, gptSystemId: string): Promise<ConversationPromptList> {
  await loadForChat(ctx, principal, gptSystemId);
  return page(await repo.listPrompts(ctx.db, gptSystemId));
}

export const SystemAgentStarterPrompts = [
  { title: 'Summarise a text', prompt: 'Summarise the following text in five bullet points, keeping names, figures and dates:\n\n' },
  { title: 'Draft an email', prompt: 'Draft a short, friendly and professional email that ' },
  { title: 'Explain a concept', prompt: 'Explain the following concept simply, with one everyday example, as if to a new colleague: ' },
  { title: 'Brainstorm ideas', prompt: 'Brainstorm ten varied ideas for ' },
] as const;

/**
 * Gives the seeded System agent its starter prompts, once: an agent that already has prompts (kept
 * or edited by an administrator) is left alone. Runs inside seed()'s transaction.
 */
export async function seedAgentPrompts(ctx: { db: Db }, agentName = 'Atrium Assistant'): Promise<void> {
  const agent = await repo.findOldestSystemAgentByName(ctx.db, agentName);
  if (!agent || (await repo.countPrompts(ctx.db, agent.id)) > 0) return;
  await repo.insertPrompts(ctx.db, agent.id, SystemAgentStarterPrompts);
}

/** Live agents per brand key: the brands module refuses to delete a brand that agents still show. */
export const countAgentsByBrand = ({ db }: DbContext): Promise<Map<string, number>> => repo.countAgentsByBrand(db);
