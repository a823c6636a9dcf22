// Routes of the connections module: Admin Connections (docs/product.md §7) with their deployments, the provider
// types, and the deployments an agent may use (GET /admin/gptSystems/deployments).
import type { FastifyReply } from 'fastify';
import {
  AreaActions,
  ConnectionCreateSchema,
  ConnectionListSchema,
  ConnectionParamsSchema,
  ConnectionRoutes,
  ConnectionSchema,
  ConnectionTestResultSchema,
  ConnectionTestSchema,
  ConnectionUpdateSchema,
  DeploymentCreateSchema,
  DeploymentListSchema,
  DeploymentParamsSchema,
  DeploymentSchema,
  DeploymentUpdateSchema,
  GptSystemDeploymentListSchema,
  GptSystemDeploymentsQuerySchema,
  ProviderListSchema,
  ProviderParamsSchema,
  ProviderSchema,
} from '@atrium/contract';
import type { Module } from '../../platform/context.js';
import { requireArea, requestActor } from '../../platform/access.js';
import { listGptSystemDeployments } from './connections.catalog.js';
import * as service from './connections.service.js';
import { testConnectionSettings, testSavedConnection } from './connections.test-connection.js';

const read = { access: requireArea('connections', 'read') };
const write = { access: requireArea('connections', 'write') };

/** Aborted when the caller goes away before the answer: a test then stops waiting for the provider. */
const untilClosed = (reply: FastifyReply): AbortSignal => {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
};

const C = ConnectionRoutes;
// route templates: the contract's path builders would percent-encode the ':' of a parameter

export const connectionsRoutes: Module = (api, ctx) => {
  ctx.overview.register({
    key: 'connections',
    anyOf: AreaActions.connections.read,
    count: async ({ db }) => {
      const { items } = await service.listConnections({ ...ctx, db });
      return { count: items.length, detail: { deployments: items.reduce((n, c) => n + c.deployments.length, 0) } };
    },
  });
  api.get(C.providers, { config: read, schema: { response: { 200: ProviderListSchema } } }, async () => service.listProviders());

  api.get(C.provider, { config: read, schema: { params: ProviderParamsSchema, response: { 200: ProviderSchema } } }, async (request) =>
    service.getProvider(request.params.type),
  );

  // testing typed settings may send the stored key to a new endpoint: only those who may change the connection
  api.post(C.connectionTest, { config: write, schema: { body: ConnectionTestSchema, response: { 200: ConnectionTestResultSchema } } }, async (request, reply) =>
    testConnectionSettings(ctx, request.body, untilClosed(reply)),
  );

  api.post(
    C.savedConnectionTest,
    { config: read, schema: { params: ConnectionParamsSchema, response: { 200: ConnectionTestResultSchema } } },
    async (request, reply) => testSavedConnection(ctx, request.params.connectionId, untilClosed(reply)),
  );

  api.get(C.connections, { config: read, schema: { response: { 200: ConnectionListSchema } } }, async () => service.listConnections(ctx));

  api.post(C.connections, { config: write, schema: { body: ConnectionCreateSchema, response: { 201: ConnectionSchema } } }, async (request, reply) =>
    reply.status(201).send(await service.createConnection(ctx, requestActor(request), request.body)),
  );

  api.get(C.connection, { config: read, schema: { params: ConnectionParamsSchema, response: { 200: ConnectionSchema } } }, async (request) =>
    service.getConnection(ctx, request.params.connectionId),
  );

  api.put(
    C.connection,
    { config: write, schema: { params: ConnectionParamsSchema, body: ConnectionUpdateSchema, response: { 200: ConnectionSchema } } },
    async (request) => service.updateConnection(ctx, requestActor(request), request.params.connectionId, request.body),
  );

  api.delete(C.connection, { config: write, schema: { params: ConnectionParamsSchema } }, async (request, reply) => {
    await service.deleteConnection(ctx, requestActor(request), request.params.connectionId);
    return reply.status(204).send();
  });

  api.get(C.deployments, { config: read, schema: { params: ConnectionParamsSchema, response: { 200: DeploymentListSchema } } }, async (request) =>
    service.listDeployments(ctx, request.params.connectionId),
  );

  api.post(
    C.deployments,
    { config: write, schema: { params: ConnectionParamsSchema, body: DeploymentCreateSchema, response: { 201: DeploymentSchema } } },
    async (request, reply) => reply.status(201).send(await service.createDeployment(ctx, requestActor(request), request.params.connectionId, request.body)),
  );

  api.get(C.deployment, { config: read, schema: { params: DeploymentParamsSchema, response: { 200: DeploymentSchema } } }, async (request) =>
    service.getDeployment(ctx, request.params.connectionId, request.params.deploymentId),
  );

  api.put(
    C.deployment,
    { config: write, schema: { params: DeploymentParamsSchema, body: DeploymentUpdateSchema, response: { 200: DeploymentSchema } } },
    async (request) => service.updateDeployment(ctx, requestActor(request), request.params.connectionId, request.params.deploymentId, request.body),
  );

  api.delete(C.deployment, { config: write, schema: { params: DeploymentParamsSchema } }, async (request, reply) => {
    await service.deleteDeployment(ctx, requestActor(request), request.params.connectionId, request.params.deploymentId);
    return reply.status(204).send();
  });

  api.get(
    C.gptSystemDeployments,
    {
      // every person holds GptSystemsRead to chat: it counts only for those who may open the admin area
      config: { access: requireArea('connections', 'listDeployments', { adminArea: true }) },
      schema: { querystring: GptSystemDeploymentsQuerySchema, response: { 200: GptSystemDeploymentListSchema } },
    },
    async (request) => listGptSystemDeployments(ctx.db, request.query),
  );
};
