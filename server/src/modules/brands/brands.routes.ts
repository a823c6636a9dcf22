// Routes of the brands module: the public brand (theme, login layout) and its image files.
import { z } from 'zod';
import { BrandSchema } from '@atrium/contract';
import type { Module } from '../../platform/context.js';
import { SafeFileNamePattern } from './brands.assets.js';
import { getBrand, resolveBrandFile } from './brands.service.js';

export const BrandFileCacheSeconds = 86400;

const BrandParams = z.object({ brandKey: z.string().min(1).max(64) });
const BrandFileParams = BrandParams.extend({
  fileName: z.string().regex(SafeFileNamePattern, 'Use a plain file name (letters, digits, dot, dash, underscore)'),
});

/** RFC 9110 weak comparison: a cached copy is still good when any listed tag (or *) matches. */
const matchesIfNoneMatch = (header: string | undefined, etag: string) =>
  header !== undefined &&
  header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });

export const brandsRoutes: Module = (api, ctx) => {
  api.get(
    '/Brands/:brandKey',
    { config: { access: 'public' }, schema: { params: BrandParams, response: { 200: BrandSchema } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-cache');
      return getBrand(ctx.db, request.params.brandKey);
    },
  );

  api.get('/Brands/:brandKey/:fileName', { config: { access: 'public' }, schema: { params: BrandFileParams } }, async (request, reply) => {
    const file = await resolveBrandFile(ctx, request.params.brandKey, request.params.fileName);
    const cached = matchesIfNoneMatch(request.headers['if-none-match'], file.etag);
    // read before any caching header is set, so that a lost blob answers an uncacheable 404
    const body = cached ? null : await file.read();
    void reply.header('etag', file.etag).header('cache-control', `public, max-age=${BrandFileCacheSeconds}`);
    if (!body) return reply.status(304).send();
    // Uploaded SVGs are user content: never let one run script or load anything if opened directly.
    void reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox");
    return reply.type(file.contentType).send(body);
  });
};
