// Routes of the instance module: public settings, build information, feature flags and health.
import {
  BuildInfoSchema,
  FeatureListSchema,
  HealthSchema,
  InstanceRoutes,
  InstanceSettingsCacheSeconds,
  InstanceSettingsSchema,
  ReadinessSchema,
} from '@atrium/contract';
import type { Module } from '../../platform/context.js';
import { BootRetryAfterSeconds } from '../../platform/boot.js';
import { loadBuildInfo } from './instance.build-info.js';
import { checkHealth, checkReadiness, getInstanceSettings, listFeatures } from './instance.service.js';

export const instanceRoutes: Module = (api, ctx) => {
  const buildInfo = loadBuildInfo();

  api.get(InstanceRoutes.instanceSettings, { config: { access: 'public' }, schema: { response: { 200: InstanceSettingsSchema } } }, async (_request, reply) => {
    // docs/product.md §9: clients may cache the instance settings for 7 days
    void reply.header('cache-control', `public, max-age=${InstanceSettingsCacheSeconds}`);
    return getInstanceSettings(ctx, ctx.config);
  });

  api.get(InstanceRoutes.buildInfo, { config: { access: 'public' }, schema: { response: { 200: BuildInfoSchema } } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return buildInfo;
  });

  api.get(InstanceRoutes.features, { config: { access: 'public' }, schema: { response: { 200: FeatureListSchema } } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return listFeatures(ctx);
  });

  api.get(InstanceRoutes.health, { config: { access: 'public' }, schema: { response: { 200: HealthSchema, 503: HealthSchema } } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    const status = await checkHealth(ctx);
    if (status === 'Healthy') return { status };
    void reply.header('retry-after', String(BootRetryAfterSeconds));
    return reply.status(503).send({ status });
  });

  // readiness (docs/architecture.md "Processes"): 503 while any engine this installation uses does not answer
  api.get(
    InstanceRoutes.ready,
    {
      config: { access: 'public' },
      schema: {
        description: 'Readiness: whether the database, Redis (when REDIS_URL is set) and blob storage answer. 200 when all do, else 503.',
        response: { 200: ReadinessSchema, 503: ReadinessSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      const readiness = await checkReadiness(ctx);
      if (readiness.status === 'Healthy') return readiness;
      void reply.header('retry-after', String(BootRetryAfterSeconds));
      return reply.status(503).send(readiness);
    },
  );
};
