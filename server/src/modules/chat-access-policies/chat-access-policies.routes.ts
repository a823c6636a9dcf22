// Routes of the chat-access-policies module: Admin chatAccessPolicies (docs/product.md §7) and the directory group
// lookup the admin group picker reads (GET /admin/directory/groups?search=).
import {
  AreaActions,
  ChatAccessPolicyInputSchema,
  ChatAccessPolicyListSchema,
  ChatAccessPolicyOptionsSchema,
  ChatAccessPolicyParamsSchema,
  ChatAccessPolicyRoutes,
  ChatAccessPolicySchema,
  DirectoryGroupListSchema,
  SearchQuerySchema,
} from '@atrium/contract';
import type { Module } from '../../platform/context.js';
import { requireArea, requestActor } from '../../platform/access.js';
import { presents } from '../../platform/presented-actions.js';
import * as service from './chat-access-policies.service.js';

// what the caller may do with each object answered (currentUserActions)
const policyActions = presents('chatAccessPolicies');
const read = { access: requireArea('chatAccessPolicies', 'read') };
const create = { access: requireArea('chatAccessPolicies', 'create') };
const write = { access: requireArea('chatAccessPolicies', 'write') };

const R = ChatAccessPolicyRoutes;

export const chatAccessPoliciesRoutes: Module = (api, ctx) => {
  ctx.overview.register({
    key: 'chatAccessPolicies',
    anyOf: AreaActions.chatAccessPolicies.read,
    count: async (c) => ({ count: await service.countPolicies(c) }),
  });
  ctx.aggregateNames.register('ChatAccessPolicy', service.policyName);

  api.get(R.policies, { config: { ...read, presents: policyActions }, schema: { response: { 200: ChatAccessPolicyListSchema } } }, () =>
    service.listPolicies(ctx),
  );

  api.post(
    R.policies,
    { config: { ...create, presents: policyActions }, schema: { body: ChatAccessPolicyInputSchema, response: { 201: ChatAccessPolicySchema } } },
    async (request, reply) => reply.status(201).send(await service.createPolicy(ctx, requestActor(request), request.body)),
  );

  api.get(R.options, { config: read, schema: { querystring: SearchQuerySchema, response: { 200: ChatAccessPolicyOptionsSchema } } }, (request) =>
    service.options(ctx, request.query.search ?? ''),
  );

  api.get(
    R.policy,
    { config: { ...read, presents: policyActions }, schema: { params: ChatAccessPolicyParamsSchema, response: { 200: ChatAccessPolicySchema } } },
    (request) => service.getPolicy(ctx, request.params.chatAccessPolicyId),
  );

  api.put(
    R.policy,
    {
      config: { ...write, presents: policyActions },
      schema: { params: ChatAccessPolicyParamsSchema, body: ChatAccessPolicyInputSchema, response: { 200: ChatAccessPolicySchema } },
    },
    (request) => service.updatePolicy(ctx, requestActor(request), request.params.chatAccessPolicyId, request.body),
  );

  api.delete(R.policy, { config: write, schema: { params: ChatAccessPolicyParamsSchema } }, async (request, reply) => {
    await service.deletePolicy(ctx, requestActor(request), request.params.chatAccessPolicyId);
    return reply.status(204).send();
  });

  api.get(R.directoryGroups, { config: read, schema: { querystring: SearchQuerySchema, response: { 200: DirectoryGroupListSchema } } }, (request) =>
    service.directoryGroups(ctx, request.query.search ?? ''),
  );
};
