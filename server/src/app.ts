// Builds the Fastify instance: cross-cutting platform plugins, then every module's routes.
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type FastifyServerFactory } from 'fastify';
import helmet from 'helmet';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiBase, ExternalApiBase } from '@atrium/contract';
import { registerAccessControl } from './platform/access.js';
import { registerPresentedActions } from './platform/presented-actions.js';
import { emptyBodyAsObject } from './platform/empty-body.js';
import { registerErrorHandling, routerErrorReply } from './platform/errors.js';
import { registerStorableTextCheck } from './platform/storable-text.js';
import { registerOpenApi } from './platform/openapi.js';
import { openRateLimitStore, registerRateLimits } from './platform/rate-limit.js';
import type { AppContext, Api, Module } from './platform/context.js';
import { cachedPrincipalLoader } from './modules/users/users.principal.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { sessionEnded } from './modules/auth/auth.sessions.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { instanceRoutes } from './modules/instance/instance.routes.js';
import { brandsExternalRoutes, brandsRoutes } from './modules/brands/brands.routes.js';
import { instanceAdminRoutes } from './modules/instance/instance.admin.routes.js';
import { agentsRoutes } from './modules/agents/agents.routes.js';
import { conversationsRoutes } from './modules/conversations/conversations.routes.js';
import { userPromptsRoutes } from './modules/user-prompts/user-prompts.routes.js';
import { connectionsRoutes } from './modules/connections/connections.routes.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { chatAccessPoliciesRoutes } from './modules/chat-access-policies/chat-access-policies.routes.js';
import { guidelinesRoutes } from './modules/guidelines/guidelines.routes.js';
import { adminUsersRoutes } from './modules/users/admin-users.routes.js';
import { userRolesRoutes } from './modules/user-roles/user-roles.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { generatedImagesRoutes } from './modules/generated-images/generated-images.routes.js';
import { codeInterpreterRoutes } from './modules/code-interpreter/code-interpreter.routes.js';
import { firstRunRoutes } from './modules/first-run/first-run.routes.js';
import { fileLibrariesRoutes } from './modules/knowledge/file-libraries.routes.js';
import { publicChatRoutes } from './modules/public-chat/public-chat.routes.js';
import { analyticsRoutes } from './modules/analytics/analytics.routes.js';
import { speechRoutes } from './modules/speech/speech.routes.js';
import { retentionRoutes } from './modules/retention/retention.routes.js';
import { moderationRoutes } from './modules/moderation/moderation.routes.js';
import { usageLimitsRoutes } from './modules/usage-limits/usage-limits.routes.js';
import { performanceTestsRoutes } from './modules/performance-tests/performance-tests.routes.js';
import { registerPublicChatFrames } from './modules/public-chat/public-chat.frames.js';
import { registerWebApp } from './web-app.js';

/** Modules mounted under /api/internal, in order. */
export const internalModules: Module[] = [
  authRoutes,
  usersRoutes,
  instanceRoutes,
  instanceAdminRoutes,
  brandsRoutes,
  agentsRoutes,
  userPromptsRoutes,
  conversationsRoutes,
  connectionsRoutes,
  uploadsRoutes,
  chatAccessPoliciesRoutes,
  guidelinesRoutes,
  adminUsersRoutes,
  userRolesRoutes,
  auditRoutes,
  generatedImagesRoutes,
  firstRunRoutes,
  fileLibrariesRoutes,
  codeInterpreterRoutes,
  publicChatRoutes,
  analyticsRoutes,
  retentionRoutes,
  usageLimitsRoutes,
  moderationRoutes,
  performanceTestsRoutes,
  speechRoutes,
];

/** Modules mounted under /api/external/v1 (docs/wire-protocol.md: embeds). */
export const externalModules: Module[] = [brandsExternalRoutes];

const RequestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify logs every request twice (incoming, completed) with the serialised request; Atrium logs one line when
 * it completes: the method, the path without its query (which may hold search words), the status and the time
 * (the request id is on the request's logger). Errors keep Fastify's own lines.
 */
const LoggedLevels = new Set(['trace', 'debug', 'info']);

class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    if (!LoggedLevels.has(request.log.level)) return;
    const at = request.url.indexOf('?');
    const path = at === -1 ? request.url : request.url.slice(0, at);
    request.log.info({ method: request.method, path, statusCode: reply.statusCode, responseTime: Math.round(reply.elapsedTime) }, 'request completed');
  }
}

export interface BuildOptions {
  serverFactory?: FastifyServerFactory;
}

export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<Api> {
  const app = Fastify({
    loggerInstance: ctx.logger as FastifyBaseLogger,
    ...(options.serverFactory ? { serverFactory: options.serverFactory } : {}),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 500 },
    frameworkErrors: routerErrorReply,
    // one line a request, written when it completes, instead of Fastify's two
    logController: new OneLineRequestLog(),
    bodyLimit: ctx.config.bodyLimitBytes,
    trustProxy: ctx.config.trustProxy,
    // docs/wire-protocol.md: echo the client's x-request-id, make one when absent
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && RequestIdPattern.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // An empty JSON body is "no body", as clients of the original send (e.g. POST configStates/byGptSystemType/User).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      const err = Object.assign(new Error('The request body is not valid JSON.'), {
        statusCode: 400,
        code: 'FST_ERR_CTP_INVALID_JSON_BODY',
      });
      done(err, undefined);
    }
  });
  // …and where a route's body takes {} (optional fields only), no body reads as {}
  app.addHook('preValidation', emptyBodyAsObject);

  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  // requests counted by route for Prometheus, and /metrics for a bearer of METRICS_TOKEN (platform/metrics.ts)
  ctx.metrics.watch(ctx);
  ctx.metrics.register(app, ctx.config.metricsToken);

  const oidcOrigin = ctx.config.oidc ? new URL(ctx.config.oidc.issuer).origin : null;
  // Security headers. helmet's middleware is made once here: @fastify/helmet made it again on every request,
  // parsing the CSP each time (4% of what the server allocated under the chat benchmark).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'", ...(oidcOrigin ? [oidcOrigin] : [])],
        'frame-src': ["'self'", ...(oidcOrigin ? [oidcOrigin] : [])],
        'frame-ancestors': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: ctx.config.publicUrl.startsWith('https://'),
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined)));
  // the public chat pages may be framed by their endpoint's allowed origins (docs/public-chat.md)
  registerPublicChatFrames(app, ctx);
  await app.register(cookie);

  registerErrorHandling(app);
  registerStorableTextCheck(app);
  registerAccessControl(app, ctx.tokens, cachedPrincipalLoader(ctx), (sid) => sessionEnded(ctx, sid));
  registerPresentedActions(app);
  // requests counted per person (else address) and minute, in Redis with REDIS_URL; its hooks go on the routes below
  await registerRateLimits(app, ctx.config.rateLimits, openRateLimitStore(ctx.config.redisUrl, ctx.tokens.fingerprint, ctx.logger));
  // the OpenAPI description and reference at /api/docs; it collects the routes registered after it
  const openApi = await registerOpenApi(app);

  await app.register(
    async (api) => {
      for (const mod of internalModules) await openApi.tagModule(mod, () => mod(api as Api, ctx));
    },
    { prefix: ApiBase },
  );
  await app.register(
    async (api) => {
      for (const mod of externalModules) await openApi.tagModule(mod, () => mod(api as Api, ctx));
    },
    { prefix: ExternalApiBase },
  );

  registerWebApp(app as Api, ctx, ctx.config.webDistDir);
  return app as Api;
}
