// Routes of uploads: POST /attachments (multipart field file; attachmentType FileSearch or
// CodeInterpreter; context GptSystem or Conversation), GET /attachments/{id} and /base64, and vision
// images (docs/product.md §7: multipart POST field file; GET base64 by image id and blob file name) under
// /userConversations, and under /configStates for personal-agent previews.
import multipart from '@fastify/multipart';
import {
  AttachmentBase64Schema,
  AttachmentParamsSchema,
  AttachmentSchema,
  AttachmentUploadQuerySchema,
  UploadRoutes,
  VisionImageBase64Schema,
  VisionImageBlobParamsSchema,
  VisionImageSchema,
} from '@atrium/contract';
import type { Api, AppContext, Module } from '../../platform/context.js';
import { principalOf } from '../../platform/access.js';
import { readSingleUpload } from '../../platform/uploads.js';
import * as uploads from './uploads.service.js';

const auth = { access: 'authenticated' } as const;
const R = UploadRoutes;
/** vision images for questions, and for a draft's preview */
const VisionImagePaths = [
  [R.visionImages, R.visionImageBase64],
  [R.previewVisionImages, R.previewVisionImageBase64],
] as const;

/** An upload route's config: the one file it reads, up to `limit` bytes (413 beyond, with the limit in MB). */
const uploadConfig = (limit: number, what: 'file' | 'image') => ({ ...auth, upload: { maxBytes: limit, what, tooLarge: () => uploads.tooLarge(what, limit) } });

export const uploadsRoutes: Module = async (api, ctx) => {
  await api.register(async (scope) => routes(scope as Api, ctx));
};

async function routes(scope: Api, ctx: AppContext): Promise<void> {
  // multipart parsing only in this scope; another module may already have registered it app-wide
  if (!scope.hasRequestDecorator('isMultipart')) await scope.register(multipart);
  const { config } = ctx;

  const attachmentConfig = uploadConfig(config.uploads.attachmentMaxBytes, 'file');
  scope.post(
    R.attachments,
    { config: attachmentConfig, schema: { querystring: AttachmentUploadQuerySchema, response: { 200: AttachmentSchema } } },
    async (request) => {
      const file = await readSingleUpload(request);
      return uploads.uploadAttachment(ctx, principalOf(request), request.query, file);
    },
  );

  scope.get(R.attachment, { config: auth, schema: { params: AttachmentParamsSchema, response: { 200: AttachmentSchema } } }, async (request) =>
    uploads.getAttachment(ctx, principalOf(request), request.params.attachmentId),
  );

  scope.get(
    R.attachmentBase64,
    { config: auth, schema: { params: AttachmentParamsSchema, response: { 200: AttachmentBase64Schema } } },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return uploads.getAttachmentBase64(ctx, principalOf(request), request.params.attachmentId);
    },
  );

  for (const [upload, base64] of VisionImagePaths) {
    scope.post(
      upload,
      { config: uploadConfig(config.uploads.visionImageMaxBytes, 'image'), schema: { response: { 200: VisionImageSchema } } },
      async (request) => {
        const file = await readSingleUpload(request);
        return uploads.uploadVisionImage(ctx, principalOf(request), file);
      },
    );

    scope.get(base64, { config: auth, schema: { params: VisionImageBlobParamsSchema, response: { 200: VisionImageBase64Schema } } }, async (request, reply) => {
      // an image never changes under its id and name
      void reply.header('cache-control', 'private, max-age=86400, immutable');
      return uploads.getVisionImageBase64(ctx, principalOf(request), request.params.visionImageId, request.params.blobFileName);
    });
  }
}
