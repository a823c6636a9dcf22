// Routes of the usage limits (docs/usage-limits.md): the roles' monthly token budgets (read by those who may list
// roles, set by those who may change them) and the usage the Agents and Users admin pages show against the limits.
import {
  AgentUsageListSchema,
  AgentUsageQuerySchema,
  RoleBudgetInputSchema,
  RoleBudgetListSchema,
  RoleBudgetParamsSchema,
  RoleBudgetSchema,
  UsageLimitRoutes as R,
  UserUsageListSchema,
  UserUsageQuerySchema,
} from '@atrium/contract';
import type { Module } from '../../platform/context.js';
import { requireArea, requestActor } from '../../platform/access.js';
import * as service from './usage-limits.service.js';

const readBudgets = { access: requireArea('userRoles', 'list') };
const writeBudgets = { access: requireArea('userRoles', 'write') };
const readAgents = { access: requireArea('agents', 'read', { adminArea: true }) };
const readUsers = { access: requireArea('users', 'read') };

export const usageLimitsRoutes: Module = (api, ctx) => {
  api.get(R.roleBudgets, { config: readBudgets, schema: { response: { 200: RoleBudgetListSchema } } }, async () => service.listRoleBudgets(ctx));

  api.get(R.roleBudget, { config: readBudgets, schema: { params: RoleBudgetParamsSchema, response: { 200: RoleBudgetSchema } } }, async (request) =>
    service.getRoleBudget(ctx, request.params.userRoleId),
  );

  api.put(
    R.roleBudget,
    { config: writeBudgets, schema: { params: RoleBudgetParamsSchema, body: RoleBudgetInputSchema, response: { 200: RoleBudgetSchema } } },
    async (request) => service.setRoleBudget(ctx, requestActor(request), request.params.userRoleId, request.body),
  );

  api.delete(R.roleBudget, { config: writeBudgets, schema: { params: RoleBudgetParamsSchema } }, async (request, reply) => {
    await service.removeRoleBudget(ctx, requestActor(request), request.params.userRoleId);
    return reply.status(204).send();
  });

  api.get(
    R.agentUsage,
    { config: readAgents, schema: { querystring: AgentUsageQuerySchema, response: { 200: AgentUsageListSchema } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return service.agentUsage(ctx, request.query.gptSystemIds);
    },
  );

  api.get(R.userUsage, { config: readUsers, schema: { querystring: UserUsageQuerySchema, response: { 200: UserUsageListSchema } } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return service.userUsage(ctx, request.query.userIds);
  });
};
