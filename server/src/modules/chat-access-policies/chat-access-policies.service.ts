// Rules of the chat-access-policies module: administering policies (every change audited in its
// transaction) and presenting them with the current names of what they name. Enforcement lives in
// chat-access-policies.index.ts, which the agents module calls.
import type { z } from 'zod';
import type {
  ChatAccessPolicy,
  ChatAccessPolicyInputSchema,
  ChatAccessPolicyList,
  ChatAccessPolicyOptions,
  DirectoryGroupList,
  ErrorDetail,
} from '@atrium/contract';
import type { Db } from '../../db/client.js';
import { recordAudit, type AuditActor } from '../../platform/audit.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { systemAgentNames } from '../agents/agents.lookup.js';
import { knownDirectoryGroups, searchUsers, userNames } from '../users/users.lookup.js';
import { roleNames } from '../user-roles/user-roles.lookup.js';
import { policiesChanged } from './chat-access-policies.index.js';
import * as repo from './chat-access-policies.repository.js';
import type { PolicyRow, PolicyValues } from './chat-access-policies.repository.js';
import type { DbContext, InTransaction } from '../../platform/context.js';
import type { CachedContext } from '../../platform/caches.js';

type Input = z.output<typeof ChatAccessPolicyInputSchema>;

const AggregateType = 'ChatAccessPolicy';
const unique = <T>(xs: readonly T[]) => [...new Set(xs)];

async function present(db: Db, row: PolicyRow): Promise<ChatAccessPolicy> {
  const [gptSystems, users, userRoles, directoryGroups] = await Promise.all([
    systemAgentNames({ db }, row.gptSystemIds),
    userNames({ db }, row.userIds),
    roleNames({ db }, row.userRoleIds),
    knownDirectoryGroups({ db }, { ids: row.directoryGroupIds, limit: 1000 }),
  ]);
  // a group nobody has signed in with yet is still shown, by its id
  const known = new Set(directoryGroups.map((g) => g.id));
  const groups = [...directoryGroups, ...row.directoryGroupIds.filter((id) => !known.has(id)).map((id) => ({ id, displayName: id, description: null }))];
  return {
    chatAccessPolicyId: row.id,
    name: row.name,
    description: row.description,
    allGptSystems: row.allGptSystems,
    gptSystemIds: row.gptSystemIds,
    userIds: row.userIds,
    userRoleIds: row.userRoleIds,
    directoryGroupIds: row.directoryGroupIds,
    gptSystems,
    users,
    userRoles,
    directoryGroups: groups,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listPolicies({ db }: DbContext): Promise<ChatAccessPolicyList> {
  const rows = await repo.listPolicies(db);
  return { items: await Promise.all(rows.map((r) => present(db, r))), continuationToken: null };
}

export async function getPolicy({ db }: DbContext, id: string): Promise<ChatAccessPolicy> {
  const row = await repo.findPolicy(db, id);
  if (!row) throw notFound('The chat access policy');
  return present(db, row);
}

/** Every id must name something that exists now; a typo must not silently grant or restrict nothing. */
async function checkedValues(db: Db, input: Input): Promise<PolicyValues> {
  const values: PolicyValues = {
    name: input.name,
    description: input.description,
    allGptSystems: input.allGptSystems,
    gptSystemIds: input.allGptSystems ? [] : unique(input.gptSystemIds),
    userIds: unique(input.userIds),
    userRoleIds: unique(input.userRoleIds),
    directoryGroupIds: unique(input.directoryGroupIds),
  };
  const [agents, users, roles] = await Promise.all([
    systemAgentNames({ db }, values.gptSystemIds),
    userNames({ db }, values.userIds!),
    roleNames({ db }, values.userRoleIds!),
  ]);
  const details: ErrorDetail[] = [];
  const missing = (field: string, wanted: readonly string[], found: readonly string[], what: string) => {
    const have = new Set(found);
    wanted.forEach((id, i) => {
      if (!have.has(id)) details.push({ field: `${field}.${i}`, message: `No such ${what}` });
    });
  };
  missing(
    'gptSystemIds',
    values.gptSystemIds!,
    agents.map((a) => a.gptSystemId),
    'System agent',
  );
  missing(
    'userIds',
    values.userIds!,
    users.map((u) => u.userId),
    'user',
  );
  missing(
    'userRoleIds',
    values.userRoleIds!,
    roles.map((r) => r.userRoleId),
    'role',
  );
  if (details.length) throw badRequest('The policy names agents, users or roles that do not exist.', details);
  return values;
}

const snapshot = (row: PolicyRow) => ({
  name: row.name,
  description: row.description,
  allGptSystems: row.allGptSystems,
  gptSystemIds: row.gptSystemIds,
  userIds: row.userIds,
  userRoleIds: row.userRoleIds,
  directoryGroupIds: row.directoryGroupIds,
});

export async function createPolicy({ db, caches }: InTransaction<CachedContext>, actor: AuditActor, input: Input): Promise<ChatAccessPolicy> {
  const row = await db.transaction(async (tx) => {
    const values = await checkedValues(tx, input);
    const created = await repo.insertPolicy(tx, values);
    await recordAudit(tx, { aggregateType: AggregateType, aggregateId: created.id, domainOperation: 'Created', actor, after: snapshot(created) });
    return created;
  });
  policiesChanged({ caches });
  return present(db, row);
}

export async function updatePolicy({ db, caches }: InTransaction<CachedContext>, actor: AuditActor, id: string, input: Input): Promise<ChatAccessPolicy> {
  const row = await db.transaction(async (tx) => {
    const before = await repo.findPolicy(tx, id);
    if (!before) throw notFound('The chat access policy');
    const updated = await repo.updatePolicy(tx, id, await checkedValues(tx, input));
    await recordAudit(tx, {
      aggregateType: AggregateType,
      aggregateId: id,
      domainOperation: 'Updated',
      actor,
      before: snapshot(before),
      after: snapshot(updated),
    });
    return updated;
  });
  policiesChanged({ caches });
  return present(db, row);
}

export async function deletePolicy({ db, caches }: InTransaction<CachedContext>, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await repo.findPolicy(tx, id);
    if (!before) throw notFound('The chat access policy');
    await repo.deletePolicy(tx, id);
    await recordAudit(tx, { aggregateType: AggregateType, aggregateId: id, domainOperation: 'Deleted', actor, before: snapshot(before) });
  });
  policiesChanged({ caches });
}

export async function options({ db }: DbContext, search: string): Promise<ChatAccessPolicyOptions> {
  const [gptSystems, userRoles, users] = await Promise.all([systemAgentNames({ db }), roleNames({ db }), searchUsers({ db }, search)]);
  return { gptSystems, userRoles, users };
}

export async function directoryGroups({ db }: DbContext, search: string): Promise<DirectoryGroupList> {
  return { items: await knownDirectoryGroups({ db }, { search }), continuationToken: null };
}

export const countPolicies = async ({ db }: DbContext): Promise<number> => (await repo.listPolicies(db)).length;

/** The audit log's aggregateRootName for a policy (null when it is gone: the audit rows name it then). */
export async function policyName({ db }: DbContext, id: string): Promise<string | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  return (await repo.findPolicy(db, id))?.name ?? null;
}
