// Routes of the users module: the signed-in person's roles and resolved actions.
import { UserRoutes, UserRolesWithResolvedActionsSchema } from '@atrium/contract';
import type { Module } from '../../platform/context.js';
import { principalOf } from '../../platform/access.js';
import { getUserRolesWithResolvedActions } from './users.service.js';

export const usersRoutes: Module = (api, ctx) => {
  api.get(
    UserRoutes.userRolesWithResolvedActions,
    {
      config: { access: 'authenticated' },
      schema: { response: { 200: UserRolesWithResolvedActionsSchema } },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return getUserRolesWithResolvedActions(ctx, principalOf(request).userId);
    },
  );
};
