// Queries of the uploads module (attachments and vision_images tables).
import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { attachments, visionImages, type AttachmentRow, type VisionImageRow } from '../../db/schema/index.js';

export async function insertAttachment(db: Db, row: typeof attachments.$inferInsert): Promise<AttachmentRow> {
  const [inserted] = await db.insert(attachments).values(row).returning();
  return inserted!;
}

export async function findAttachment(db: Db, id: string): Promise<AttachmentRow | null> {
  const [row] = await db.select().from(attachments).where(eq(attachments.id, id));
  return row ?? null;
}

export async function insertVisionImage(db: Db, row: typeof visionImages.$inferInsert): Promise<VisionImageRow> {
  const [inserted] = await db.insert(visionImages).values(row).returning();
  return inserted!;
}

export async function findVisionImage(db: Db, id: string): Promise<VisionImageRow | null> {
  const [row] = await db.select().from(visionImages).where(eq(visionImages.id, id));
  return row ?? null;
}

/** The attachments with these ids, whoever uploaded them (an agent's own files, named by its configuration). */
export async function listAttachmentsById(db: Db, ids: readonly string[]): Promise<AttachmentRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(attachments)
    .where(inArray(attachments.id, [...ids]));
}

/** This person's attachments among the ids (others' and unknown ids are left out). */
export async function listOwnAttachments(db: Db, userId: string, ids: readonly string[]): Promise<AttachmentRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(attachments)
    .where(and(eq(attachments.userId, userId), inArray(attachments.id, [...ids])));
}

/** Like listOwnAttachments without the extracted text, for listing on segments. */
export async function describeOwnAttachments(db: Db, userId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: attachments.id,
      attachmentType: attachments.attachmentType,
      context: attachments.context,
      originalFileName: attachments.originalFileName,
      mimeType: attachments.mimeType,
    })
    .from(attachments)
    .where(and(eq(attachments.userId, userId), inArray(attachments.id, [...ids])));
}

/** Who owns a vision image: a person (their user id), or a public endpoint's visitor. */
export type ImageOwner = string | VisitorImageOwner;
export interface VisitorImageOwner {
  endpointName: string;
  sessionIdentifier: string;
}

/** The rows `owner` owns (a visitor's never match a person, nor a person's a visitor). */
export function ownedBy(owner: ImageOwner): SQL {
  return typeof owner === 'string'
    ? eq(visionImages.userId, owner)
    : and(isNull(visionImages.userId), eq(visionImages.publicEndpointName, owner.endpointName), eq(visionImages.sessionIdentifier, owner.sessionIdentifier))!;
}

export async function listOwnVisionImages(db: Db, owner: ImageOwner, ids: readonly string[]): Promise<VisionImageRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(visionImages)
    .where(and(ownedBy(owner), inArray(visionImages.id, [...ids])));
}
