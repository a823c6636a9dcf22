// Routes of the admin analytics (docs/analytics.md): the chart calls under /admin/analytics/conversations/, the costs, the CSV
// export and the on-demand rollup. Every chart reads the rollups only (analytics.rollup.ts), never the segments.
import type { FastifyRequest } from 'fastify';
import {
  AnalyticsAgentQuerySchema,
  AnalyticsChartSchema,
  AnalyticsCostsSchema,
  AnalyticsQuerySchema,
  AnalyticsRollupStateSchema,
  AnalyticsRoutes,
  type AnalyticsChart,
  type ReportingPeriod,
} from '@atrium/contract';
import type { AppContext, Module } from '../../platform/context.js';
import { requireArea } from '../../platform/access.js';
import { timeZoneOf } from '../../platform/timezone.js';
import { defineRollupJob, HourZoneQueue, rollUp } from './analytics.rollup.js';
import * as service from './analytics.service.js';
import { exportCsv } from './analytics.export.js';
import { costsByDeployment } from './analytics.costs.js';

const read = { access: requireArea('analytics', 'read') };
const write = { access: requireArea('analytics', 'write') };

/**
 * The caller's zone from `x-timezone`: a valid IANA name, else UTC. Clients of the original rely on a bad value
 * never failing a call (docs/wire-protocol.md); each chart names the zone it was grouped in (`timeZone`).
 */
const zoneOf = (request: FastifyRequest): string => timeZoneOf(request);

type Chart = (ctx: AppContext, p: service.Period) => Promise<AnalyticsChart>;

const charts: [path: string, description: string, chart: Chart][] = [
  [
    AnalyticsRoutes.averageConversationLength,
    'Questions per conversation started in the period, per agent (value) and overall (total).',
    service.averageConversationLength,
  ],
  [AnalyticsRoutes.conversationsByBrand, 'Conversations started per brand, most first.', (c, p) => service.usageByDimension(c, p, 'conversations', 'brand')],
  [
    AnalyticsRoutes.conversationsByGptSystem,
    'Conversations started per agent, most first.',
    (c, p) => service.usageByDimension(c, p, 'conversations', 'agent'),
  ],
  [
    AnalyticsRoutes.conversationsByHour,
    'Conversations started per hour of the day (0-23) in the x-timezone zone.',
    (c, p) => service.usageByHourOfDay(c, p, 'conversations'),
  ],
  [AnalyticsRoutes.conversationsByModel, 'Conversations started per model, most first.', (c, p) => service.usageByDimension(c, p, 'conversations', 'model')],
  [
    AnalyticsRoutes.conversationsByPrivacy,
    'Conversations started by public visitors (Public) and signed-in people (Private).',
    (c, p) => service.usageByDimension(c, p, 'conversations', 'privacy'),
  ],
  [
    AnalyticsRoutes.conversationsByReportingPeriod,
    'Conversations started per bucket of the period (see `bucket`), empty buckets included.',
    (c, p) => service.usageSeries(c, p, 'conversations'),
  ],
  [AnalyticsRoutes.tokensByBrand, 'Input and output tokens per brand; value is their sum.', (c, p) => service.usageByDimension(c, p, 'tokens', 'brand')],
  [AnalyticsRoutes.tokensByGptSystem, 'Input and output tokens per agent; value is their sum.', (c, p) => service.usageByDimension(c, p, 'tokens', 'agent')],
  [AnalyticsRoutes.tokensByHour, 'Tokens per hour of the day (0-23) in the x-timezone zone.', (c, p) => service.usageByHourOfDay(c, p, 'tokens')],
  [AnalyticsRoutes.tokensByModel, 'Input and output tokens per model.', (c, p) => service.usageByDimension(c, p, 'tokens', 'model')],
  [
    AnalyticsRoutes.tokensByPrivacy,
    'Tokens of public visitors (Public) and signed-in people (Private).',
    (c, p) => service.usageByDimension(c, p, 'tokens', 'privacy'),
  ],
  [AnalyticsRoutes.tokensByReportingPeriod, 'Tokens per bucket of the period, empty buckets included.', (c, p) => service.usageSeries(c, p, 'tokens')],
  [
    AnalyticsRoutes.usersByBrand,
    'Distinct signed-in people and visitor sessions per brand; total: distinct in the period.',
    (c, p) => service.usersByDimension(c, p, 'brand'),
  ],
  [
    AnalyticsRoutes.usersByGptSystem,
    'Distinct signed-in people and visitor sessions per agent; total: distinct in the period.',
    (c, p) => service.usersByDimension(c, p, 'agent'),
  ],
  [
    AnalyticsRoutes.usersByHourOfDay,
    'Distinct users who asked in each hour of the day (0-23, the x-timezone zone) over the period.',
    (c, p) =>
      service.usersByHourOfDay(c, p, (timeZone) => {
        // the zone's hours of the day are kept from now on (a job builds them); this call counts the hourly rows
        if (c.jobs.running) void c.jobs.send(HourZoneQueue, { timeZone }).catch((e: unknown) => c.logger.warn({ err: e }, 'analytics hour zone not queued'));
      }),
  ],
  [AnalyticsRoutes.usersByReportingPeriod, 'Distinct users per bucket of the period; total: distinct in the whole period.', service.usersSeries],
];

export const analyticsRoutes: Module = (api, ctx) => {
  defineRollupJob(ctx);
  const period = (request: FastifyRequest, reportingPeriod: ReportingPeriod) => service.resolvePeriod(ctx, reportingPeriod, zoneOf(request));
  const schema = (description: string) => ({ description, querystring: AnalyticsQuerySchema, response: { 200: AnalyticsChartSchema } });

  for (const [path, description, chart] of charts) {
    api.get(path, { config: read, schema: schema(description) }, async (request) => chart(ctx, await period(request, request.query.reportingPeriod)));
  }

  const agentSchema = (description: string) => ({ description, querystring: AnalyticsAgentQuerySchema, response: { 200: AnalyticsChartSchema } });
  api.get(
    AnalyticsRoutes.gptSystemConversationsByPeriod,
    { config: read, schema: agentSchema("One agent's conversations started (value) and questions (segments) per bucket of the period.") },
    async (request) => service.usageSeries(ctx, await period(request, request.query.reportingPeriod), 'agentConversations', request.query.gptSystemId),
  );
  api.get(
    AnalyticsRoutes.gptSystemConversationSegmentFeedBackByPeriod,
    { config: read, schema: agentSchema("Positive and negative feedback on one agent's answers per bucket of the period (by when the answer was given).") },
    async (request) => service.usageSeries(ctx, await period(request, request.query.reportingPeriod), 'feedback', request.query.gptSystemId),
  );

  api.get(
    AnalyticsRoutes.costs,
    {
      config: read,
      schema: {
        description:
          "Estimated cost per deployment used in the period (value, US dollars rounded to 6 decimals) at the deployment's prices per million input and output tokens, costliest first; priced false: the deployment has no price and counts as 0. total: their sum.",
        querystring: AnalyticsQuerySchema,
        response: { 200: AnalyticsCostsSchema },
      },
    },
    async (request) => costsByDeployment(ctx, await period(request, request.query.reportingPeriod)),
  );

  api.get(
    AnalyticsRoutes.exportCsv,
    {
      config: read,
      schema: {
        description:
          "CSV (text/csv): `section` UserMonth rows per person, UTC month, agent, model and deployment (questions, input, output and total tokens, cost at the deployment's prices per million tokens); Day rows per UTC day (distinct users, conversations started).",
        querystring: AnalyticsQuerySchema,
      },
    },
    async (request, reply) => {
      const csv = exportCsv(ctx, await period(request, request.query.reportingPeriod));
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="analytics-${request.query.reportingPeriod}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );

  api.post(
    AnalyticsRoutes.rollup,
    {
      config: write,
      schema: {
        description: 'Rolls up the segments created since the last run now (the job does every minute) and answers the watermark.',
        response: { 200: AnalyticsRollupStateSchema },
      },
    },
    async () => {
      const result = await rollUp(ctx);
      return { rolledUpUntil: result.rolledUpUntil?.toISOString() ?? null, hoursRolledUp: result.hoursRolledUp };
    },
  );
};
