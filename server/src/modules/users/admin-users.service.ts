// Rules of the admin users API: listing and reading people with their roles, creating local users,
// renaming, disabling and enabling them, and giving and removing roles. Every change is audited in
// its transaction, and the access hook's cached principal of the person is dropped after commit so
// that a disabled user or a removed role stops working at once in this process (within the cache's
// few seconds in others).
import type { AdminUser, AdminUserCreate, AdminUserList, AdminUserListQuery, AdminUserUpdate } from '@atrium/contract';
import type { Db } from '../../db/client.js';
import { recordAudit, type AuditActor } from '../../platform/audit.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { hashPassword } from '../../platform/passwords.js';
import { builtInRoleId, lockAdministratorRole, rolesByIds } from '../user-roles/user-roles.lookup.js';
import * as repo from './admin-users.repository.js';
import type { AdminUserRow, RoleRefRow, UserPageAfter } from './admin-users.repository.js';
import { userChanged } from './users.service.js';
import { revokeSessionsOfUser } from '../auth/auth.service.js';
import type { DbContext, InTransaction } from '../../platform/context.js';
import type { CachedContext } from '../../platform/caches.js';

export const UserAggregate = 'User';

const present = (row: AdminUserRow, roles: RoleRefRow[]): AdminUser => ({
  userId: row.id,
  emailAddress: row.email,
  displayName: row.displayName,
  identityProvider: row.identityProvider,
  disabled: row.disabled,
  status: row.disabled ? 'Inactive' : 'Active',
  hasPassword: row.hasPassword,
  lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  userRoles: roles.filter((r) => r.userId === row.id).map((r) => ({ userRoleId: r.roleId, name: r.name, isBuiltIn: r.builtInKey !== null })),
});

const encodeToken = (row: AdminUserRow) => Buffer.from(JSON.stringify([row.email.toLowerCase(), row.id])).toString('base64url');

function decodeToken(token: string): UserPageAfter {
  try {
    const [email, id] = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown[];
    if (typeof email === 'string' && typeof id === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return { email, id };
  } catch {
    // falls through to the refusal
  }
  throw badRequest('The continuation token is not valid.', [{ field: 'continuationToken', message: 'Use the token of a previous page' }]);
}

/** GET /admin/users, and the users of a role (roleId) for the user roles module. */
export async function listUsers({ db }: DbContext, query: AdminUserListQuery & { roleId?: string }): Promise<AdminUserList> {
  const rows = await repo.listUsers(db, {
    emailContains: query.emailAddress?.trim() || null,
    roleId: query.roleId ?? null,
    after: query.continuationToken ? decodeToken(query.continuationToken) : null,
    limit: query.pageSize + 1,
  });
  const page = rows.slice(0, query.pageSize);
  const roles = await repo.rolesOfUsers(
    db,
    page.map((r) => r.id),
  );
  const last = page[page.length - 1];
  return { items: page.map((r) => present(r, roles)), continuationToken: rows.length > query.pageSize && last ? encodeToken(last) : null };
}

async function load(db: Db, userId: string): Promise<AdminUser> {
  const row = await repo.findUser(db, userId);
  if (!row) throw notFound('The user');
  return present(row, await repo.rolesOfUsers(db, [userId]));
}

export const getUser = ({ db }: DbContext, userId: string) => load(db, userId);

/** A local user holding the built-in User role (and any roles asked for). */
export async function createLocalUser({ db }: DbContext, actor: AuditActor, input: AdminUserCreate): Promise<AdminUser> {
  const email = input.emailAddress.trim().toLowerCase();
  const password = input.password;
  if (password.trim().length === 0 || new Set(password).size < 4) {
    throw badRequest('The password is too easy to guess.', [{ field: 'password', message: 'Use a passphrase with more varied characters' }]);
  }
  if (password.toLowerCase().includes(email.split('@')[0]!) && email.split('@')[0]!.length >= 4) {
    throw badRequest('The password is too easy to guess.', [{ field: 'password', message: 'The password must not contain the email address' }]);
  }
  // hashing is slow on purpose; do it before the transaction holds anything
  const passwordHash = await hashPassword(password);
  const created = await db.transaction(async (tx) => {
    const t: Db = tx;
    if (await repo.emailTaken(t, email))
      throw conflict('A user with this email address exists.', [{ field: 'emailAddress', message: 'This email address is already in use' }]);
    const userRoleId = await builtInRoleId({ db: t }, 'User');
    const roleIds = new Set([...(userRoleId ? [userRoleId] : []), ...(input.userRoleIds ?? [])]);
    for (const [i, roleId] of (input.userRoleIds ?? []).entries()) {
      if (!(await rolesByIds({ db: t }, [roleId]))[0]) throw badRequest('A role does not exist.', [{ field: `userRoleIds.${i}`, message: 'Unknown role' }]);
    }
    const id = await repo.insertLocalUser(t, { email, displayName: input.displayName, passwordHash });
    for (const roleId of roleIds) await repo.addRole(t, id, roleId);
    const after = await load(t, id);
    await recordAudit(t, { aggregateType: UserAggregate, aggregateId: id, domainOperation: 'Created', actor, after });
    return after;
  });
  return created;
}

/** Renames, disables or enables. Nobody disables themselves, nor the last enabled administrator. */
export async function updateUser({ db, caches }: InTransaction<CachedContext>, actor: AuditActor, userId: string, input: AdminUserUpdate): Promise<AdminUser> {
  const result = await db.transaction(async (tx) => {
    const t: Db = tx;
    const adminRoleId = input.disabled ? await lockAdministratorRole({ db: t }) : null;
    const before = await load(t, userId);
    if (input.disabled === true && !before.disabled) {
      if (userId === actor.userId) throw conflict('You cannot disable your own account.', [{ field: 'disabled', message: 'Ask another administrator' }]);
      if (adminRoleId && before.userRoles.some((r) => r.userRoleId === adminRoleId) && (await repo.countOtherEnabledHolders(t, adminRoleId, userId)) === 0) {
        throw conflict('The last active administrator cannot be disabled.', [{ field: 'disabled', message: 'Make someone else an administrator first' }]);
      }
    }
    const changes: { displayName?: string; disabled?: boolean } = {};
    if (input.displayName !== undefined && input.displayName !== before.displayName) changes.displayName = input.displayName;
    if (input.disabled !== undefined && input.disabled !== before.disabled) changes.disabled = input.disabled;
    if (Object.keys(changes).length === 0) return before;
    await repo.updateUser(t, userId, changes);
    if (changes.disabled === true) await revokeSessionsOfUser({ db: t }, userId);
    const after = await load(t, userId);
    const operation = changes.disabled === true ? 'Disabled' : changes.disabled === false ? 'Enabled' : 'Updated';
    await recordAudit(t, { aggregateType: UserAggregate, aggregateId: userId, domainOperation: operation, actor, before, after });
    return after;
  });
  userChanged({ caches }, userId);
  return result;
}

export async function addUserRole({ db, caches }: InTransaction<CachedContext>, actor: AuditActor, userId: string, roleId: string): Promise<AdminUser> {
  const result = await db.transaction(async (tx) => {
    const t: Db = tx;
    const before = await load(t, userId);
    const role = (await rolesByIds({ db: t }, [roleId]))[0];
    if (!role) throw notFound('The user role');
    if (before.userRoles.some((r) => r.userRoleId === roleId)) return before;
    await repo.addRole(t, userId, roleId);
    const after = await load(t, userId);
    await recordAudit(t, {
      aggregateType: UserAggregate,
      aggregateId: userId,
      domainOperation: 'UserRoleAdded',
      actor,
      before,
      after: { ...after, userRole: { userRoleId: role.id, name: role.name } },
    });
    return after;
  });
  userChanged({ caches }, userId);
  return result;
}

/** Removes a role; the Administrator role stays with at least one enabled person. */
export async function removeUserRole({ db, caches }: InTransaction<CachedContext>, actor: AuditActor, userId: string, roleId: string): Promise<AdminUser> {
  const result = await db.transaction(async (tx) => {
    const t: Db = tx;
    const adminRoleId = await lockAdministratorRole({ db: t });
    const before = await load(t, userId);
    const role = (await rolesByIds({ db: t }, [roleId]))[0];
    if (!role) throw notFound('The user role');
    if (!before.userRoles.some((r) => r.userRoleId === roleId)) throw notFound('The role assignment');
    if (roleId === adminRoleId && (await repo.countOtherEnabledHolders(t, roleId, userId)) === 0) {
      throw conflict('The last active administrator keeps the Administrator role.', [
        { field: 'userRoleId', message: 'Make someone else an administrator first' },
      ]);
    }
    await repo.removeRole(t, userId, roleId);
    const after = await load(t, userId);
    await recordAudit(t, {
      aggregateType: UserAggregate,
      aggregateId: userId,
      domainOperation: 'UserRoleRemoved',
      actor,
      before,
      after: { ...after, userRole: { userRoleId: role.id, name: role.name } },
    });
    return after;
  });
  userChanged({ caches }, userId);
  return result;
}

/** The name the audit log shows for a user. */
export async function userDisplayName({ db }: DbContext, userId: string): Promise<string | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(userId)) return null;
  const row = await repo.findUser(db, userId);
  return row ? `${row.displayName} (${row.email})` : null;
}

export const countUsers = ({ db }: DbContext) => repo.countUsers(db);
