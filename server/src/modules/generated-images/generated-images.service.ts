// Rules of the generated-images module: keeping the pictures agents create (bytes in the blob store, a
// row per image) and serving them by capability. A browser loads an image from <img src> without a
// token, so the URL itself authorises the read: its key is 128 random bits, stored only as a hash and
// compared in constant time. Any mismatch, a deleted conversation or a lost blob is the same 404.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { ApiBase, GeneratedImageRoutes, pathTo } from '@atrium/contract';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import type { GeneratedImageStore, ImageContentType, StoredImageInput } from '../../ai/tools/create-image.js';
import * as repo from './generated-images.repository.js';
import { isConversationLive } from '../conversations/conversations.lookup.js';

const Extensions: Record<ImageContentType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' };

const UuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** 16 random bytes in base64url */
const KeyPattern = /^[A-Za-z0-9_-]{22}$/;
const FileNamePattern = /^[a-z0-9-]{1,60}\.(png|jpg|webp|gif)$/;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** A readable, URL-safe file name from the title, e.g. "lighthouse-at-dusk-3f9a2c1e.png". */
export function imageFileName(title: string, contentType: ImageContentType): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 40)
    .replace(/^-+|-+$/g, '');
  return `${slug || 'image'}-${randomBytes(4).toString('hex')}.${Extensions[contentType]}`;
}

export function createGeneratedImageStore(ctx: Pick<AppContext, 'db' | 'caches' | 'blobs'>): GeneratedImageStore {
  return {
    async save(image: StoredImageInput) {
      const id = randomUUID();
      const key = randomBytes(16).toString('base64url');
      const fileName = imageFileName(image.title, image.contentType);
      const blobKey = `generated-images/${image.conversationId}/${id}.${Extensions[image.contentType]}`;
      await ctx.blobs.put(blobKey, image.data, image.contentType);
      try {
        await repo.insertGeneratedImage(ctx.db, {
          id,
          conversationId: image.conversationId,
          segmentId: image.segmentId,
          keyHash: sha256(key).toString('hex'),
          fileName,
          title: image.title,
          prompt: image.prompt,
          contentType: image.contentType,
          byteSize: image.data.length,
          blobKey,
          deploymentName: image.deploymentName,
        });
      } catch (e) {
        await ctx.blobs.delete(blobKey).catch(() => undefined);
        throw e;
      }
      return {
        uri: `${ApiBase}${pathTo(GeneratedImageRoutes.image, { conversationId: image.conversationId, conversationSegmentId: image.segmentId, key, fileName })}`,
      };
    },
  };
}

export interface ImageAddress {
  conversationId: string;
  conversationSegmentId: string;
  key: string;
  fileName: string;
}

/** The image the address names, or 404 whatever is wrong with it (the answer never says which part). */
export async function readGeneratedImage(
  ctx: Pick<AppContext, 'db' | 'caches' | 'blobs'>,
  address: ImageAddress,
): Promise<{ data: Buffer; contentType: string; fileName: string }> {
  const missing = () => notFound('The image');
  if (
    !UuidPattern.test(address.conversationId) ||
    !UuidPattern.test(address.conversationSegmentId) ||
    !KeyPattern.test(address.key) ||
    !FileNamePattern.test(address.fileName)
  ) {
    throw missing();
  }
  const conversationId = address.conversationId.toLowerCase();
  // a deleted conversation's images are gone at once
  const [row, live] = await Promise.all([
    repo.findImage(ctx.db, conversationId, address.conversationSegmentId.toLowerCase(), address.fileName),
    isConversationLive(ctx, conversationId),
  ]);
  if (!row || !live || !timingSafeEqual(sha256(address.key), Buffer.from(row.keyHash, 'hex'))) throw missing();
  const data = await ctx.blobs.get(row.blobKey);
  if (!data) throw missing();
  return { data, contentType: row.contentType, fileName: row.fileName };
}
