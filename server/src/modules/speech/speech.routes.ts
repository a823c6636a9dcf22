// Routes of reading answers aloud (docs/speech.md): what reading aloud can use here, and the audio of a sentence of a
// person's own answer. Both for signed-in people; someone else's conversation is a 404.
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { SegmentSpeechParamsSchema, SegmentSpeechQuerySchema, SpeechCallsPerMinute, SpeechOptionsSchema, SpeechRoutes } from '@atrium/contract';
import type { Module } from '../../platform/context.js';
import { principalOf } from '../../platform/access.js';
import { createSpeechLimiter, segmentSpeech, speechOptions } from './speech.service.js';
import { avatarRoutes } from './avatar.routes.js';

const auth = { access: 'authenticated' } as const;

export const speechRoutes: Module = async (api, ctx) => {
  // counted where the rate limits count (in Redis with REDIS_URL, for every process)
  const limiter = createSpeechLimiter(SpeechCallsPerMinute, api.rateLimitStore);
  // the talking avatar (docs/speech.md, "Avatar") speaks the same answers, through the same Azure AI Speech deployment
  await avatarRoutes()(api, ctx);

  api.get(SpeechRoutes.options, { config: auth, schema: { response: { 200: SpeechOptionsSchema } } }, () => speechOptions(ctx));

  api.get(
    SpeechRoutes.segmentSpeech,
    { config: auth, schema: { params: SegmentSpeechParamsSchema, querystring: SegmentSpeechQuerySchema } },
    async (request, reply) => {
      // the call ends when the person stops listening (the browser cancels): so do the wait and the synthesis
      const abort = new AbortController();
      reply.raw.once('close', () => abort.abort());
      const audio = await segmentSpeech(ctx, limiter, principalOf(request), request.params, request.query, abort.signal);
      return reply
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .type(audio.contentType)
        .send(Readable.fromWeb(audio.body as NodeReadableStream<Uint8Array>));
    },
  );
};
