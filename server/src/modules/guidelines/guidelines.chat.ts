// What the chat path needs about guidelines, kept cheap: which document an agent shows (with its text
// and content version) from a cached index, and whether a person has consented to that version, from
// a bounded cache of positive answers (a consent is never withdrawn; a new version is a new key).
// Writes of this module invalidate the index at once; other server processes reload within IndexTtlMs
// (in the background: a chat request never waits for a periodic reload).
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.js';
import type { Principal } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { GuidelinesErrorCodes } from '@atrium/contract';
import { refreshingValue } from '../../platform/refreshing-value.js';
import * as repo from './guidelines.repository.js';
import type { AppContext } from '../../platform/context.js';
import type { CacheContext } from '../../platform/caches.js';

export interface AgentGuidelines {
  guidelinesDocumentId: string;
  documentTitle: string;
  contentVersion: string;
  /** the document as markdown, for the system prompt */
  text: string;
}

/** The version a consent is given to: any change of the title, a section or the order makes a new one. */
export function contentVersionOf(title: string, sections: ReadonlyArray<{ title: string; content: string }>): string {
  return createHash('sha256')
    .update(JSON.stringify([title, sections.map((s) => [s.title, s.content])]))
    .digest('hex')
    .slice(0, 20);
}

export function documentText(title: string, sections: ReadonlyArray<{ title: string; content: string }>): string {
  return [`# ${title}`, ...sections.map((s) => `## ${s.title}\n\n${s.content.trim()}`)].join('\n\n');
}

const IndexTtlMs = 5_000;

async function loadIndex(db: Db): Promise<Map<string, AgentGuidelines>> {
  const { links, documents, sections } = await repo.linkedDocuments(db);
  const byDocument = new Map<string, AgentGuidelines>();
  for (const d of documents) {
    if (d.isTemplate) continue;
    const own = sections.filter((s) => s.documentId === d.id);
    byDocument.set(d.id, { guidelinesDocumentId: d.id, documentTitle: d.title, contentVersion: d.contentVersion, text: documentText(d.title, own) });
  }
  const index = new Map<string, AgentGuidelines>();
  for (const l of links) {
    const g = byDocument.get(l.documentId);
    if (g) index.set(l.gptSystemId, g);
  }
  return index;
}

const cache = refreshingValue('guidelines.index', loadIndex, IndexTtlMs);

/** The guidelines document an agent shows, or null. */
export async function agentGuidelines(ctx: Pick<AppContext, 'db' | 'caches' | 'caches'>, gptSystemId: string): Promise<AgentGuidelines | null> {
  return (await cache.get(ctx)).get(gptSystemId) ?? null;
}

/** Call after a committed change to documents, sections or links. */
export function guidelinesChanged(ctx: CacheContext): void {
  cache.invalidate(ctx);
}

// consents known to this process (a consent, once given to a version, stays given): no query per turn
const consentsKind = {};
const consentsOf = (ctx: CacheContext) => ctx.caches.storeOf(consentsKind, () => new LRUCache<string, true>({ max: 50_000 }));
const consentKey = (userId: string, g: Pick<AgentGuidelines, 'guidelinesDocumentId' | 'contentVersion'>) =>
  `${userId}:${g.guidelinesDocumentId}:${g.contentVersion}`;

export function rememberConsent(ctx: CacheContext, userId: string, g: Pick<AgentGuidelines, 'guidelinesDocumentId' | 'contentVersion'>): void {
  consentsOf(ctx).set(consentKey(userId, g), true);
}

export async function hasConsented(
  ctx: Pick<AppContext, 'db' | 'caches' | 'caches'>,
  userId: string,
  g: Pick<AgentGuidelines, 'guidelinesDocumentId' | 'contentVersion'>,
): Promise<boolean> {
  if (consentsOf(ctx).get(consentKey(userId, g))) return true;
  const row = await repo.findConsent(ctx.db, userId, g.guidelinesDocumentId);
  if (row?.contentVersion !== g.contentVersion) return false;
  rememberConsent(ctx, userId, g);
  return true;
}

export const consentRequired = (g: Pick<AgentGuidelines, 'guidelinesDocumentId' | 'documentTitle'>) =>
  new AppError(GuidelinesErrorCodes.consentRequired, 403, `Accept the guidelines "${g.documentTitle}" before chatting with this agent.`, [
    { field: 'guidelinesDocumentId', message: g.guidelinesDocumentId },
  ]);

/**
 * For every chat call: the agent's guidelines when the caller has consented to their current version,
 * null when the agent has none; a 403 (guidelines_consent_required) otherwise, before anything is written.
 */
export async function guidelinesForChat(
  ctx: Pick<AppContext, 'db' | 'caches' | 'caches'>,
  principal: Principal,
  gptSystemId: string,
): Promise<AgentGuidelines | null> {
  const g = await agentGuidelines(ctx, gptSystemId);
  if (!g) return null;
  if (!(await hasConsented(ctx, principal.userId, g))) throw consentRequired(g);
  return g;
}

/** The system prompt with the guidelines the answer must follow (docs/architecture.md: system prompt + guidelines + history). */
export function withGuidelines(system: string, g: AgentGuidelines | null): string {
  if (!g) return system;
  return `${system}\n\nThe person has accepted the following guidelines for this conversation. Follow them in every answer.\n\n${g.text}`;
}
