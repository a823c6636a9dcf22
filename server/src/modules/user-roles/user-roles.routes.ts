// Routes of the admin user roles API (docs/product.md §7 "Admin userRoles CRUD, users of role, EntityConfiguration, userActions").
import {
  AreaActions,
  AdminUserListSchema,
  EntityConfigurationDetailsSchema,
  EntityConfigurationUpdateSchema,
  PageQuerySchema,
  UserActionListSchema,
  UserRoleCreateSchema,
  UserRoleListQuerySchema,
  UserRoleListSchema,
  UserRoleParamsSchema,
  UserRoleRoutes,
  UserRoleSchema,
  UserRoleUpdateSchema,
  type UserRole,
} from '@atrium/contract';
import type { Module } from '../../platform/context.js';
import { requireArea, requestActor } from '../../platform/access.js';
import { presents } from '../../platform/presented-actions.js';
import * as service from './user-roles.service.js';

// the users area reads roles too: it gives and removes them
// what the caller may do with each object answered (currentUserActions)
const roleActions = presents<UserRole>('userRoles', (r) => !r.isBuiltIn);
const read = { access: requireArea('userRoles', 'list') };
const create = { access: requireArea('userRoles', 'create') };
const write = { access: requireArea('userRoles', 'write') };

export const userRolesRoutes: Module = (api, ctx) => {
  ctx.aggregateNames.register(service.UserRoleAggregate, service.roleName);
  ctx.overview.register({ key: 'userRoles', anyOf: AreaActions.userRoles.list, count: async ({ db }) => ({ count: await service.countRoles({ db }) }) });

  api.get(UserRoleRoutes.userActions, { config: read, schema: { response: { 200: UserActionListSchema } } }, async () => service.listUserActions());

  api.get(
    UserRoleRoutes.userRoles,
    { config: { ...read, presents: roleActions }, schema: { querystring: UserRoleListQuerySchema, response: { 200: UserRoleListSchema } } },
    async (request) => service.listRoles(ctx, request.query),
  );

  api.post(
    UserRoleRoutes.userRoles,
    { config: { ...create, presents: roleActions }, schema: { body: UserRoleCreateSchema, response: { 201: UserRoleSchema } } },
    async (request, reply) => reply.status(201).send(await service.createRole(ctx, requestActor(request), request.body)),
  );

  api.get(
    UserRoleRoutes.userRole,
    { config: { ...read, presents: roleActions }, schema: { params: UserRoleParamsSchema, response: { 200: UserRoleSchema } } },
    async (request) => service.getRole(ctx, request.params.userRoleId),
  );

  api.put(
    UserRoleRoutes.userRole,
    { config: { ...write, presents: roleActions }, schema: { params: UserRoleParamsSchema, body: UserRoleUpdateSchema, response: { 200: UserRoleSchema } } },
    async (request) => service.updateRole(ctx, requestActor(request), request.params.userRoleId, request.body),
  );

  api.delete(UserRoleRoutes.userRole, { config: write, schema: { params: UserRoleParamsSchema } }, async (request, reply) => {
    await service.deleteRole(ctx, requestActor(request), request.params.userRoleId);
    return reply.status(204).send();
  });

  api.get(
    UserRoleRoutes.users,
    { config: read, schema: { params: UserRoleParamsSchema, querystring: PageQuerySchema, response: { 200: AdminUserListSchema } } },
    async (request) => service.listRoleUsers(ctx, request.params.userRoleId, request.query),
  );

  api.get(
    UserRoleRoutes.entityConfiguration,
    { config: read, schema: { params: UserRoleParamsSchema, response: { 200: EntityConfigurationDetailsSchema } } },
    async (request) => service.getEntityConfiguration(ctx, request.params.userRoleId),
  );

  api.put(
    UserRoleRoutes.entityConfiguration,
    { config: write, schema: { params: UserRoleParamsSchema, body: EntityConfigurationUpdateSchema, response: { 200: EntityConfigurationDetailsSchema } } },
    async (request) => service.updateEntityConfiguration(ctx, requestActor(request), request.params.userRoleId, request.body),
  );
};
