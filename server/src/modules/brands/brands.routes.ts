// Routes of the brands module: the public brand (theme, login layout) and its image files.
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { BrandKeyMaxLength, BrandRoutes, BrandSchema } from '@atrium/contract';
import type { Module } from '../../platform/context.js';
import { SafeFileNamePattern } from './brands.assets.js';
import { matchesIfNoneMatch, SandboxCsp } from './brands.images.js';
import { brandEtag, brandVariablesCss, getBrand, resolveBrandFile } from './brands.service.js';
import { brandsAdminRoutes } from './brands.admin.routes.js';
import { brandKeyOfEndpoint } from '../public-chat/public-chat.service.js';

export const BrandFileCacheSeconds = 86400;

const BrandParams = z.object({ brandKey: z.string().min(1).max(BrandKeyMaxLength) });
const BrandFileParams = BrandParams.extend({
  fileName: z.string().regex(SafeFileNamePattern, 'Use a plain file name (letters, digits, dot, dash, underscore)'),
});

export const brandsRoutes: Module = async (api, ctx) => {
  api.get(BrandRoutes.brand, { config: { access: 'public' }, schema: { params: BrandParams, response: { 200: BrandSchema } } }, async (request, reply) => {
    const brand = await getBrand(ctx, request.params.brandKey);
    // revalidated on every use: an administrator's change moves lastModifiedAt and so the tag
    const etag = brandEtag(brand);
    void reply.header('cache-control', 'no-cache').header('etag', etag);
    // the 200 schema types this reply; a 304 has no body to check
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return (reply as FastifyReply).status(304).send();
    return brand;
  });

  api.get(BrandRoutes.brandFile, { config: { access: 'public' }, schema: { params: BrandFileParams } }, async (request, reply) => {
    const file = await resolveBrandFile(ctx, request.params.brandKey, request.params.fileName);
    const cached = matchesIfNoneMatch(request.headers['if-none-match'], file.etag);
    // read before any caching header is set, so that a lost blob answers an uncacheable 404
    const body = cached ? null : await file.read();
    void reply.header('etag', file.etag).header('cache-control', `public, max-age=${BrandFileCacheSeconds}`);
    if (!body) return reply.status(304).send();
    // Uploaded SVGs are user content: never let one run script or load anything if opened directly.
    void reply.header('content-security-policy', SandboxCsp);
    return reply.type(file.contentType).send(body);
  });

  await brandsAdminRoutes(api, ctx);
};

/**
 * Under /api/external/v1 (docs/wire-protocol.md): an embed script loads the brand's theme as CSS variables.
 * Agents have no public endpoint names yet, so the endpoint segment names a brand key; once
 * agents store endpoints, resolve the agent's brand here first.
 */
export const brandsExternalRoutes: Module = (api, ctx) => {
  api.get(
    BrandRoutes.brandVariablesCss,
    { config: { access: 'public' }, schema: { params: z.object({ endpoint: z.string().min(1).max(200) }) } },
    async (request, reply) => {
      // an endpoint's name names its brand (docs/public-chat.md); any other value is a brand key, as before
      const brandKey = (await brandKeyOfEndpoint(ctx, request.params.endpoint)) ?? request.params.endpoint;
      const brand = await getBrand(ctx, brandKey);
      const etag = brandEtag(brand);
      // other sites' pages load it (the embed): readable cross-origin
      void reply
        .header('etag', etag)
        .header('cache-control', 'public, max-age=300')
        .header('access-control-allow-origin', '*')
        .header('cross-origin-resource-policy', 'cross-origin');
      if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.status(304).send();
      return reply.type('text/css; charset=utf-8').send(brandVariablesCss(brand));
    },
  );
};
