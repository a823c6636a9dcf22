// Rules of the user roles module: roles with their actions, the scopes of the …Specific actions
// (entity configuration), the users of a role and the list of actions. Built-in roles keep their
// names and cannot be deleted; the Administrator role keeps every action. Every change is audited in
// its transaction, and every cached principal is dropped after commit, so that a changed role takes
// effect at once for signed-in people in this process (within a few seconds in others).
import {
  UserActionInfo,
  UserActions,
  type AdminUserList,
  type EntityConfigurationDetails,
  type EntityConfigurationUpdate,
  type UserAction,
  type UserActionList,
  type UserRole,
  type UserRoleCreate,
  type UserRoleList,
  type UserRoleListQuery,
  type UserRoleUpdate,
  type PageQuery,
} from '@atrium/contract';
import type { Db } from '../../db/client.js';
import { recordAudit, type AuditActor } from '../../platform/audit.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { systemAgentNames } from '../agents/agents.lookup.js';
import { listUsers } from '../users/admin-users.service.js';
import { userChanged } from '../users/users.service.js';
import * as repo from './user-roles.repository.js';
import type { RolePageAfter, RoleRow } from './user-roles.repository.js';
import type { DbContext, InTransaction } from '../../platform/context.js';
import type { CachedContext } from '../../platform/caches.js';

export const UserRoleAggregate = 'UserRole';

/** Keeps the enum's order and drops actions a later release removed. */
const knownActions = (actions: Iterable<string>): UserAction[] => {
  const held = new Set(actions);
  return UserActions.filter((a) => held.has(a));
};

const present = (row: RoleRow): UserRole => ({
  userRoleId: row.id,
  name: row.name,
  description: row.description,
  isBuiltIn: row.builtInKey !== null,
  builtInKey: row.builtInKey,
  userActions: knownActions(row.actions),
  entityConfiguration: { gptSystemIds: row.entityConfiguration.gptSystemIds ?? [], dataSourceIds: row.entityConfiguration.dataSourceIds ?? [] },
  userCount: row.userCount,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** What the audit trail keeps of a role (the user count is not part of the configuration). */
const snapshot = (role: UserRole) => {
  const { userCount: _count, ...rest } = role;
  return rest;
};

const encodeToken = (row: RoleRow) => Buffer.from(JSON.stringify([row.name, row.id])).toString('base64url');

function decodeToken(token: string): RolePageAfter {
  try {
    const [name, id] = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown[];
    if (typeof name === 'string' && typeof id === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return { name, id };
  } catch {
    // falls through to the refusal
  }
  throw badRequest('The continuation token is not valid.', [{ field: 'continuationToken', message: 'Use the token of a previous page' }]);
}

export async function listRoles({ db }: DbContext, query: UserRoleListQuery): Promise<UserRoleList> {
  const rows = await repo.listRoles(db, {
    nameContains: query.name?.trim() || null,
    after: query.continuationToken ? decodeToken(query.continuationToken) : null,
    limit: query.pageSize + 1,
  });
  const page = rows.slice(0, query.pageSize);
  const last = page[page.length - 1];
  return { items: page.map(present), continuationToken: rows.length > query.pageSize && last ? encodeToken(last) : null };
}

async function load(db: Db, id: string): Promise<UserRole> {
  const row = await repo.findRole(db, id);
  if (!row) throw notFound('The user role');
  return present(row);
}

export const getRole = ({ db }: DbContext, id: string) => load(db, id);

export async function createRole({ db }: DbContext, actor: AuditActor, input: UserRoleCreate): Promise<UserRole> {
  const name = input.name.trim();
  return db.transaction(async (tx) => {
    const t: Db = tx;
    if (await repo.nameTaken(t, name)) throw conflict('A role with this name exists.', [{ field: 'name', message: 'Role names are unique' }]);
    const id = await repo.insertRole(t, { name, description: input.description ?? '', actions: knownActions(input.userActions ?? []) });
    const after = await load(t, id);
    await recordAudit(t, { aggregateType: UserRoleAggregate, aggregateId: id, domainOperation: 'Created', actor, after: snapshot(after) });
    return after;
  });
}

export async function updateRole({ db, caches }: InTransaction<CachedContext>, actor: AuditActor, id: string, input: UserRoleUpdate): Promise<UserRole> {
  const result = await db.transaction(async (tx) => {
    const t: Db = tx;
    const before = await load(t, id);
    const name = input.name?.trim();
    if (name !== undefined && name !== before.name) {
      if (before.isBuiltIn) throw badRequest('Built-in roles cannot be renamed.', [{ field: 'name', message: `The ${before.name} role keeps its name` }]);
      if (await repo.nameTaken(t, name, id)) throw conflict('A role with this name exists.', [{ field: 'name', message: 'Role names are unique' }]);
    }
    const actions = input.userActions ? knownActions(input.userActions) : undefined;
    if (actions && before.builtInKey === 'Administrator' && actions.length !== UserActions.length) {
      throw badRequest('The Administrator role keeps every action.', [{ field: 'userActions', message: 'Create another role for fewer actions' }]);
    }
    await repo.updateRole(t, id, {
      ...(name !== undefined ? { name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(actions ? { actions } : {}),
    });
    const after = await load(t, id);
    await recordAudit(t, {
      aggregateType: UserRoleAggregate,
      aggregateId: id,
      domainOperation: 'Updated',
      actor,
      before: snapshot(before),
      after: snapshot(after),
    });
    return after;
  });
  userChanged({ caches });
  return result;
}

export async function deleteRole({ db, caches }: InTransaction<CachedContext>, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const t: Db = tx;
    const before = await load(t, id);
    if (before.isBuiltIn) throw conflict('Built-in roles cannot be deleted.', [{ field: 'userRoleId', message: `The ${before.name} role is built in` }]);
    await repo.deleteRole(t, id);
    await recordAudit(t, { aggregateType: UserRoleAggregate, aggregateId: id, domainOperation: 'Deleted', actor, before: snapshot(before) });
  });
  userChanged({ caches });
}

export async function listRoleUsers({ db }: DbContext, id: string, query: PageQuery & { emailAddress?: string }): Promise<AdminUserList> {
  await load(db, id);
  return listUsers({ db }, { ...query, roleId: id });
}

export async function getEntityConfiguration({ db }: DbContext, id: string): Promise<EntityConfigurationDetails> {
  const role = await load(db, id);
  const agents = await systemAgentNames({ db });
  const chosen = new Set(role.entityConfiguration.gptSystemIds);
  return {
    userRoleId: role.userRoleId,
    ...role.entityConfiguration,
    gptSystems: agents.filter((a) => chosen.has(a.gptSystemId)),
    availableGptSystems: agents,
  };
}

/** Scopes the …Specific actions to existing System agents (and data sources, by id). */
export async function updateEntityConfiguration(
  { db, caches }: InTransaction<CachedContext>,
  actor: AuditActor,
  id: string,
  input: EntityConfigurationUpdate,
): Promise<EntityConfigurationDetails> {
  const gptSystemIds = [...new Set(input.gptSystemIds)];
  const dataSourceIds = [...new Set(input.dataSourceIds ?? [])];
  await db.transaction(async (tx) => {
    const t: Db = tx;
    const before = await load(t, id);
    const known = new Set((await systemAgentNames({ db: t }, gptSystemIds)).map((a) => a.gptSystemId));
    const unknown = input.gptSystemIds.flatMap((g, i) => (known.has(g) ? [] : [{ field: `gptSystemIds.${i}`, message: 'No such agent' }]));
    if (unknown.length > 0) throw badRequest('Some agents do not exist.', unknown);
    await repo.updateRole(t, id, { entityConfiguration: { gptSystemIds, dataSourceIds } });
    await recordAudit(t, {
      aggregateType: UserRoleAggregate,
      aggregateId: id,
      domainOperation: 'EntityConfigurationUpdated',
      actor,
      before: { name: before.name, entityConfiguration: before.entityConfiguration },
      after: { name: before.name, entityConfiguration: { gptSystemIds, dataSourceIds } },
    });
  });
  userChanged({ caches });
  return getEntityConfiguration({ db }, id);
}

export function listUserActions(): UserActionList {
  return {
    items: UserActions.map((a) => ({
      userAction: a,
      area: UserActionInfo[a].area,
      description: UserActionInfo[a].description,
      isSpecific: a.endsWith('Specific'),
    })),
    continuationToken: null,
  };
}

export async function roleName({ db }: DbContext, id: string): Promise<string | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  return (await repo.findRole(db, id))?.name ?? null;
}

export const countRoles = ({ db }: DbContext) => repo.countRoles(db);
