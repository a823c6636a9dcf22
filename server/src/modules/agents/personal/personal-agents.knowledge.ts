// A personal agent's files (configuration `attachments` of type FileSearch, docs/wire-protocol.md) become its
// knowledge when it is saved: its own file library is made to hold exactly them (knowledge/agent-files.ts). Only
// the owner's own attachments count; ids of others' or unknown ones are left out.
import type { AppContext } from '../../../platform/context.js';
import type { Principal } from '../../../platform/access.js';
import type { PublishedAgentConfig } from '../../../db/schema/index.js';
import { ownKnowledgeAttachments } from '../../uploads/uploads.knowledge.js';
import { syncAgentFiles } from '../../knowledge/agent-files.js';

type Attachment = { attachmentId?: string; id?: string; attachmentType?: string };

/** The attachment ids of type FileSearch in a configuration (clients send `attachmentId`, some only `id`). */
export const knowledgeAttachmentIds = (config: Pick<PublishedAgentConfig, 'attachments'>): string[] =>
  ((config.attachments ?? []) as Attachment[])
    .filter((a) => (a.attachmentType ?? 'FileSearch') === 'FileSearch')
    .map((a) => a.attachmentId ?? a.id)
    .filter((id): id is string => typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id));

export async function syncPersonalAgentKnowledge(
  ctx: AppContext,
  principal: Principal,
  agent: { gptSystemId: string; name: string; config: Pick<PublishedAgentConfig, 'attachments'> },
): Promise<void> {
  const files = await ownKnowledgeAttachments(ctx, principal.userId, knowledgeAttachmentIds(agent.config));
  await syncAgentFiles(ctx, principal, agent, files);
}
