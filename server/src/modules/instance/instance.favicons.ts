// Custom favicons of the instance (docs/product.md §7: favicons PUT, get by name, delete all, custom). The list
// lives in the instance setting `favicons`; the bytes live in the blob store.
import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Favicon } from '@atrium/contract';
import type { AppContext, DbContext } from '../../platform/context.js';
import type { Db } from '../../db/client.js';
import { recordAudit, type AuditActor } from '../../platform/audit.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { ExtensionOf, type SniffedImageType } from '../brands/brands.images.js';
import { readSetting, upsertSetting } from './instance.repository.js';

export const StoredFaviconsSchema = z.array(
  z.object({ fileName: z.string(), contentType: z.string(), sizeBytes: z.number(), blobKey: z.string(), createdAt: z.string() }),
);
type StoredFavicon = z.infer<typeof StoredFaviconsSchema>[number];

async function stored(db: Db): Promise<StoredFavicon[]> {
  const parsed = StoredFaviconsSchema.safeParse((await readSetting(db, 'favicons'))?.value);
  return parsed.success ? parsed.data : [];
}

const present = (f: StoredFavicon): Favicon => ({ fileName: f.fileName, contentType: f.contentType, sizeBytes: f.sizeBytes, createdAt: f.createdAt });

export async function listFavicons({ db }: DbContext): Promise<{ items: Favicon[]; continuationToken: null }> {
  return { items: (await stored(db)).map(present), continuationToken: null };
}

/** The default name of an upload: favicon.<ext> for ICO, else icon-<size-less>.<ext>. */
const defaultName = (contentType: SniffedImageType) => (contentType === 'image/x-icon' ? 'favicon.ico' : `icon.${ExtensionOf[contentType]}`);

/** Adds or replaces the favicon of that name; the replaced bytes go after the commit. */
export async function putFavicon(
  ctx: Pick<AppContext, 'db' | 'caches' | 'blobs'>,
  actor: AuditActor,
  upload: { data: Buffer; contentType: SniffedImageType; fileName?: string | undefined },
): Promise<Favicon> {
  const stem = (upload.fileName ?? defaultName(upload.contentType)).replace(/\.[A-Za-z0-9]+$/, '');
  // GET /InstanceSettings/favicons/custom is the list, so no favicon may be called that
  if (stem.toLowerCase() === 'custom') throw badRequest('A favicon cannot be named custom.', [{ field: 'fileName', message: 'This name is reserved' }]);
  const fileName = `${stem}.${ExtensionOf[upload.contentType]}`;
  const blobKey = `instance/favicons/${randomUUID()}.${ExtensionOf[upload.contentType]}`;
  await ctx.blobs.put(blobKey, upload.data, upload.contentType);
  const entry: StoredFavicon = { fileName, contentType: upload.contentType, sizeBytes: upload.data.length, blobKey, createdAt: new Date().toISOString() };
  let replaced: StoredFavicon | undefined;
  try {
    await ctx.db.transaction(async (tx) => {
      const db: Db = tx;
      const list = await stored(db);
      replaced = list.find((f) => f.fileName === fileName);
      await upsertSetting(db, 'favicons', [...list.filter((f) => f.fileName !== fileName), entry]);
      await recordAudit(db, {
        aggregateType: 'InstanceSettings',
        aggregateId: 'favicons',
        domainOperation: 'FaviconUploaded',
        actor,
        before: replaced ? present(replaced) : null,
        after: present(entry),
      });
    });
  } catch (e) {
    await ctx.blobs.delete(blobKey).catch(() => undefined);
    throw e;
  }
  if (replaced) await ctx.blobs.delete(replaced.blobKey).catch(() => undefined);
  return present(entry);
}

export async function readFavicon(
  ctx: Pick<AppContext, 'db' | 'caches' | 'blobs'>,
  fileName: string,
): Promise<{ body: Buffer; contentType: string; etag: string }> {
  const found = (await stored(ctx.db)).find((f) => f.fileName.toLowerCase() === fileName.toLowerCase());
  if (!found) throw notFound('The favicon');
  const body = await ctx.blobs.get(found.blobKey);
  if (!body) throw notFound('The favicon');
  return { body, contentType: found.contentType, etag: `"${createHash('sha256').update(found.blobKey).digest('hex').slice(0, 32)}"` };
}

/** Removes every custom favicon: the shipped one shows again. */
export async function deleteAllFavicons(ctx: Pick<AppContext, 'db' | 'caches' | 'blobs'>, actor: AuditActor): Promise<void> {
  let removed: StoredFavicon[] = [];
  await ctx.db.transaction(async (tx) => {
    const db: Db = tx;
    removed = await stored(db);
    if (removed.length === 0) return;
    await upsertSetting(db, 'favicons', []);
    await recordAudit(db, {
      aggregateType: 'InstanceSettings',
      aggregateId: 'favicons',
      domainOperation: 'FaviconsDeleted',
      actor,
      before: removed.map(present),
      after: [],
    });
  });
  for (const f of removed) await ctx.blobs.delete(f.blobKey).catch(() => undefined);
}
