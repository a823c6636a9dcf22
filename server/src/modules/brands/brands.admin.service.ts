// Administration of brands (docs/product.md §7 Admin brands): create, change, delete, image uploads per slot,
// uploaded files, and the instance default brand. Every change is audited in its transaction; a
// change moves the brand's lastModifiedAt, which is both its ETag and the cache-busting query of
// its file URLs, so browsers see the new look at their next request.
import { randomUUID } from 'node:crypto';
import { DefaultBrandKey, type AdminBrand, type BrandCreate, type BrandImageSlot, type BrandUpdate, type BrandInstanceDefaults } from '@atrium/contract';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../db/client.js';
import { recordAudit, type AuditActor } from '../../platform/audit.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { countAgentsByBrand } from '../agents/agents.service.js';
import { getInstanceDefaults, writeInstanceDefaults } from '../instance/instance.admin.service.js';
import { ExtensionOf, type SniffedImageType } from './brands.images.js';
import * as repo from './brands.repository.js';
import type { BrandFileRow, BrandRow } from './brands.repository.js';
import { DefaultBrandTheme, presentBrand } from './brands.service.js';

export type BrandsAdminContext = Pick<AppContext, 'db' | 'caches' | 'blobs' | 'config'>;

const slotColumn = {
  logo: 'logoFileName',
  navigationLogo: 'navigationLogoFileName',
  splashScreenBackground: 'splashScreenBackgroundFileName',
  avatar: 'avatarFileName',
} as const satisfies Record<BrandImageSlot, keyof BrandRow>;

const presentFile = (f: BrandFileRow) => ({ fileName: f.fileName, contentType: f.contentType, sizeBytes: f.sizeBytes, createdAt: f.createdAt.toISOString() });

function presentAdmin(brand: BrandRow, files: BrandFileRow[], defaultBrandKey: string, agents: Map<string, number>): AdminBrand {
  return {
    ...presentBrand(brand),
    isDefault: brand.brandKey === defaultBrandKey,
    files: files.filter((f) => f.brandKey === brand.brandKey).map(presentFile),
    agentCount: agents.get(brand.brandKey) ?? 0,
  };
}

export async function listAdminBrands(ctx: BrandsAdminContext): Promise<{ items: AdminBrand[]; continuationToken: null }> {
  const [rows, files, defaults, agents] = await Promise.all([
    repo.listBrands(ctx.db),
    repo.listBrandFiles(ctx.db),
    getInstanceDefaults(ctx),
    countAgentsByBrand(ctx),
  ]);
  return { items: rows.map((b) => presentAdmin(b, files, defaults.defaultBrandKey, agents)), continuationToken: null };
}

async function loadAdmin(ctx: BrandsAdminContext, db: Db, brandKey: string): Promise<AdminBrand> {
  const brand = await repo.findBrand(db, brandKey);
  if (!brand) throw notFound('The brand');
  const [files, defaults, agents] = await Promise.all([
    repo.listBrandFiles(db, brandKey),
    getInstanceDefaults({ db, config: ctx.config }),
    countAgentsByBrand({ db }),
  ]);
  return presentAdmin(brand, files, defaults.defaultBrandKey, agents);
}

export const getAdminBrand = (ctx: BrandsAdminContext, brandKey: string) => loadAdmin(ctx, ctx.db, brandKey);

/** Keeps the two places a login background colour lives (layout and theme) equal; the layout field wins. */
function loginColour(
  input: { loginBackground?: { main: string } | undefined; theme?: { loginBackground?: { main: string } | undefined } | undefined },
  current: string,
): string {
  return input.loginBackground?.main ?? input.theme?.loginBackground?.main ?? current;
}

export async function createBrand(ctx: BrandsAdminContext, actor: AuditActor, brandKey: string, input: BrandCreate): Promise<AdminBrand> {
  if (input.brandKey !== undefined && input.brandKey !== brandKey) {
    throw badRequest('The brand key of the body differs from the one in the path.', [{ field: 'brandKey', message: 'Must equal the key in the path' }]);
  }
  return ctx.db.transaction(async (tx) => {
    const db: Db = tx;
    const existing = await repo.findBrand(db, brandKey);
    if (existing) throw conflict('A brand with this key exists.', [{ field: 'brandKey', message: 'Brand keys are unique' }]);
    const login = loginColour(input, DefaultBrandTheme.loginBackground.main);
    await repo.insertBrand(db, {
      brandKey,
      name: input.name,
      // a new brand shows the shipped images until its own are uploaded (the public file route falls back)
      logoFileName: null,
      navigationLogoFileName: null,
      splashScreenBackgroundFileName: null,
      avatarFileName: null,
      useLoginBackgroundImg: input.useLoginBackgroundImg ?? false,
      loginBackgroundMain: login,
      loginAlignment: input.loginAlignment ?? 'Center',
      theme: { ...DefaultBrandTheme, ...input.theme, loginBackground: { main: login } },
    });
    const after = await loadAdmin(ctx, db, brandKey);
    await recordAudit(db, { aggregateType: 'Brand', aggregateId: brandKey, domainOperation: 'Created', actor, after });
    return after;
  });
}

export async function updateBrand(ctx: BrandsAdminContext, actor: AuditActor, brandKey: string, input: BrandUpdate): Promise<AdminBrand> {
  return ctx.db.transaction(async (tx) => {
    const db: Db = tx;
    const before = await loadAdmin(ctx, db, brandKey);
    const login = loginColour(input, before.loginBackground.main);
    await repo.updateBrandRow(db, brandKey, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.useLoginBackgroundImg !== undefined ? { useLoginBackgroundImg: input.useLoginBackgroundImg } : {}),
      ...(input.loginAlignment !== undefined ? { loginAlignment: input.loginAlignment } : {}),
      loginBackgroundMain: login,
      theme: { ...before.theme, ...input.theme, loginBackground: { main: login } },
    });
    const after = await loadAdmin(ctx, db, brandKey);
    await recordAudit(db, { aggregateType: 'Brand', aggregateId: brandKey, domainOperation: 'Updated', actor, before, after });
    return after;
  });
}

/**
 * Refuses (409) to delete the fallback brand, the instance default and a brand that live agents show:
 * silently moving agents to another brand would change what their users see without anyone deciding it.
 */
export async function deleteBrand(ctx: BrandsAdminContext, actor: AuditActor, brandKey: string): Promise<void> {
  const files = await ctx.db.transaction(async (tx) => {
    const db: Db = tx;
    const before = await loadAdmin(ctx, db, brandKey);
    if (brandKey === DefaultBrandKey) throw conflict('The default brand cannot be deleted.');
    if (before.isDefault) throw conflict('This brand is the instance default; choose another default brand first.');
    if (before.agentCount > 0) {
      throw conflict(`${before.agentCount} agent${before.agentCount === 1 ? ' uses' : 's use'} this brand; move them to another brand first.`);
    }
    const rows = await repo.listBrandFiles(db, brandKey);
    await repo.deleteBrandRow(db, brandKey);
    await recordAudit(db, { aggregateType: 'Brand', aggregateId: brandKey, domainOperation: 'Deleted', actor, before });
    return rows;
  });
  for (const f of files) await ctx.blobs.delete(f.blobKey).catch(() => undefined);
}

/** Stores an image for a slot and points the slot at it; the file it replaces is deleted after the commit. */
export async function uploadBrandImage(
  ctx: BrandsAdminContext,
  actor: AuditActor,
  brandKey: string,
  slot: BrandImageSlot,
  upload: { data: Buffer; contentType: SniffedImageType },
): Promise<AdminBrand> {
  const brand = await repo.findBrand(ctx.db, brandKey);
  if (!brand) throw notFound('The brand');
  const fileName = `${slot}-${randomUUID().slice(0, 8)}.${ExtensionOf[upload.contentType]}`;
  const blobKey = `brands/${brandKey}/${fileName}`;
  await ctx.blobs.put(blobKey, upload.data, upload.contentType);
  let replaced: BrandFileRow | null = null;
  try {
    const after = await ctx.db.transaction(async (tx) => {
      const db: Db = tx;
      const before = await loadAdmin(ctx, db, brandKey);
      const current = (await repo.findBrand(db, brandKey))![slotColumn[slot]];
      replaced = current ? await repo.findBrandFile(db, brandKey, current) : null;
      await repo.insertBrandFile(db, { brandKey, fileName, contentType: upload.contentType, sizeBytes: upload.data.length, blobKey });
      if (replaced) await repo.deleteBrandFileRow(db, brandKey, replaced.fileName);
      await repo.updateBrandRow(db, brandKey, { [slotColumn[slot]]: fileName });
      const result = await loadAdmin(ctx, db, brandKey);
      await recordAudit(db, { aggregateType: 'Brand', aggregateId: brandKey, domainOperation: `${slot}Uploaded`, actor, before, after: result });
      return result;
    });
    const old = replaced as BrandFileRow | null;
    if (old) await ctx.blobs.delete(old.blobKey).catch(() => undefined);
    return after;
  } catch (e) {
    await ctx.blobs.delete(blobKey).catch(() => undefined);
    throw e;
  }
}

export async function readBrandUpload(
  ctx: BrandsAdminContext,
  brandKey: string,
  fileName: string,
): Promise<{ body: Buffer; contentType: string; etag: string }> {
  if (!(await repo.findBrand(ctx.db, brandKey))) throw notFound('The brand');
  const row = await repo.findBrandFile(ctx.db, brandKey, fileName);
  const body = row ? await ctx.blobs.get(row.blobKey) : null;
  if (!row || !body) throw notFound('The file');
  return { body, contentType: row.contentType, etag: `"${row.blobKey.split('/').pop()}"` };
}

/** Deletes an uploaded file; a slot that showed it shows the shipped default image again. */
export async function deleteBrandFile(ctx: BrandsAdminContext, actor: AuditActor, brandKey: string, fileName: string): Promise<AdminBrand> {
  let removed: BrandFileRow | null = null;
  const after = await ctx.db.transaction(async (tx) => {
    const db: Db = tx;
    const before = await loadAdmin(ctx, db, brandKey);
    removed = await repo.findBrandFile(db, brandKey, fileName);
    if (!removed) throw notFound('The file');
    await repo.deleteBrandFileRow(db, brandKey, fileName);
    const row = (await repo.findBrand(db, brandKey))!;
    const cleared = Object.fromEntries(
      Object.values(slotColumn)
        .filter((col) => row[col] === fileName)
        .map((col) => [col, null]),
    );
    await repo.updateBrandRow(db, brandKey, cleared);
    const result = await loadAdmin(ctx, db, brandKey);
    await recordAudit(db, { aggregateType: 'Brand', aggregateId: brandKey, domainOperation: 'FileDeleted', actor, before, after: result });
    return result;
  });
  const gone = removed as BrandFileRow | null;
  if (gone) await ctx.blobs.delete(gone.blobKey).catch(() => undefined);
  return after;
}

export async function getBrandInstanceDefaults(ctx: BrandsAdminContext): Promise<BrandInstanceDefaults> {
  return getInstanceDefaults(ctx);
}

export async function setBrandInstanceDefaults(ctx: BrandsAdminContext, actor: AuditActor, input: BrandInstanceDefaults): Promise<BrandInstanceDefaults> {
  return ctx.db.transaction(async (tx) => {
    const db: Db = tx;
    if (!(await repo.findBrand(db, input.defaultBrandKey))) {
      throw badRequest('There is no brand with this key.', [{ field: 'defaultBrandKey', message: 'Unknown brand' }]);
    }
    const before = await getInstanceDefaults({ db, config: ctx.config });
    await writeInstanceDefaults({ db }, { ...before, defaultBrandKey: input.defaultBrandKey });
    await recordAudit(db, { aggregateType: 'BrandInstanceDefaults', aggregateId: 'instanceDefaults', domainOperation: 'Updated', actor, before, after: input });
    return { defaultBrandKey: input.defaultBrandKey };
  });
}
