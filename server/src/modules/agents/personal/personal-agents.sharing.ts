// Sharing of personal agents: the owner's list of people (PUT …/personal/management/{id}/sharing) and the
// invitations by email that become shares when their person signs in. An email never tells the owner whether
// it has an account: each one is a pending invitation until someone with it signs in (docs/features.md).
import type { SharingBody } from '@atrium/contract';
import type { AppContext, InTransaction } from '../../../platform/context.js';
import type { Principal } from '../../../platform/access.js';
import { recordAudit } from '../../../platform/audit.js';
import { badRequest } from '../../../platform/errors.js';
import type { AgentRow } from '../agents.repository.js';
import { agentChanged } from '../agents.service.js';
import { presentManaged } from '../admin-agents.service.js';
import {} from '../drafts/config-states.service.js';
import * as repo from '../drafts/config-states.repository.js';
import { userNames } from '../../users/users.lookup.js';
import type { CachedContext } from '../../../platform/caches.js';
import { auditActorOf } from '../../../platform/access.js';

const normal = (email: string) => email.trim().toLowerCase();

/**
 * Replaces who the agent is shared with. People already shared with stay when named by id or email; any other
 * email becomes (or stays) a pending invitation, whether or not an account uses it; the owner's own email is
 * ignored. Unknown user ids are refused (ids come from the answer's sharedWith, so they reveal nothing).
 */
export async function replaceSharing(ctx: Pick<AppContext, 'db' | 'caches'>, principal: Principal, agent: AgentRow, body: SharingBody) {
  const before = await repo.listShares(ctx.db, agent.id);
  const byId = (await userNames(ctx, body.userIds ?? [])).map((u) => ({ id: u.userId }));
  const unknownIds = (body.userIds ?? []).filter((id) => !byId.some((u) => u.id === id));
  if (unknownIds.length) {
    throw badRequest(
      'Some people could not be found.',
      unknownIds.map((id) => ({ field: 'userIds', message: `No user with the id ${id}` })),
    );
  }
  const emails = new Set((body.emails ?? []).map(normal));
  emails.delete(normal(principal.email));
  const kept = before.filter((s) => emails.has(normal(s.email)));
  for (const s of kept) emails.delete(normal(s.email));
  const userIds = [...new Set([...kept.map((s) => s.userId), ...byId.map((u) => u.id)])].filter((id) => id !== agent.ownerUserId);
  const invitations = [...emails];
  const invitedBefore = await repo.listInvitations(ctx.db, agent.id);
  await ctx.db.transaction(async (tx) => {
    await repo.replaceShares(tx, agent.id, userIds);
    await repo.replaceInvitations(tx, agent.id, invitations);
    await recordAudit(tx, {
      aggregateType: 'GptSystem',
      aggregateId: agent.id,
      domainOperation: 'SharingUpdated',
      actor: auditActorOf(principal),
      before: { userIds: before.map((s) => s.userId), invitations: invitedBefore.map((i) => i.email) },
      after: { userIds, invitations },
    });
  });
  agentChanged(ctx, agent.id);
  return (await presentManaged(ctx, principal, [agent]))[0]!;
}

/**
 * At every sign-in (password, refresh cookie, single sign-on, and so a new person's first): the invitations to
 * this person's email become shares with them, and they find the agents under those shared with them.
 */
export async function claimShareInvitations({ db, caches }: InTransaction<CachedContext>, user: { id: string; email: string }): Promise<void> {
  const agentIds = await repo.claimInvitations(db, user.id, user.email);
  for (const id of agentIds) agentChanged({ caches }, id);
}
