// Routes of the talking avatar of a conversation (docs/speech.md, "Avatar"): whether it can be used here, the relay's
// ICE servers, connect with the browser's WebRTC offer, speak an answer, stop speaking and disconnect. For signed-in
// people; someone else's conversation is a 404.
import {
  AvatarConnectedSchema,
  AvatarConnectSchema,
  AvatarIceServersSchema,
  AvatarOptionsSchema,
  AvatarParamsSchema,
  AvatarRoutes,
  AvatarSpeakSchema,
} from '@atrium/contract';
import type { Module } from '../../platform/context.js';
import { principalOf } from '../../platform/access.js';
import { createAvatarHub, type AvatarHubOptions } from './avatar.service.js';

const auth = { access: 'authenticated' } as const;
const noStore = 'private, no-store';

export const avatarRoutes =
  (options: AvatarHubOptions = {}): Module =>
  (api, ctx) => {
    // connections are counted where the rate limits count (in Redis with REDIS_URL, for every process)
    const hub = createAvatarHub(ctx, { store: api.rateLimitStore, ...options });
    api.addHook('onClose', async () => hub.closeAll());

    api.get(AvatarRoutes.options, { config: auth, schema: { response: { 200: AvatarOptionsSchema } } }, () => hub.options());

    api.get(
      AvatarRoutes.iceServers,
      { config: auth, schema: { params: AvatarParamsSchema, response: { 200: AvatarIceServersSchema } } },
      async (request, reply) => {
        // TURN credentials: not for any cache
        void reply.header('cache-control', noStore);
        return hub.iceServers(principalOf(request), request.params.conversationId);
      },
    );

    api.post(
      AvatarRoutes.connect,
      { config: auth, schema: { params: AvatarParamsSchema, body: AvatarConnectSchema, response: { 200: AvatarConnectedSchema } } },
      async (request, reply) => {
        void reply.header('cache-control', noStore);
        return hub.connect(principalOf(request), request.params.conversationId, request.body.localSdp);
      },
    );

    api.post(AvatarRoutes.speak, { config: auth, schema: { params: AvatarParamsSchema, body: AvatarSpeakSchema } }, async (request, reply) => {
      await hub.speak(principalOf(request), request.params.conversationId, request.body);
      return reply.status(202).send();
    });

    api.post(AvatarRoutes.stopSpeaking, { config: auth, schema: { params: AvatarParamsSchema } }, async (request, reply) => {
      await hub.stopSpeaking(principalOf(request), request.params.conversationId);
      return reply.status(204).send();
    });

    api.post(AvatarRoutes.disconnect, { config: auth, schema: { params: AvatarParamsSchema } }, async (request, reply) => {
      await hub.disconnect(principalOf(request), request.params.conversationId);
      return reply.status(204).send();
    });
  };
