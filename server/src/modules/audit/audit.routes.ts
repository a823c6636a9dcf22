// Routes of the configuration audit log (docs/product.md §7 "Admin audit: GET aggregateRootName; GET configurationChanges").
import {
  AggregateRootNameQuerySchema,
  AggregateRootNameSchema,
  AuditRoutes,
  ConfigurationChangeFacetsSchema,
  ConfigurationChangeListSchema,
  ConfigurationChangeQuerySchema,
} from '@atrium/contract';
import type { Module } from '../../platform/context.js';
import { requireArea } from '../../platform/access.js';
import { systemAgentNames } from '../agents/agents.lookup.js';
import { getBrand } from '../brands/brands.service.js';
import { getConnection } from '../connections/connections.service.js';
import * as service from './audit.service.js';

const read = { access: requireArea('audit', 'read') };

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

export const auditRoutes: Module = (api, ctx) => {
  // Names of other modules' aggregates, read through their services (a module may register its own
  // resolver instead); anything else is named from its audit rows.
  ctx.aggregateNames.register('GptSystem', async ({ db }, id) => (isUuid(id) ? ((await systemAgentNames({ db }, [id]))[0]?.name ?? null) : null));
  ctx.aggregateNames.register('Brand', async ({ db }, id) => (await getBrand({ db }, id).catch(() => null))?.name ?? null);
  ctx.aggregateNames.register('Connection', async ({ db }, id) =>
    isUuid(id) ? ((await getConnection({ ...ctx, db }, id).catch(() => null))?.name ?? null) : null,
  );
  ctx.overview.register({
    key: 'audit',
    anyOf: ['ConfigurationAuditLogRead'],
    count: async ({ db }) => {
      const { total, last7Days } = await service.countChanges({ db });
      return { count: total, detail: { last7Days } };
    },
  });

  api.get(
    AuditRoutes.configurationChanges,
    { config: read, schema: { querystring: ConfigurationChangeQuerySchema, response: { 200: ConfigurationChangeListSchema } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return service.listConfigurationChanges(ctx, request.query);
    },
  );

  api.get(AuditRoutes.configurationChangeFacets, { config: read, schema: { response: { 200: ConfigurationChangeFacetsSchema } } }, async () =>
    service.configurationChangeFacets(ctx),
  );

  api.get(
    AuditRoutes.aggregateRootName,
    { config: read, schema: { querystring: AggregateRootNameQuerySchema, response: { 200: AggregateRootNameSchema } } },
    async (request) => service.aggregateRootName(ctx, request.query),
  );
};
