// The guidelines as people meet them: a document to read before chatting with an agent that shows it, and
// their consent to its current version.
import { GuidelinesErrorCodes, type GuidelinesConsent, type UserGuidelinesDocument } from '@atrium/contract';
import type { Principal } from '../../platform/access.js';
import { AppError, notFound } from '../../platform/errors.js';
import { mayChatWithAny } from '../agents/agents.service.js';
import { rememberConsent } from './guidelines.chat.js';
import * as repo from './guidelines.repository.js';
import type { DocumentRow } from './guidelines.repository.js';
import { presentSection } from './guidelines.service.js';
import type { CachedContext } from '../../platform/caches.js';

/**
 * A document as people read it (not templates): only someone who may chat with an agent showing it can read
 * it or consent to it; for anyone else it does not exist.
 */
async function documentForUser(ctx: CachedContext, principal: Principal, id: string): Promise<DocumentRow> {
  const row = await repo.findDocument(ctx.db, id);
  if (!row || row.isTemplate || !(await mayChatWithAny(ctx, principal, await repo.linkedAgentIds(ctx.db, id)))) throw notFound('The guidelines document');
  return row;
}

/** The document a signed-in person reads before consenting. */
export async function getForUser({ db, caches }: CachedContext, principal: Principal, id: string): Promise<UserGuidelinesDocument> {
  const row = await documentForUser({ db, caches }, principal, id);
  const [sections, consent] = await Promise.all([repo.listSections(db, id), repo.findConsent(db, principal.userId, id)]);
  return {
    guidelinesDocumentId: row.id,
    documentTitle: row.title,
    contentVersion: row.contentVersion,
    sections: sections.map(presentSection),
    consent: consent ? { contentVersion: consent.contentVersion, consentedAt: consent.consentedAt.toISOString() } : null,
    consentRequired: consent?.contentVersion !== row.contentVersion,
  };
}

/** Records consent to the version the person read; a stale version (the text changed since) is refused. */
export async function consent({ db, caches }: CachedContext, principal: Principal, id: string, contentVersion: string): Promise<GuidelinesConsent> {
  const row = await documentForUser({ db, caches }, principal, id);
  if (row.contentVersion !== contentVersion) {
    throw new AppError(
      GuidelinesErrorCodes.versionChanged,
      409,
      'The guidelines changed since you opened them. Read them again and accept the current version.',
      [{ field: 'contentVersion', message: `The current version is ${row.contentVersion}` }],
    );
  }
  const saved = await repo.upsertConsent(db, principal.userId, id, contentVersion);
  rememberConsent({ caches }, principal.userId, { guidelinesDocumentId: id, contentVersion });
  return { guidelinesDocumentId: id, contentVersion: saved.contentVersion, consentedAt: saved.consentedAt.toISOString() };
}
