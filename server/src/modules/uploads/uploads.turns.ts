// What the chat engine needs of uploads: the images and files a question names (the caller's own,
// else 400), those of the earlier questions of a conversation, the images as the model receives
// them, the files' text for the model's context, and how segments list them. The conversations
// module reaches uploads only through this directory.
import { UploadErrorCodes, type SegmentAttachment, type SegmentVisionImage } from '@atrium/contract';
import type { AppContext } from '../../platform/context.js';
import { AppError, badRequest } from '../../platform/errors.js';
import type { ChatImage, ContextPassage, ResolvedDeployment } from '../../ai/model.types.js';
import { estimateTokens } from '../../ai/offline-engine.js';
import type { AttachmentRow, VisionImageRow } from '../../db/schema/index.js';
import { sniffImage } from './file-types.js';
import { fitsModel, imageForModel } from './images.js';
import * as repo from './uploads.repository.js';
import { visionBlobKey } from './uploads.service.js';

export type { ImageOwner } from './uploads.repository.js';
type ImageOwner = repo.ImageOwner;

/** A visitor has images only: their owner names no attachments. */
const attachmentsOf = (ctx: Pick<AppContext, 'db'>, owner: ImageOwner, ids: readonly string[]) =>
  typeof owner === 'string' ? repo.listOwnAttachments(ctx.db, owner, ids) : Promise.resolve([]);

export interface TurnUploads {
  images: VisionImageRow[];
  attachments: AttachmentRow[];
}

export interface UploadIndex {
  images(ids: readonly string[]): SegmentVisionImage[];
  attachments(ids: readonly string[]): SegmentAttachment[];
}

/** What the history needs of an earlier turn: its id and the uploads its question named. */
export interface EarlierTurn {
  id: string;
  visionImageIds: readonly string[];
  attachmentIds: readonly string[];
}

export interface UploadDirectory {
  /** the uploads a question names, in the order named; 400 naming each id that is not the owner's (a visitor owns images only) */
  forTurn(owner: ImageOwner, visionImageIds: readonly string[], attachmentIds: readonly string[]): Promise<TurnUploads>;
  /**
   * The uploads of earlier turns by segment id, in one query per table for the whole lineage and none
   * when it names no upload. Images only when asked (deployments with vision); uploads gone since are left out.
   */
  forHistory(owner: ImageOwner, turns: readonly EarlierTurn[], withImages: boolean): Promise<Map<string, TurnUploads>>;
  /** 400 when the question has images and the deployment cannot see them */
  requireVision(uploads: TurnUploads, deployment: ResolvedDeployment): void;
  /** the question as the model reads it (with the files' text), and the files as passages */
  textInput(uploads: TurnUploads, question: string, deployment: ResolvedDeployment): { content: string; passages: ContextPassage[] };
  /** the images as the model receives them; a missing file is 400 when `required` (the new question), else left out */
  imagesForModel(rows: readonly VisionImageRow[], required: boolean): Promise<ChatImage[]>;
  /**
   * The files the code interpreter puts in /mnt/data: those of `rows` attached as CodeInterpreter (the question's and
   * the earlier questions'), and the agent's own CodeInterpreter files by id; files gone since are left out.
   */
  codeInterpreterFiles(rows: readonly AttachmentRow[], agentAttachmentIds: readonly string[]): Promise<{ name: string; data: Buffer }[]>;
  /** how segments list these ids */
  describe(owner: ImageOwner, visionImageIds: readonly string[], attachmentIds: readonly string[]): Promise<UploadIndex>;
}

const UuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How much of the attached files' text one question may carry: a share of the context window, at most this. */
const MaxAttachmentChars = 200_000;

function unknownIds(field: string, named: readonly string[], found: ReadonlySet<string>) {
  return named.flatMap((id, i) =>
    found.has(id) ? [] : [{ field: `${field}.${i}`, message: field === 'visionImageIds' ? 'Unknown vision image id' : 'Unknown attachment id' }],
  );
}

/** Segments list ids without names when their upload is gone (or was never this person's). */
export const bareUploadIndex: UploadIndex = {
  images: (ids) => ids.map((visionImageId) => ({ visionImageId, blobFileName: null, thumbnailBlobFileName: null, mimeType: null })),
  attachments: (ids) => ids.map((attachmentId) => ({ attachmentId, attachmentType: null, context: null, originalFileName: null, mimeType: null })),
};

/** The question followed by each file's text, cut to what the deployment's context can hold. */
export function withAttachedText(question: string, attachments: readonly AttachmentRow[], deployment: ResolvedDeployment): string {
  if (attachments.length === 0) return question;
  const budget = deployment.contextWindow ? Math.min(MaxAttachmentChars, deployment.contextWindow * 2 - estimateTokens(question) * 4) : MaxAttachmentChars;
  const share = Math.max(1000, Math.floor(budget / attachments.length));
  const blocks = attachments.map((a) => {
    if (a.extractedText === null) return `Attached file "${a.originalFileName}" (${a.mimeType}): its text could not be read.`;
    const text = a.extractedText.length > share ? `${a.extractedText.slice(0, share)}\n[… the rest of this file was cut to fit]` : a.extractedText;
    return `Attached file "${a.originalFileName}":\n"""\n${text}\n"""`;
  });
  return `${question}\n\n${blocks.join('\n\n')}`;
}

/**
 * An image as the model receives it, null when its file is gone. A photo too large for models is
 * downscaled once (about 180 ms for 12 megapixels here) and the copy kept beside it, because every
 * later question of the conversation sends it again and must not wait for sharp each time.
 */
async function readyForModel(ctx: Pick<AppContext, 'blobs'>, row: VisionImageRow): Promise<ChatImage | null> {
  const original = visionBlobKey(row, row.blobFileName);
  if (!fitsModel(row.sizeBytes, row)) {
    const copyKey = visionBlobKey(row, `${row.blobFileName.replace(/\.[a-z]+$/, '')}-model`);
    const copy = await ctx.blobs.get(copyKey);
    const copyType = copy && sniffImage(copy);
    if (copy && copyType) return { mimeType: copyType, base64: copy.toString('base64') };
    const data = await ctx.blobs.get(original);
    if (!data) return null;
    const ready = await imageForModel(data, row.mimeType, row);
    // a copy that could not be saved is made again next time
    await ctx.blobs.put(copyKey, ready.data, ready.mimeType).catch(() => undefined);
    return { mimeType: ready.mimeType, base64: ready.data.toString('base64') };
  }
  const data = await ctx.blobs.get(original);
  return data && { mimeType: row.mimeType, base64: data.toString('base64') };
}

export function createUploadDirectory(ctx: Pick<AppContext, 'db' | 'caches' | 'blobs'>): UploadDirectory {
  return {
    async forTurn(owner, visionImageIds, attachmentIds) {
      const [images, attachments] = await Promise.all([repo.listOwnVisionImages(ctx.db, owner, visionImageIds), attachmentsOf(ctx, owner, attachmentIds)]);
      const details = [
        ...unknownIds('visionImageIds', visionImageIds, new Set(images.map((r) => r.id))),
        ...unknownIds('attachmentIds', attachmentIds, new Set(attachments.map((r) => r.id))),
      ];
      if (details.length) throw badRequest('The request names images or attachments that do not exist.', details);
      const imageById = new Map(images.map((r) => [r.id, r]));
      const attachmentById = new Map(attachments.map((r) => [r.id, r]));
      return {
        images: [...new Set(visionImageIds)].map((id) => imageById.get(id)!),
        attachments: [...new Set(attachmentIds)].map((id) => attachmentById.get(id)!),
      };
    },

    requireVision(uploads, deployment) {
      if (uploads.images.length === 0 || deployment.vision) return;
      throw new AppError(
        UploadErrorCodes.modelCannotSeeImages,
        400,
        `${deployment.displayName} cannot read images. Remove the images or choose a model that can.`,
        [{ field: 'visionImageIds', message: 'This model does not accept images' }],
      );
    },

    async forHistory(owner, turns, withImages) {
      const imageIds = withImages ? [...new Set(turns.flatMap((s) => s.visionImageIds))] : [];
      const attachmentIds = [...new Set(turns.flatMap((s) => s.attachmentIds))];
      const found = new Map<string, TurnUploads>();
      if (imageIds.length === 0 && attachmentIds.length === 0) return found;
      const [images, attachments] = await Promise.all([repo.listOwnVisionImages(ctx.db, owner, imageIds), attachmentsOf(ctx, owner, attachmentIds)]);
      const imageById = new Map(images.map((r) => [r.id, r]));
      const attachmentById = new Map(attachments.map((r) => [r.id, r]));
      for (const s of turns) {
        const uploads = {
          images: withImages ? [...new Set(s.visionImageIds)].flatMap((id) => imageById.get(id) ?? []) : [],
          attachments: [...new Set(s.attachmentIds)].flatMap((id) => attachmentById.get(id) ?? []),
        };
        if (uploads.images.length || uploads.attachments.length) found.set(s.id, uploads);
      }
      return found;
    },

    textInput(uploads, question, deployment) {
      const passages = uploads.attachments
        .filter((a) => a.extractedText !== null)
        .map((a) => ({ title: a.originalFileName, path: a.originalFileName, text: a.extractedText! }));
      return { content: withAttachedText(question, uploads.attachments, deployment), passages };
    },

    async imagesForModel(rows, required) {
      const images = await Promise.all(rows.map((row) => readyForModel(ctx, row)));
      if (required && images.includes(null))
        throw badRequest('An image of this question is no longer stored.', [{ field: 'visionImageIds', message: 'Image file missing' }]);
      return images.filter((i): i is ChatImage => i !== null);
    },

    async codeInterpreterFiles(rows, agentAttachmentIds) {
      const isCode = (r: AttachmentRow) => r.attachmentType.toLowerCase() === 'codeinterpreter';
      const agentRows = (
        await repo.listAttachmentsById(
          ctx.db,
          [...new Set(agentAttachmentIds)].filter((id) => UuidPattern.test(id)),
        )
      ).filter((r) => isCode(r) && r.context.toLowerCase() === 'gptsystem');
      const unique = [...new Map([...agentRows, ...rows.filter(isCode)].map((r) => [r.id, r])).values()];
      const files = await Promise.all(unique.map(async (r) => ({ name: r.originalFileName, data: await ctx.blobs.get(r.blobKey) })));
      return files.filter((f): f is { name: string; data: Buffer } => f.data !== null);
    },

    async describe(owner, visionImageIds, attachmentIds) {
      const [images, attachments] = await Promise.all([
        repo.listOwnVisionImages(ctx.db, owner, [...new Set(visionImageIds)]),
        typeof owner === 'string' ? repo.describeOwnAttachments(ctx.db, owner, [...new Set(attachmentIds)]) : Promise.resolve([]),
      ]);
      const imageById = new Map(images.map((r) => [r.id, r]));
      const attachmentById = new Map(attachments.map((r) => [r.id, r]));
      return {
        images: (ids) =>
          ids.map((id) => {
            const r = imageById.get(id);
            return r
              ? { visionImageId: id, blobFileName: r.blobFileName, thumbnailBlobFileName: r.thumbnailBlobFileName, mimeType: r.mimeType }
              : bareUploadIndex.images([id])[0]!;
          }),
        attachments: (ids) =>
          ids.map((id) => {
            const r = attachmentById.get(id);
            return r
              ? {
                  attachmentId: id,
                  attachmentType: r.attachmentType as SegmentAttachment['attachmentType'],
                  context: r.context as SegmentAttachment['context'],
                  originalFileName: r.originalFileName,
                  mimeType: r.mimeType,
                }
              : bareUploadIndex.attachments([id])[0]!;
          }),
      };
    },
  };
}
