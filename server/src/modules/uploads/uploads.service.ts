// The uploads module: files (attachments) and images (vision images) that people add to a question.
// Uploads are checked by their content and size, stored in the blob store with their metadata in the
// database, and readable only by their owner (anyone else gets 404, as for any object not theirs).
import { createHash, randomUUID } from 'node:crypto';
import {
  ErrorCodes,
  UploadErrorCodes,
  type Attachment,
  type AttachmentBase64,
  type AttachmentUploadQuery,
  type VisionImage,
  type VisionImageBase64,
} from '@atrium/contract';
import type { AppContext } from '../../platform/context.js';
import type { Principal } from '../../platform/access.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { ExtractionBusyError, ExtractionRefusedError } from '../../platform/extraction/extraction-pool.js';
import { fitImage, ImageSides, type FittedImage } from '../../platform/images.js';
import type { AttachmentRow, VisionImageRow } from '../../db/schema/index.js';
import { cleanFileName, sniffFile, sniffImage } from './file-types.js';
import { extractText } from './text-extract.js';
import { thumbnail } from './images.js';
import * as repo from './uploads.repository.js';

export type UploadsCtx = Pick<AppContext, 'db' | 'caches' | 'blobs' | 'config' | 'logger'>;

export interface UploadedFile {
  data: Buffer;
  fileName: string | undefined;
}

const megabytes = (bytes: number) => {
  const mb = bytes / 1024 / 1024;
  return Number.isInteger(mb) ? `${mb} MB` : `${mb.toFixed(1)} MB`;
};

export const tooLarge = (what: 'file' | 'image', limit: number) =>
  new AppError(ErrorCodes.payloadTooLarge, 413, `The ${what} is larger than the limit of ${megabytes(limit)}.`, [
    { field: 'file', message: `At most ${megabytes(limit)}` },
  ]);

const emptyFile = () => badRequest('The file is empty.', [{ field: 'file', message: 'The file is empty' }]);

const unsupported = (message: string) =>
  new AppError(UploadErrorCodes.unsupportedFileType, 400, message, [{ field: 'file', message: 'Unsupported file type' }]);

const AttachmentKinds = 'PDF, Word (.docx), text, Markdown, CSV or JSON files';

const seconds = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`);
const tooComplex = (fileName: string, reason: string, detail: string) =>
  new AppError(UploadErrorCodes.fileTooComplex, 422, `${fileName} could not be read within the server's limits: ${reason}. Attach a smaller or simpler file.`, [
    { field: 'file', message: detail },
  ]);

/** A document over a limit of what it may unpack to (413) or of the memory and time reading it may take (422). */
function refusedDocument(fileName: string, e: ExtractionRefusedError): AppError {
  const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
  const tooLarge = (reason: string, detail: string) =>
    new AppError(ErrorCodes.payloadTooLarge, 413, `${fileName} is too large when unpacked: ${reason}. Attach a smaller document.`, [
      { field: 'file', message: detail },
    ]);
  switch (e.limit) {
    case 'unpackedBytes':
      return tooLarge(`it unpacks to more than ${mb(e.value)}`, `Unpacks to more than ${mb(e.value)}`);
    case 'entries':
      return tooLarge(`it holds more than ${e.value} parts`, `More than ${e.value} parts`);
    case 'ratio':
      return tooLarge(`a part of it grows more than ${e.value} times`, `A part grows more than ${e.value} times when unpacked`);
    case 'memory':
      return tooComplex(fileName, `it needs more than ${e.value} MB of memory`, `Needs more than ${e.value} MB of memory to read`);
    case 'time':
      return tooComplex(fileName, `it takes longer than ${seconds(e.value)}`, `Takes longer than ${seconds(e.value)} to read`);
  }
}

const extractionBusy = () =>
  new AppError(ErrorCodes.notReady, 503, 'The server is reading too many files at once. Try again in a moment.', [], { 'retry-after': '5' });

export function presentAttachment(row: AttachmentRow): Attachment {
  return {
    attachmentId: row.id,
    attachmentType: row.attachmentType as Attachment['attachmentType'],
    context: row.context as Attachment['context'],
    originalFileName: row.originalFileName,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    hasExtractedText: row.extractedText !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function uploadAttachment(ctx: UploadsCtx, principal: Principal, query: AttachmentUploadQuery, file: UploadedFile): Promise<Attachment> {
  const limit = ctx.config.uploads.attachmentMaxBytes;
  if (file.data.length === 0) throw emptyFile();
  if (file.data.length > limit) throw tooLarge('file', limit);
  const originalFileName = cleanFileName(file.fileName);
  const sniffed = sniffFile(file.data, originalFileName);
  if (!sniffed.ok) {
    throw unsupported(
      sniffed.reason === 'mismatch'
        ? `The content of ${originalFileName} does not match its file type.`
        : `${originalFileName} is not a supported file type. Attach ${AttachmentKinds}.`,
    );
  }
  const { kind, mimeType } = sniffed.file;
  // an image has no text to search: it goes to the model as an image (the vision upload) instead
  if (kind === 'image' && query.attachmentType === 'FileSearch') {
    throw unsupported('Images cannot be searched as files. Add the image to your question as an image instead.');
  }
  let extractedText: string | null = null;
  try {
    extractedText = await extractText(kind, file.data);
  } catch (e) {
    // over a limit (a zip bomb, a document that needs gigabytes to parse): refused, nothing stored
    if (e instanceof ExtractionRefusedError) {
      ctx.logger.warn({ kind, sizeBytes: file.data.length, limit: e.limit }, 'refused an attachment over a limit of extraction');
      throw refusedDocument(originalFileName, e);
    }
    if (e instanceof ExtractionBusyError) throw extractionBusy();
    // a damaged or encrypted document is kept without text; the model is told it could not be read
    ctx.logger.warn({ err: e, kind }, 'could not read the text of an attachment');
  }
  const id = randomUUID();
  const blobKey = `attachments/${principal.userId}/${id}`;
  await ctx.blobs.put(blobKey, file.data, mimeType);
  try {
    const row = await repo.insertAttachment(ctx.db, {
      id,
      userId: principal.userId,
      attachmentType: query.attachmentType,
      context: query.context,
      originalFileName,
      mimeType,
      sizeBytes: file.data.length,
      blobKey,
      extractedText,
    });
    return presentAttachment(row);
  } catch (e) {
    await ctx.blobs.delete(blobKey).catch(() => undefined);
    throw e;
  }
}

async function ownAttachment(ctx: Pick<UploadsCtx, 'db'>, principal: Principal, id: string): Promise<AttachmentRow> {
  const row = await repo.findAttachment(ctx.db, id);
  if (!row || row.userId !== principal.userId) throw notFound('The attachment');
  return row;
}

export async function getAttachment(ctx: Pick<UploadsCtx, 'db'>, principal: Principal, id: string): Promise<Attachment> {
  return presentAttachment(await ownAttachment(ctx, principal, id));
}

export async function getAttachmentBase64(ctx: UploadsCtx, principal: Principal, id: string): Promise<AttachmentBase64> {
  const row = await ownAttachment(ctx, principal, id);
  const data = await ctx.blobs.get(row.blobKey);
  if (!data) throw notFound('The attachment file');
  return { attachmentId: row.id, originalFileName: row.originalFileName, mimeType: row.mimeType, base64Content: data.toString('base64') };
}

const Extensions: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };

type ImageKeyParts = Pick<VisionImageRow, 'id' | 'userId' | 'publicEndpointName' | 'sessionIdentifier'>;

/**
 * Where an image's files are: under its person's user id, or a visitor's under `visitors/<sha256 of endpoint and
 * session identifier>` (the identifier is not written into storage in the clear, nor mistaken for a user id).
 */
export const visionBlobKey = (row: ImageKeyParts, blobFileName: string) => `vision-images/${imageOwnerSegment(row)}/${row.id}/${blobFileName}`;

function imageOwnerSegment(row: ImageKeyParts): string {
  if (row.userId) return row.userId;
  const digest = createHash('sha256')
    .update(`${row.publicEndpointName ?? ''}\n${row.sessionIdentifier ?? ''}`)
    .digest('hex');
  return `visitors/${digest}`;
}

const ownerColumns = (owner: repo.ImageOwner) =>
  typeof owner === 'string'
    ? { userId: owner, publicEndpointName: null, sessionIdentifier: null }
    : { userId: null, publicEndpointName: owner.endpointName, sessionIdentifier: owner.sessionIdentifier };

export async function uploadVisionImage(ctx: UploadsCtx, principal: Principal, file: UploadedFile): Promise<VisionImage> {
  return uploadOwnedVisionImage(ctx, principal.userId, file);
}

/** A public endpoint's visitor's image (docs/public-chat.md): the same checks as a person's. */
export async function uploadVisitorVisionImage(ctx: UploadsCtx, visitor: repo.VisitorImageOwner, file: UploadedFile): Promise<VisionImage> {
  return uploadOwnedVisionImage(ctx, visitor, file);
}

/** 413, 400 unsupported_file_type or empty: the checks an image passes before anything is read or stored. */
export function checkVisionImage(ctx: Pick<UploadsCtx, 'config'>, file: UploadedFile): string {
  const limit = ctx.config.uploads.visionImageMaxBytes;
  if (file.data.length === 0) throw emptyFile();
  if (file.data.length > limit) throw tooLarge('image', limit);
  const mimeType = sniffImage(file.data);
  if (!mimeType) throw unsupported('Images must be PNG, JPEG, GIF or WebP.');
  return mimeType;
}

async function uploadOwnedVisionImage(ctx: UploadsCtx, owner: repo.ImageOwner, file: UploadedFile): Promise<VisionImage> {
  const mimeType = checkVisionImage(ctx, file);
  // larger than anyone views it: re-encoded smaller in its format; over the pixel limit: 413
  let image: FittedImage;
  let thumb: Awaited<ReturnType<typeof thumbnail>>;
  try {
    image = await fitImage(file.data, { maxSide: ImageSides.vision, what: 'image' });
    thumb = await thumbnail(image.data);
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw unsupported('The image could not be read; it may be damaged.');
  }
  const id = randomUUID();
  const name = randomUUID();
  const row = { id, ...ownerColumns(owner) };
  const blobFileName = `${name}.${Extensions[mimeType]}`;
  const thumbnailBlobFileName = `${name}-thumbnail.webp`;
  const keys = [visionBlobKey(row, blobFileName), visionBlobKey(row, thumbnailBlobFileName)];
  try {
    await ctx.blobs.put(keys[0]!, image.data, mimeType);
    await ctx.blobs.put(keys[1]!, thumb.data, thumb.mimeType);
    await repo.insertVisionImage(ctx.db, {
      ...row,
      originalFileName: cleanFileName(file.fileName),
      blobFileName,
      mimeType,
      thumbnailBlobFileName,
      thumbnailMimeType: thumb.mimeType,
      width: image.width,
      height: image.height,
      sizeBytes: image.data.length,
    });
  } catch (e) {
    await Promise.all(keys.map((k) => ctx.blobs.delete(k).catch(() => undefined)));
    throw e;
  }
  return {
    visionImageId: id,
    blobFileName,
    thumbnailBlobFileName,
    mimeType,
    width: image.width,
    height: image.height,
    sizeBytes: image.data.length,
    thumbnails: [{ base64Content: thumb.data.toString('base64'), mimeType: thumb.mimeType }],
  };
}

/** The image or its thumbnail, by the blob file name the upload returned. */
export async function getVisionImageBase64(ctx: UploadsCtx, principal: Principal, id: string, blobFileName: string): Promise<VisionImageBase64> {
  return readVisionImage(ctx, principal.userId, id, blobFileName);
}

/** A visitor's own image or thumbnail; any other session's or endpoint's (or a person's) is 404. */
export async function getVisitorVisionImageBase64(ctx: UploadsCtx, visitor: repo.VisitorImageOwner, id: string, blobFileName: string) {
  return readVisionImage(ctx, visitor, id, blobFileName);
}

const owns = (row: VisionImageRow, owner: repo.ImageOwner) =>
  typeof owner === 'string'
    ? row.userId === owner
    : row.userId === null && row.publicEndpointName === owner.endpointName && row.sessionIdentifier === owner.sessionIdentifier;

async function readVisionImage(ctx: UploadsCtx, owner: repo.ImageOwner, id: string, blobFileName: string): Promise<VisionImageBase64> {
  const row = await repo.findVisionImage(ctx.db, id);
  if (!row || !owns(row, owner)) throw notFound('The image');
  const mimeType = blobFileName === row.blobFileName ? row.mimeType : blobFileName === row.thumbnailBlobFileName ? row.thumbnailMimeType : null;
  if (!mimeType) throw notFound('The image file');
  const data = await ctx.blobs.get(visionBlobKey(row, blobFileName));
  if (!data) throw notFound('The image file');
  return { visionImageId: row.id, blobFileName, mimeType, base64Content: data.toString('base64') };
}
