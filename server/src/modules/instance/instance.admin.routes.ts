// Routes of Admin instanceSettings (docs/product.md §7) and the favicons of the instance. Reads need
// InstanceSettingsRead (or Write), changes InstanceSettingsWrite; favicons are served publicly.
import multipart from '@fastify/multipart';
import {
  ApiKeyProviderParamsSchema,
  ApiKeyStatusSchema,
  ApiKeyUpdateSchema,
  BrandingSettingsSchema,
  ClaudeEnabledSchema,
  FaviconContentTypes,
  FaviconListSchema,
  FaviconMaxBytes,
  FaviconParamsSchema,
  FaviconSchema,
  FaviconUploadQuerySchema,
  GptInstanceSettingsSchema,
  GptInstanceSettingsUpdateSchema,
  HipaaSettingsSchema,
  InstanceAdminRoutes,
  InstanceRoutes,
} from '@atrium/contract';
import type { AppContext, Api, Module } from '../../platform/context.js';
import { requireArea, requestActor } from '../../platform/access.js';
import { ImageSides } from '../../platform/images.js';
import { matchesIfNoneMatch, receiveImage, SandboxCsp } from '../brands/brands.images.js';
import * as admin from './instance.admin.service.js';
import { deleteAllFavicons, listFavicons, putFavicon, readFavicon } from './instance.favicons.js';

const read = { access: requireArea('instanceSettings', 'read') };
const write = { access: requireArea('instanceSettings', 'write') };

/** Who made a change, for the audit trail (the connections module's Actor shape: a name is always known). */

const R = InstanceAdminRoutes;
const noStore = (reply: { header(k: string, v: string): unknown }) => void reply.header('cache-control', 'no-store');

/** What the audit log calls the parts of the instance settings (aggregate ids of type InstanceSettings). */
const SettingNames: Record<string, string> = {
  bingApiKey: 'Bing Search API key',
  braveSearchApiKey: 'Brave Search API key',
  claudeApiKey: 'Claude API key',
  hipaa: 'HIPAA mode',
  gptInstanceSettings: 'Agent settings and feature flags',
  branding: 'Product and organization name',
  favicons: 'Favicons',
};

export const instanceAdminRoutes: Module = async (api, ctx) => {
  ctx.aggregateNames.register('InstanceSettings', (_db, id) => Promise.resolve(Object.hasOwn(SettingNames, id) ? SettingNames[id]! : null));
  ctx.aggregateNames.register('BrandInstanceDefaults', () => Promise.resolve('Default brand'));
  api.get(R.apiKey, { config: read, schema: { params: ApiKeyProviderParamsSchema, response: { 200: ApiKeyStatusSchema } } }, async (request, reply) => {
    noStore(reply);
    return admin.getApiKeyStatus(ctx, request.params.provider);
  });
  api.put(
    R.apiKey,
    { config: write, schema: { params: ApiKeyProviderParamsSchema, body: ApiKeyUpdateSchema, response: { 200: ApiKeyStatusSchema } } },
    async (request) => admin.setApiKey(ctx, requestActor(request), request.params.provider, request.body.apiKey),
  );
  api.delete(R.apiKey, { config: write, schema: { params: ApiKeyProviderParamsSchema } }, async (request, reply) => {
    await admin.deleteApiKey(ctx, requestActor(request), request.params.provider);
    return reply.status(204).send();
  });

  api.get(R.claudeEnabled, { config: read, schema: { response: { 200: ClaudeEnabledSchema } } }, async (_request, reply) => {
    noStore(reply);
    return admin.claudeEnabled(ctx);
  });

  api.get(R.hipaa, { config: read, schema: { response: { 200: HipaaSettingsSchema } } }, async (_request, reply) => {
    noStore(reply);
    return admin.getHipaa(ctx);
  });
  api.put(R.hipaa, { config: write, schema: { body: HipaaSettingsSchema, response: { 200: HipaaSettingsSchema } } }, async (request) =>
    admin.setHipaa(ctx, requestActor(request), request.body.enabled),
  );

  api.get(R.gptInstanceSettings, { config: read, schema: { response: { 200: GptInstanceSettingsSchema } } }, async (_request, reply) => {
    noStore(reply);
    return admin.getGptInstanceSettings(ctx);
  });
  api.put(
    R.gptInstanceSettings,
    { config: write, schema: { body: GptInstanceSettingsUpdateSchema, response: { 200: GptInstanceSettingsSchema } } },
    async (request) => admin.updateGptInstanceSettings(ctx, requestActor(request), request.body),
  );

  api.get(R.branding, { config: read, schema: { response: { 200: BrandingSettingsSchema } } }, async (_request, reply) => {
    noStore(reply);
    return admin.getBranding(ctx);
  });
  api.put(R.branding, { config: write, schema: { body: BrandingSettingsSchema, response: { 200: BrandingSettingsSchema } } }, async (request) =>
    admin.updateBranding(ctx, requestActor(request), request.body),
  );

  // Public: the favicons the web app links to, and which ones exist.
  api.get(InstanceRoutes.customFavicons, { config: { access: 'public' }, schema: { response: { 200: FaviconListSchema } } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return listFavicons(ctx);
  });
  api.get(InstanceRoutes.favicon, { config: { access: 'public' }, schema: { params: FaviconParamsSchema } }, async (request, reply) => {
    const file = await readFavicon(ctx, request.params.fileName);
    void reply.header('etag', file.etag).header('cache-control', 'no-cache');
    if (matchesIfNoneMatch(request.headers['if-none-match'], file.etag)) return reply.status(304).send();
    void reply.header('content-security-policy', SandboxCsp);
    return reply.type(file.contentType).send(file.body);
  });

  for (const base of [R.favicons, R.adminFavicons]) {
    api.delete(base, { config: write }, async (request, reply) => {
      await deleteAllFavicons(ctx, requestActor(request));
      return reply.status(204).send();
    });
  }
  await api.register(async (scope) => faviconUploadRoutes(scope as Api, ctx));
};

/** Uploads in their own scope, so that multipart parsing exists only where it is needed. */
async function faviconUploadRoutes(scope: Api, ctx: AppContext): Promise<void> {
  if (!scope.hasRequestDecorator('isMultipart')) await scope.register(multipart);
  for (const base of [InstanceAdminRoutes.favicons, InstanceAdminRoutes.adminFavicons]) {
    const config = { ...write, upload: { maxBytes: FaviconMaxBytes, what: 'favicon' } };
    scope.put(base, { config, schema: { querystring: FaviconUploadQuerySchema, response: { 200: FaviconSchema } } }, async (request) => {
      const upload = await receiveImage(request, { allowed: FaviconContentTypes, maxSide: ImageSides.icon });
      const fromPart = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$/.test(upload.fileName) ? upload.fileName : undefined;
      return putFavicon(ctx, requestActor(request), { ...upload, fileName: request.query.fileName ?? fromPart });
    });
  }
}
