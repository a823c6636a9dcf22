// Routes of the retention settings (docs/retention.md), under the instance settings: read them with
// InstanceSettingsRead, change them, reset them to the defaults and run the sweep now with InstanceSettingsWrite.
import { InstanceAdminRoutes, RetentionDaysSchema, RetentionRunQueuedSchema, RetentionSettingsSchema } from '@atrium/contract';
import type { Module } from '../../platform/context.js';
import { requireArea, requestActor } from '../../platform/access.js';
import { getRetentionSettings, resetRetentionSettings, RetentionAggregate, setRetentionSettings, SettingsAggregateId } from './retention.settings.js';
import { defineSweepJob, runSweepNow } from './retention.job.js';
import { SweepAggregateId } from './retention.runs.js';

const read = { access: requireArea('instanceSettings', 'read') };
const write = { access: requireArea('instanceSettings', 'write') };
const R = InstanceAdminRoutes;

export const retentionRoutes: Module = (api, ctx) => {
  ctx.aggregateNames.register(RetentionAggregate, (_db, id) =>
    Promise.resolve(id === SettingsAggregateId ? 'Retention settings' : id === SweepAggregateId ? 'Retention sweep' : null),
  );
  defineSweepJob(ctx);

  api.get(R.retention, { config: read, schema: { response: { 200: RetentionSettingsSchema } } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return getRetentionSettings(ctx);
  });
  api.put(R.retention, { config: write, schema: { body: RetentionDaysSchema, response: { 200: RetentionSettingsSchema } } }, async (request) =>
    setRetentionSettings(ctx, requestActor(request), request.body),
  );
  api.delete(R.retention, { config: write, schema: { response: { 200: RetentionSettingsSchema } } }, async (request) =>
    resetRetentionSettings(ctx, requestActor(request)),
  );
  api.post(R.retentionRun, { config: write, schema: { response: { 202: RetentionRunQueuedSchema } } }, async (request, reply) => {
    const jobId = await runSweepNow(ctx, requestActor(request));
    return reply.status(202).send({ jobId });
  });
};
