// Routes of the moderation module (docs/moderation.md): Admin moderation reports. Any signed-in person reports an
// answer of a conversation they can read (the service checks which); moderators (ModerationReports…) do the rest.
import {
  AreaActions,
  ModerationReportFacetsSchema,
  ModerationReportInputSchema,
  ModerationReportListSchema,
  ModerationReportParamsSchema,
  ModerationReportQuerySchema,
  ModerationReportReceiptSchema,
  ModerationReportSchema,
  ModerationReportUpdateSchema,
  ModerationRoutes,
  ModerationSegmentListSchema,
} from '@atrium/contract';
import type { Module } from '../../platform/context.js';
import { principalOf, requireArea, requestActor } from '../../platform/access.js';
import { presents } from '../../platform/presented-actions.js';
import * as service from './moderation.service.js';

const reportActions = presents('moderation');
const read = { access: requireArea('moderation', 'read') };
const write = { access: requireArea('moderation', 'write') };
const R = ModerationRoutes;

export const moderationRoutes: Module = (api, ctx) => {
  // the open reports: what the admin sidebar and the /admin index show beside Moderation
  ctx.overview.register({
    key: 'moderation',
    anyOf: AreaActions.moderation.read,
    count: async (c) => ({ count: await service.countOpenReports(c) }),
  });
  ctx.aggregateNames.register('ModerationReport', service.reportName);

  api.post(
    R.reports,
    { config: { access: 'authenticated' }, schema: { body: ModerationReportInputSchema, response: { 201: ModerationReportReceiptSchema } } },
    async (request, reply) => {
      const actor = requestActor(request);
      const receipt = await service.createReport(ctx, { ...actor, userId: principalOf(request).userId }, request.body);
      return reply.status(201).send(receipt);
    },
  );

  api.get(
    R.reports,
    { config: { ...read, presents: reportActions }, schema: { querystring: ModerationReportQuerySchema, response: { 200: ModerationReportListSchema } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return service.listReports(ctx, request.query);
    },
  );

  api.get(R.reportFacets, { config: read, schema: { response: { 200: ModerationReportFacetsSchema } } }, () => service.facets(ctx));

  api.get(
    R.report,
    { config: { ...read, presents: reportActions }, schema: { params: ModerationReportParamsSchema, response: { 200: ModerationReportSchema } } },
    (request) => service.getReport(ctx, request.params.moderationReportId),
  );

  api.put(
    R.report,
    {
      config: { ...write, presents: reportActions },
      schema: { params: ModerationReportParamsSchema, body: ModerationReportUpdateSchema, response: { 200: ModerationReportSchema } },
    },
    (request) => service.updateReport(ctx, requestActor(request), request.params.moderationReportId, request.body),
  );

  api.delete(R.report, { config: write, schema: { params: ModerationReportParamsSchema } }, async (request, reply) => {
    await service.deleteReport(ctx, requestActor(request), request.params.moderationReportId);
    return reply.status(204).send();
  });

  api.get(R.reportSegments, { config: read, schema: { params: ModerationReportParamsSchema, response: { 200: ModerationSegmentListSchema } } }, (request) =>
    service.reportSegments(ctx, request.params.moderationReportId),
  );
};
