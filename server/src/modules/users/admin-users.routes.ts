// Routes of the admin users API (docs/product.md §7 "admin users (filter by emailAddress), add and remove user
// roles") and the /admin index counts (GET /admin/overview).
import {
  AreaActions,
  AdminOverviewRoutes,
  AdminOverviewSchema,
  AdminUserCreateSchema,
  AdminUserListQuerySchema,
  AdminUserListSchema,
  AdminUserParamsSchema,
  AdminUserRoleParamsSchema,
  AdminUserRoutes,
  AdminUserSchema,
  AdminUserUpdateSchema,
} from '@atrium/contract';
import type { Module } from '../../platform/context.js';
import { hasAny, principalOf, requireArea, requestActor } from '../../platform/access.js';
import { presents } from '../../platform/presented-actions.js';
import * as service from './admin-users.service.js';

// what the caller may do with each object answered (currentUserActions)
const userActions = presents('users', () => false);
const read = { access: requireArea('users', 'read') };
const create = { access: requireArea('users', 'create') };
const write = { access: requireArea('users', 'write') };

export const adminUsersRoutes: Module = (api, ctx) => {
  ctx.aggregateNames.register(service.UserAggregate, service.userDisplayName);
  ctx.overview.register({
    key: 'users',
    anyOf: AreaActions.users.read,
    count: async ({ db }) => {
      const { total, active } = await service.countUsers({ db });
      return { count: total, detail: { active, inactive: total - active } };
    },
  });

  api.get(
    AdminUserRoutes.users,
    { config: { ...read, presents: userActions }, schema: { querystring: AdminUserListQuerySchema, response: { 200: AdminUserListSchema } } },
    async (request) => service.listUsers(ctx, request.query),
  );

  api.post(
    AdminUserRoutes.users,
    { config: { ...create, presents: userActions }, schema: { body: AdminUserCreateSchema, response: { 201: AdminUserSchema } } },
    async (request, reply) => reply.status(201).send(await service.createLocalUser(ctx, requestActor(request), request.body)),
  );

  api.get(
    AdminUserRoutes.user,
    { config: { ...read, presents: userActions }, schema: { params: AdminUserParamsSchema, response: { 200: AdminUserSchema } } },
    async (request) => service.getUser(ctx, request.params.userId),
  );

  api.put(
    AdminUserRoutes.user,
    { config: { ...write, presents: userActions }, schema: { params: AdminUserParamsSchema, body: AdminUserUpdateSchema, response: { 200: AdminUserSchema } } },
    async (request) => service.updateUser(ctx, requestActor(request), request.params.userId, request.body),
  );

  api.post(
    AdminUserRoutes.userRole,
    { config: { ...create, presents: userActions }, schema: { params: AdminUserRoleParamsSchema, response: { 200: AdminUserSchema } } },
    async (request) => service.addUserRole(ctx, requestActor(request), request.params.userId, request.params.userRoleId),
  );

  api.delete(
    AdminUserRoutes.userRole,
    { config: { ...write, presents: userActions }, schema: { params: AdminUserRoleParamsSchema, response: { 200: AdminUserSchema } } },
    async (request) => service.removeUserRole(ctx, requestActor(request), request.params.userId, request.params.userRoleId),
  );

  // Any admin-area action opens /admin; each counter is shown only to those who may read its area.
  api.get(AdminOverviewRoutes.overview, { config: { access: 'authenticated' }, schema: { response: { 200: AdminOverviewSchema } } }, async (request) => {
    const principal = principalOf(request);
    const visible = ctx.overview.list().filter((c) => hasAny(principal, c.anyOf));
    const items = await Promise.all(visible.map(async (c) => ({ key: c.key, ...(await c.count(ctx)) })));
    return { items };
  });
};
