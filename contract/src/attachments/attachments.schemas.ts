// Wire shapes of uploads: attachments (POST /attachments, GET by id and /base64) and vision images
// (POST /userConversations/visionImages, GET base64 by image id and blob file name), and how a
// segment lists them (docs/wire-protocol.md "Segment": visionImages[], attachments[]).
import { z } from 'zod';
import { AttachmentContexts, AttachmentTypes } from './attachments.constants.js';

const caseInsensitive = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.string().transform((v, c) => {
    const hit = values.find((x) => x.toLowerCase() === v.toLowerCase());
    if (!hit) {
      c.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return hit as T[number];
  });

/** POST /attachments?attachmentType=…&context=… (docs/product.md §5: only FileSearch and CodeInterpreter upload) */
export const AttachmentUploadQuerySchema = z.object({
  attachmentType: caseInsensitive(AttachmentTypes, 'Attachments upload only when type is FileSearch or CodeInterpreter'),
  context: caseInsensitive(AttachmentContexts, 'context must be GptSystem or Conversation').default('Conversation'),
});
export type AttachmentUploadQuery = z.infer<typeof AttachmentUploadQuerySchema>;

export const AttachmentParamsSchema = z.object({ attachmentId: z.string().uuid() });

export const AttachmentSchema = z.object({
  attachmentId: z.string().uuid(),
  attachmentType: z.enum(AttachmentTypes),
  context: z.enum(AttachmentContexts),
  originalFileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  /** whether text could be read from the file (what the model is given with the question) */
  hasExtractedText: z.boolean(),
  createdAt: z.string(),
});
export type Attachment = z.infer<typeof AttachmentSchema>;

export const AttachmentBase64Schema = z.object({
  attachmentId: z.string().uuid(),
  originalFileName: z.string(),
  mimeType: z.string(),
  base64Content: z.string(),
});
export type AttachmentBase64 = z.infer<typeof AttachmentBase64Schema>;

export const ThumbnailSchema = z.object({ base64Content: z.string(), mimeType: z.string() });
export type Thumbnail = z.infer<typeof ThumbnailSchema>;

export const VisionImageSchema = z.object({
  visionImageId: z.string().uuid(),
  blobFileName: z.string(),
  thumbnailBlobFileName: z.string(),
  mimeType: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  sizeBytes: z.number().int(),
  /** the thumbnail itself, so that a client can show it without a second call */
  thumbnails: z.array(ThumbnailSchema),
});
export type VisionImage = z.infer<typeof VisionImageSchema>;

export const VisionImageBlobParamsSchema = z.object({
  visionImageId: z.string().uuid(),
  blobFileName: z.string().min(1).max(200),
});

export const VisionImageBase64Schema = z.object({
  visionImageId: z.string().uuid(),
  blobFileName: z.string(),
  mimeType: z.string(),
  base64Content: z.string(),
});
export type VisionImageBase64 = z.infer<typeof VisionImageBase64Schema>;

/** A vision image as a segment lists it; the names are null when the image is gone. */
export const SegmentVisionImageSchema = z.object({
  visionImageId: z.string(),
  blobFileName: z.string().nullable(),
  thumbnailBlobFileName: z.string().nullable(),
  mimeType: z.string().nullable(),
});
export type SegmentVisionImage = z.infer<typeof SegmentVisionImageSchema>;

/** An attachment as a segment lists it; the fields are null when the file is gone. */
export const SegmentAttachmentSchema = z.object({
  attachmentId: z.string(),
  attachmentType: z.enum(AttachmentTypes).nullable(),
  context: z.enum(AttachmentContexts).nullable(),
  originalFileName: z.string().nullable(),
  mimeType: z.string().nullable(),
});
export type SegmentAttachment = z.infer<typeof SegmentAttachmentSchema>;
