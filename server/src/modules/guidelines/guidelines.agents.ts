// Which guidelines document an agent shows: read and changed by the agents' administrators (the agents'
// scope rules decide who), and set by the agents module inside its own transactions.
import type { AgentGuidelines as AgentGuidelinesView } from '@atrium/contract';
import type { Principal } from '../../platform/access.js';
import { recordAudit, type AuditActor } from '../../platform/audit.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { systemAgentNames } from '../agents/agents.lookup.js';
import { mayAdministerSystemAgent, mayManageSystemAgent } from '../agents/agents.policy.js';
import { guidelinesChanged } from './guidelines.chat.js';
import * as repo from './guidelines.repository.js';
import type { DbContext, InTransaction } from '../../platform/context.js';
import type { CachedContext } from '../../platform/caches.js';

/**
 * For the agents module (agent administration): attach a document to an agent, or detach it with null,
 * inside the caller's transaction, audited as a change of the agent. Call guidelinesChanged after commit.
 */
export async function setAgentGuidelinesDocument({ db: tx }: DbContext, actor: AuditActor, gptSystemId: string, documentId: string | null): Promise<void> {
  if (documentId !== null) {
    const doc = await repo.findDocument(tx, documentId);
    if (!doc || doc.isTemplate)
      throw badRequest('The guidelines document does not exist.', [{ field: 'guidelinesDocumentId', message: 'No such guidelines document' }]);
  }
  const [before] = await repo.linksOf(tx, [gptSystemId]);
  if ((before?.documentId ?? null) === documentId) return;
  await repo.setLink(tx, gptSystemId, documentId);
  await recordAudit(tx, {
    aggregateType: 'GptSystem',
    aggregateId: gptSystemId,
    domainOperation: 'GuidelinesDocumentChanged',
    actor,
    before: { guidelinesDocumentId: before?.documentId ?? null },
    after: { guidelinesDocumentId: documentId },
  });
}

/** The document an agent shows (administrators' view, for the agent's side of the link). */
export async function agentGuidelinesDocument({ db }: DbContext, gptSystemId: string, principal?: Principal): Promise<AgentGuidelinesView> {
  // the agents' admin rules: …Specific actions reach only the agents their roles are scoped to, others do not exist for them
  if (principal && !mayAdministerSystemAgent(principal, gptSystemId)) throw notFound('The agent');
  if ((await systemAgentNames({ db }, [gptSystemId])).length === 0) throw notFound('The agent');
  const [link] = await repo.linksOf(db, [gptSystemId]);
  const doc = link ? await repo.findDocument(db, link.documentId) : null;
  return { gptSystemId, guidelinesDocument: doc ? { guidelinesDocumentId: doc.id, documentTitle: doc.title } : null };
}

/** Attach a document to an agent, or detach it with null; audited as a change of the agent. */
export async function setAgentGuidelines(
  { db, caches }: InTransaction<CachedContext>,
  principal: Principal,
  actor: AuditActor,
  gptSystemId: string,
  documentId: string | null,
): Promise<AgentGuidelinesView> {
  // GptSystemsWriteSpecific changes only the agents its roles are scoped to
  if (!mayManageSystemAgent(principal, gptSystemId)) throw notFound('The agent');
  if ((await systemAgentNames({ db }, [gptSystemId])).length === 0) throw notFound('The agent');
  await db.transaction((tx) => setAgentGuidelinesDocument({ db: tx }, actor, gptSystemId, documentId));
  guidelinesChanged({ caches });
  return agentGuidelinesDocument({ db }, gptSystemId);
}
