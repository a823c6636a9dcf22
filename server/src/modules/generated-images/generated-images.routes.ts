// Routes of the generated-images module (docs/product.md §7: GET /generatedImages/{conversationId}/
// {conversationSegmentId}/{key}/{fileName}). Public by capability: the key in the path authorises the
// read, as an <img> sends no Authorization header.
import { z } from 'zod';
import { GeneratedImageRoutes } from '@atrium/contract';
import type { Module } from '../../platform/context.js';
import { contentDisposition } from '../../platform/downloads.js';
import { readGeneratedImage } from './generated-images.service.js';

/** The bytes at an address never change; private: the address is a secret, not for shared caches. */
const CacheControl = 'private, max-age=604800, immutable';

// Plain strings: any malformed part is a 404 from the service, never a 400 that tells which part is wrong.
const ImageParams = z.object({ conversationId: z.string(), conversationSegmentId: z.string(), key: z.string(), fileName: z.string() });

export const generatedImagesRoutes: Module = (api, ctx) => {
  api.get(GeneratedImageRoutes.image, { config: { access: 'public' }, schema: { params: ImageParams } }, async (request, reply) => {
    const image = await readGeneratedImage(ctx, request.params);
    return (
      reply
        .header('cache-control', CacheControl)
        .header('x-content-type-options', 'nosniff')
        // other clients of the API (embeds, chat bridges) show answers on their own origins
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('content-disposition', contentDisposition('inline', image.fileName))
        .type(image.contentType)
        .send(image.data)
    );
  });
};
