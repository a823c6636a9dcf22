// What the retention sweep (modules/retention, docs/retention.md) needs of uploads: the rows and blob keys of the
// uploads an expired conversation named, and of those older than the uploads' limit, and deleting the rows. The
// sweep deletes the blobs first and the rows after, so that a sweep stopped in between finds the rows again and
// ends the work (deleting a blob that is gone already does nothing). An agent's files (attachments of context
// GptSystem) are its configuration, not a conversation's: they are never swept.
import { and, asc, gt, inArray, isNull, lt, or, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { attachments, visionImages } from '../../db/schema/index.js';
import type { DbContext } from '../../platform/context.js';
import { visionBlobKey } from './uploads.service.js';

export interface SweptUploads {
  visionImageIds: string[];
  attachmentIds: string[];
  /** every blob of them: images with their thumbnails, and the files */
  blobKeys: string[];
}

export const NoUploads: SweptUploads = { visionImageIds: [], attachmentIds: [], blobKeys: [] };

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuids = (ids: readonly string[]) => ids.filter((id) => Uuid.test(id));

type ImageRow = Pick<typeof visionImages.$inferSelect, 'id' | 'userId' | 'publicEndpointName' | 'sessionIdentifier' | 'blobFileName' | 'thumbnailBlobFileName'>;
const imageColumns = {
  id: visionImages.id,
  userId: visionImages.userId,
  publicEndpointName: visionImages.publicEndpointName,
  sessionIdentifier: visionImages.sessionIdentifier,
  blobFileName: visionImages.blobFileName,
  thumbnailBlobFileName: visionImages.thumbnailBlobFileName,
};

function swept(images: ImageRow[], files: { id: string; blobKey: string }[]): SweptUploads {
  return {
    visionImageIds: images.map((i) => i.id),
    attachmentIds: files.map((f) => f.id),
    blobKeys: [...images.flatMap((i) => [visionBlobKey(i, i.blobFileName), visionBlobKey(i, i.thumbnailBlobFileName)]), ...files.map((f) => f.blobKey)],
  };
}

/** Owners of expired conversations: people by id, visitors by endpoint and session identifier. */
export interface UploadOwners {
  userIds: string[];
  visitors: { endpointName: string; sessionIdentifier: string }[];
}

/** The uploads among the ids that these owners own (a conversation's segments name only its owner's uploads). */
export async function ownedUploads({ db }: DbContext, owners: UploadOwners, ids: { visionImageIds: string[]; attachmentIds: string[] }): Promise<SweptUploads> {
  const imageIds = uuids(ids.visionImageIds);
  const fileIds = uuids(ids.attachmentIds);
  const visitorOwned = owners.visitors.map((v) =>
    and(isNull(visionImages.userId), eq(visionImages.publicEndpointName, v.endpointName), eq(visionImages.sessionIdentifier, v.sessionIdentifier)),
  );
  const imageOwners = [...(owners.userIds.length ? [inArray(visionImages.userId, owners.userIds)] : []), ...visitorOwned];
  const [images, files] = await Promise.all([
    imageIds.length && imageOwners.length
      ? db
          .select(imageColumns)
          .from(visionImages)
          .where(and(inArray(visionImages.id, imageIds), or(...imageOwners)))
      : Promise.resolve([]),
    fileIds.length && owners.userIds.length
      ? db
          .select({ id: attachments.id, blobKey: attachments.blobKey })
          .from(attachments)
          .where(and(inArray(attachments.id, fileIds), inArray(attachments.userId, owners.userIds), eq(attachments.context, 'Conversation')))
      : Promise.resolve([]),
  ]);
  return swept(images, files);
}

/** Up to `limit` vision images uploaded before `cutoff`, after `afterId` in id order (keyset along the primary key). */
export async function expiredVisionImages(
  { db }: DbContext,
  cutoff: Date,
  afterId: string | null,
  limit: number,
): Promise<SweptUploads & { lastId: string | null }> {
  const rows = await db
    .select(imageColumns)
    .from(visionImages)
    .where(and(lt(visionImages.createdAt, cutoff), afterId ? gt(visionImages.id, afterId) : undefined))
    .orderBy(asc(visionImages.id))
    .limit(limit);
  return { ...swept(rows, []), lastId: rows.at(-1)?.id ?? null };
}

/** Up to `limit` conversation attachments uploaded before `cutoff`, after `afterId` in id order. */
export async function expiredAttachments(
  { db }: DbContext,
  cutoff: Date,
  afterId: string | null,
  limit: number,
): Promise<SweptUploads & { lastId: string | null }> {
  const rows = await db
    .select({ id: attachments.id, blobKey: attachments.blobKey })
    .from(attachments)
    .where(and(lt(attachments.createdAt, cutoff), eq(attachments.context, 'Conversation'), afterId ? gt(attachments.id, afterId) : undefined))
    .orderBy(asc(attachments.id))
    .limit(limit);
  return { ...swept([], rows), lastId: rows.at(-1)?.id ?? null };
}

/** Deletes the uploads' rows (after their blobs): how many images and files were deleted. */
export async function deleteUploadRows(db: Db, uploads: SweptUploads): Promise<{ visionImages: number; attachments: number }> {
  const images = uploads.visionImageIds.length
    ? await db.delete(visionImages).where(inArray(visionImages.id, uploads.visionImageIds)).returning({ id: visionImages.id })
    : [];
  const files = uploads.attachmentIds.length
    ? await db.delete(attachments).where(inArray(attachments.id, uploads.attachmentIds)).returning({ id: attachments.id })
    : [];
  return { visionImages: images.length, attachments: files.length };
}
