// Routes of the agents module: the caller's available, pinned and recent agents, what the chat page
// needs about an agent, its starter prompts, and agent avatars. Paths follow docs/product.md §7 and docs/wire-protocol.md.
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  AdminAgentRoutes,
  AgentRoutes,
  AgentAvatarMaxBytes,
  AgentAvatarUploadResultSchema,
  ConversationPromptListSchema,
  DetailsForConversationSchema,
  GptSystemIdParamsSchema,
  GptSystemListSchema,
  PinGptSystemBodySchema,
} from '@atrium/contract';
import type { Api, AppContext, Module } from '../../platform/context.js';
import { principalOf, requireArea } from '../../platform/access.js';
import { badRequest } from '../../platform/errors.js';
import { readSingleUpload } from '../../platform/uploads.js';
import * as agents from './agents.service.js';
import { deleteAvatar, readAvatar, uploadAvatar } from './agents.avatar.js';
import { adminAgentsRoutes } from './admin-agents.routes.js';
import { personalAgentsRoutes } from './personal/personal-agents.routes.js';

const AvatarCacheControl = 'private, max-age=300';
// An SVG avatar opened directly must not run script or load anything on our origin.
const ImageCsp = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const matchesIfNoneMatch = (header: string | undefined, etag: string) =>
  !!header && header.split(',').some((t) => t.trim() === '*' || t.trim().replace(/^W\//, '') === etag);

const UnpinQuerySchema = z.object({ gptSystemId: z.string().uuid().optional() });

export const agentsRoutes: Module = async (api, ctx) => {
  api.get(AgentRoutes.available, { config: { access: 'authenticated' }, schema: { response: { 200: GptSystemListSchema } } }, async (request) =>
    agents.listAvailable(ctx, principalOf(request)),
  );

  api.get(AgentRoutes.pinned, { config: { access: 'authenticated' }, schema: { response: { 200: GptSystemListSchema } } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return agents.listPinned(ctx, principalOf(request));
  });

  api.post(AgentRoutes.pin, { config: { access: 'authenticated' }, schema: { body: PinGptSystemBodySchema } }, async (request, reply) => {
    await agents.pinAgent(ctx, principalOf(request), request.body.gptSystemId);
    return reply.status(204).send();
  });

  // Clients send the id in a JSON body (docs/product.md §7); a query parameter also works for those that cannot.
  api.delete(
    AgentRoutes.pin,
    { config: { access: 'authenticated' }, schema: { body: PinGptSystemBodySchema.nullish(), querystring: UnpinQuerySchema } },
    async (request, reply) => {
      const gptSystemId = request.body?.gptSystemId ?? request.query.gptSystemId;
      if (!gptSystemId) throw badRequest('The request is not valid.', [{ field: 'gptSystemId', message: 'Required' }]);
      await agents.unpinAgent(ctx, principalOf(request), gptSystemId);
      return reply.status(204).send();
    },
  );

  api.get(AgentRoutes.recent, { config: { access: 'authenticated' }, schema: { response: { 200: GptSystemListSchema } } }, async (request) =>
    agents.listRecent(ctx, principalOf(request)),
  );

  api.get(
    AgentRoutes.detailsForConversation,
    { config: { access: 'authenticated' }, schema: { params: GptSystemIdParamsSchema, response: { 200: DetailsForConversationSchema } } },
    async (request) => agents.detailsForConversation(ctx, principalOf(request), request.params.gptSystemId),
  );

  api.get(
    AgentRoutes.promptsForConversation,
    { config: { access: 'authenticated' }, schema: { params: GptSystemIdParamsSchema, response: { 200: ConversationPromptListSchema } } },
    async (request) => agents.promptsForConversation(ctx, principalOf(request), request.params.gptSystemId),
  );

  api.get(AgentRoutes.avatar, { config: { access: 'authenticated' }, schema: { params: GptSystemIdParamsSchema } }, async (request, reply) => {
    const file = await readAvatar(ctx, principalOf(request), request.params.gptSystemId);
    void reply
      .header('etag', file.etag)
      .header('cache-control', AvatarCacheControl)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', ImageCsp);
    if (matchesIfNoneMatch(request.headers['if-none-match'], file.etag)) return reply.status(304).send();
    return reply.type(file.contentType).send(file.body);
  });

  await api.register(async (scope) => avatarUploadRoutes(scope as Api, ctx));
  await adminAgentsRoutes(api, ctx);
  await personalAgentsRoutes(api, ctx);
};

/** Uploads in their own scope, so that multipart parsing exists only where it is needed. */
async function avatarUploadRoutes(scope: Api, ctx: AppContext): Promise<void> {
  // Another module may already have registered multipart app-wide; registering it twice fails.
  if (!scope.hasRequestDecorator('isMultipart')) await scope.register(multipart);
  const access = requireArea('agents', 'write');

  scope.post(
    AdminAgentRoutes.avatar,
    {
      config: { access, upload: { maxBytes: AgentAvatarMaxBytes, what: 'avatar' } },
      schema: { params: GptSystemIdParamsSchema, response: { 200: AgentAvatarUploadResultSchema } },
    },
    async (request) => {
      const { data } = await readSingleUpload(request);
      return uploadAvatar(ctx, principalOf(request), request.params.gptSystemId, data);
    },
  );

  scope.delete(AdminAgentRoutes.avatar, { config: { access }, schema: { params: GptSystemIdParamsSchema } }, async (request, reply) => {
    await deleteAvatar(ctx, principalOf(request), request.params.gptSystemId);
    return reply.status(204).send();
  });
}
