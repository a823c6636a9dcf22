// Routes of Admin performanceTests (docs/performance-tests.md): everything needs PerformanceTestsRun.
import {
  PerformanceTestCompareQuerySchema,
  PerformanceTestComparisonSchema,
  PerformanceTestCountSchema,
  PerformanceTestEstimateSchema,
  PerformanceTestInputSchema,
  PerformanceTestListQuerySchema,
  PerformanceTestListSchema,
  PerformanceTestParamsSchema,
  PerformanceTestRoutes,
  PerformanceTestSchema,
} from '@atrium/contract';
import type { Module } from '../../platform/context.js';
import { principalOf, requireArea, requestActor } from '../../platform/access.js';
import * as service from './performance-tests.service.js';

const read = { access: requireArea('performanceTests', 'read') };
const run = { access: requireArea('performanceTests', 'run') };
const R = PerformanceTestRoutes;

export const performanceTestsRoutes: Module = (api, ctx) => {
  service.defineRunJob(ctx);
  ctx.aggregateNames.register(service.AggregateType, service.runName);

  api.get(R.count, { config: read, schema: { response: { 200: PerformanceTestCountSchema } } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { count: await service.countRuns(ctx) };
  });

  api.get(R.runs, { config: read, schema: { querystring: PerformanceTestListQuerySchema, response: { 200: PerformanceTestListSchema } } }, (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return service.listRuns(ctx, request.query);
  });

  api.post(R.estimate, { config: run, schema: { body: PerformanceTestInputSchema, response: { 200: PerformanceTestEstimateSchema } } }, (request) =>
    service.estimate(ctx, principalOf(request), request.body),
  );

  api.post(R.runs, { config: run, schema: { body: PerformanceTestInputSchema, response: { 202: PerformanceTestSchema } } }, async (request, reply) => {
    const started = await service.startRun(ctx, principalOf(request), requestActor(request), request.body);
    return reply.status(202).send(started);
  });

  api.get(
    R.compare,
    { config: read, schema: { querystring: PerformanceTestCompareQuerySchema, response: { 200: PerformanceTestComparisonSchema } } },
    (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return service.compareRuns(ctx, request.query.baseId, request.query.otherId);
    },
  );

  api.get(R.run, { config: read, schema: { params: PerformanceTestParamsSchema, response: { 200: PerformanceTestSchema } } }, (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return service.getRun(ctx, request.params.performanceTestId);
  });

  api.post(R.cancel, { config: run, schema: { params: PerformanceTestParamsSchema, response: { 200: PerformanceTestSchema } } }, (request) =>
    service.cancelRun(ctx, requestActor(request), request.params.performanceTestId),
  );
};
