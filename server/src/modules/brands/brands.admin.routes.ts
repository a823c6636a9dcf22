// Routes of Admin brands (docs/product.md §7): list, CRUD by brandKey, image uploads per slot (multipart field
// `file`), uploaded files, and the instance defaults. Reads need a Brands action, creating
// BrandsCreate, changes BrandsWrite.
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  AreaActions,
  AdminBrandListSchema,
  AdminBrandSchema,
  BrandCreateSchema,
  BrandFileParamsSchema,
  BrandImageContentTypes,
  BrandImageMaxBytes,
  BrandImageSlots,
  BrandInstanceDefaultsSchema,
  BrandKeyParamsSchema,
  AdminBrandRoutes,
  BrandUpdateSchema,
  NewBrandKeySchema,
  type BrandImageSlot,
  type AdminBrand,
} from '@atrium/contract';
import type { AppContext, Api, Module } from '../../platform/context.js';
import { requireArea, requestActor } from '../../platform/access.js';
import { presents } from '../../platform/presented-actions.js';
import { ImageSides } from '../../platform/images.js';
import { matchesIfNoneMatch, receiveImage, SandboxCsp } from './brands.images.js';
import * as admin from './brands.admin.service.js';

// what the caller may do with each object answered (currentUserActions)
const brandActions = presents<AdminBrand>('brands', (b) => !b.isDefault && b.brandKey !== 'default');
const read = { access: requireArea('brands', 'read') };
const create = { access: requireArea('brands', 'create') };
const write = { access: requireArea('brands', 'write') };

const R = AdminBrandRoutes;

export const brandsAdminRoutes: Module = async (api, ctx) => {
  ctx.overview.register({
    key: 'brands',
    anyOf: AreaActions.brands.read,
    count: async ({ db }) => ({ count: (await admin.listAdminBrands({ ...ctx, db })).items.length }),
  });
  api.get(R.brands, { config: { ...read, presents: brandActions }, schema: { response: { 200: AdminBrandListSchema } } }, async () =>
    admin.listAdminBrands(ctx),
  );

  // static before parametric: find-my-way prefers /instanceDefaults over /:brandKey, and the key is reserved
  api.get(R.instanceDefaults, { config: read, schema: { response: { 200: BrandInstanceDefaultsSchema } } }, async () => admin.getBrandInstanceDefaults(ctx));
  api.put(
    R.instanceDefaults,
    { config: write, schema: { body: BrandInstanceDefaultsSchema, response: { 200: BrandInstanceDefaultsSchema } } },
    async (request) => admin.setBrandInstanceDefaults(ctx, requestActor(request), request.body),
  );

  api.get(
    R.brand,
    { config: { ...read, presents: brandActions }, schema: { params: BrandKeyParamsSchema, response: { 200: AdminBrandSchema } } },
    async (request) => admin.getAdminBrand(ctx, request.params.brandKey),
  );
  api.post(
    R.brand,
    {
      config: { ...create, presents: brandActions },
      schema: { params: z.object({ brandKey: NewBrandKeySchema }), body: BrandCreateSchema, response: { 201: AdminBrandSchema } },
    },
    async (request, reply) => reply.status(201).send(await admin.createBrand(ctx, requestActor(request), request.params.brandKey, request.body)),
  );
  // the key may also come in the body, for clients that post to the list
  api.post(
    R.brands,
    {
      config: { ...create, presents: brandActions },
      schema: { body: BrandCreateSchema.extend({ brandKey: NewBrandKeySchema }), response: { 201: AdminBrandSchema } },
    },
    async (request, reply) => reply.status(201).send(await admin.createBrand(ctx, requestActor(request), request.body.brandKey, request.body)),
  );
  api.put(
    R.brand,
    { config: { ...write, presents: brandActions }, schema: { params: BrandKeyParamsSchema, body: BrandUpdateSchema, response: { 200: AdminBrandSchema } } },
    async (request) => admin.updateBrand(ctx, requestActor(request), request.params.brandKey, request.body),
  );
  api.delete(R.brand, { config: write, schema: { params: BrandKeyParamsSchema } }, async (request, reply) => {
    await admin.deleteBrand(ctx, requestActor(request), request.params.brandKey);
    return reply.status(204).send();
  });

  api.get(R.brandFile, { config: read, schema: { params: BrandFileParamsSchema } }, async (request, reply) => {
    const file = await admin.readBrandUpload(ctx, request.params.brandKey, request.params.fileName);
    void reply.header('etag', file.etag).header('cache-control', 'private, no-cache');
    if (matchesIfNoneMatch(request.headers['if-none-match'], file.etag)) return reply.status(304).send();
    void reply.header('content-security-policy', SandboxCsp);
    return reply.type(file.contentType).send(file.body);
  });
  api.delete(
    R.brandFile,
    { config: { ...write, presents: brandActions }, schema: { params: BrandFileParamsSchema, response: { 200: AdminBrandSchema } } },
    async (request) => admin.deleteBrandFile(ctx, requestActor(request), request.params.brandKey, request.params.fileName),
  );

  await api.register(async (scope) => brandUploadRoutes(scope as Api, ctx));
};

/** Longest side a slot's raster image keeps: avatars small, logos moderate, the splash screen screen-sized. */
const SlotSides: Record<BrandImageSlot, number> = {
  avatar: ImageSides.icon,
  logo: ImageSides.logo,
  navigationLogo: ImageSides.logo,
  splashScreenBackground: ImageSides.background,
};

/** Uploads in their own scope, so that multipart parsing exists only where it is needed. */
async function brandUploadRoutes(scope: Api, ctx: AppContext): Promise<void> {
  if (!scope.hasRequestDecorator('isMultipart')) await scope.register(multipart);
  for (const slot of BrandImageSlots) {
    const config = { ...write, upload: { maxBytes: BrandImageMaxBytes, what: 'image' } };
    scope.post(
      R.brandImages[slot],
      { config: { ...config, presents: brandActions }, schema: { params: BrandKeyParamsSchema, response: { 200: AdminBrandSchema } } },
      async (request) => {
        const upload = await receiveImage(request, { allowed: BrandImageContentTypes, maxSide: SlotSides[slot] });
        return admin.uploadBrandImage(ctx, requestActor(request), request.params.brandKey, slot, upload);
      },
    );
  }
}
