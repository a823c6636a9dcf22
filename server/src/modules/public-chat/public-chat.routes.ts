// Routes of the visitor API (docs/public-chat.md, docs/product.md §7 PublicConversations): no token, each path in the
// product's form (/public-conversations/…) and the older clients' (/publicConversations/…). A visitor is known by the
// session identifier the client keeps; a conversation answers only to the endpoint and identifier that started it.
import { performance } from 'node:perf_hooks';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ConversationParamsSchema,
  ConversationPromptListSchema,
  ConversationSchema,
  FeedbackBodySchema,
  FeedbackSchema,
  PublicChatMessages,
  PublicConversationRoutes as R,
  PublicEndpointDetailsSchema,
  PublicEndpointParamsSchema,
  PublicFollowUpBodySchema,
  PublicNewConversationBodySchema,
  RemoveFeedbackInputSchema,
  SegmentCitationsSchema,
  SegmentParamsSchema,
  UpdateSelectedLeafBodySchema,
  VisionImageBase64Schema,
  VisionImageBlobParamsSchema,
  VisionImageSchema,
  VisitorImagesPerAddressPerDay,
  VisitorImagesPerSessionPerDay,
  BotCheckTokenHeader,
  type Conversation,
} from '@atrium/contract';
import type { Api, Module } from '../../platform/context.js';
import { readSingleUpload } from '../../platform/uploads.js';
import * as uploads from '../uploads/uploads.service.js';
import { AppError } from '../../platform/errors.js';
import { sendTextDownload } from '../../platform/downloads.js';
import { timeZoneOf } from '../../platform/timezone.js';
import type { ChatTransport } from '../../ai/chat-updates.js';
import * as conversations from '../conversations/conversations.service.js';
import { conversationsContexts, streamTurn } from '../conversations/conversations.routes.js';
import { planTurn, type TurnRequest } from '../conversations/conversations.turns.js';
import { starterPromptsForVisitors } from '../agents/agents.service.js';
import { createVisitorLimits } from './public-chat.limits.js';
import { createBotCheck } from './public-chat.bot-check.js';
import { signedSessionIdentifier, verifyVisitor, visitorTokenOf } from './public-chat.identity.js';
import {
  checkOrigin,
  corsHeaders,
  endpointDetails,
  openEndpoint,
  openEndpointOfConversation,
  originAllowed,
  requireConsent,
  requireImages,
  requireQuestionLength,
  requireSessionIdentifier,
  sessionOfRequest,
  visitorOf,
  type OpenEndpoint,
} from './public-chat.service.js';

const visitor = { access: 'public' } as const;
const SessionQuerySchema = z.object({ sessionIdentifier: z.string().max(200).optional() });

/** A segment's citations are left out where the endpoint hides them. */
const withoutCitations = (c: Conversation): Conversation => ({
  ...c,
  conversationSegmentTree: { ...c.conversationSegmentTree, segments: c.conversationSegmentTree.segments.map((s) => ({ ...s, citations: [] })) },
});

/** A missing token (of an endpoint that requires one) is no refusal for the details: anonymous details are answered. */
const requiredOnly = (e: unknown) => {
  if (e instanceof AppError && e.message === PublicChatMessages.visitorTokenRequired) return null;
  throw e;
};

export const publicChatRoutes: Module = async (api, ctx) => {
  const contextOf = conversationsContexts(ctx);
  const limits = createVisitorLimits({ redisUrl: ctx.config.redisUrl });
  api.addHook('onClose', async () => limits.close());
  const botCheck = createBotCheck(ctx.config.botCheck, limits);

  /** The endpoint by name, checked against the request's Origin. */
  const byName = async (request: FastifyRequest, reply: FastifyReply, endpointName: string) => {
    const open = await openEndpoint(ctx, endpointName);
    checkOrigin(ctx, request, reply, open.endpoint);
    return open;
  };

  /** The host site's signed visitor of a call (X-Visitor-Token), or null; 401 for a token that is not valid. */
  const signedOf = (request: FastifyRequest, open: OpenEndpoint) => verifyVisitor(ctx.secrets, open.endpoint, open.sealedSecret, visitorTokenOf(request));

  /**
   * The visitor of a call naming a conversation: its endpoint (Origin checked), and the signed visitor of a valid
   * token, else the session identifier sent.
   */
  const byConversation = async (request: FastifyRequest, reply: FastifyReply, conversationId: string, sent: unknown) => {
    const open = await openEndpointOfConversation(ctx, conversationId);
    checkOrigin(ctx, request, reply, open.endpoint);
    return { open, visitor: visitorOf(open, sent, request, await signedOf(request, open)) };
  };

  /** Plans the turn (nothing written), counts it against the limits, and streams it; the stream's slot is freed at its end. */
  const stream = async (request: FastifyRequest, reply: FastifyReply, open: OpenEndpoint, v: conversations.Visitor, turn: TurnRequest) => {
    const startedAt = performance.now() - reply.elapsedTime;
    const planned = await planTurn(contextOf(request), v, turn, startedAt, timeZoneOf(request));
    const admitted = await limits.admit(open.endpoint, { sessionIdentifier: v.sessionIdentifier, address: request.ip });
    const hide = !open.endpoint.showCitations;
    const transport = (sse: ChatTransport): ChatTransport =>
      hide
        ? {
            signal: sse.signal,
            close: () => sse.close(),
            publish: (update) => sse.publish(update.type === 'response-model' ? { ...update, model: { ...update.model, citations: [] } } : update),
          }
        : sse;
    try {
      await streamTurn(ctx, request, reply, planned, transport);
    } finally {
      // the answer ended, failed, or its client left: the stream's slot is free again
      await admitted.release().catch((e: unknown) => request.log.warn({ err: e }, 'public chat stream slot not released'));
    }
  };

  for (const path of [R.create, R.createByEndpoint]) {
    api.post(
      path,
      {
        config: visitor,
        schema: {
          description:
            "A visitor's first question, answered as a stream. Where the endpoint asks a bot check (details.botCheck), `botCheckToken` carries the widget's token: 403 bot_check_required without one, 403 bot_check_failed when the provider refuses it, 503 bot_check_unavailable when the provider cannot be asked; a pass holds for the session identifier 30 minutes.",
          params: PublicEndpointParamsSchema,
          body: PublicNewConversationBodySchema,
        },
      },
      async (request, reply) => {
        const open = await byName(request, reply, request.params.endpointName);
        const signed = await signedOf(request, open);
        requireQuestionLength(open.endpoint, request.body.question);
        await requireConsent(ctx, open, request.body.guidelinesConsent);
        const v = visitorOf(open, request.body.session.sessionIdentifier, request, signed);
        await botCheck.require(open.endpoint, v.sessionIdentifier, request.body.botCheckToken, request.ip, request.log);
        return stream(request, reply, open, v, { kind: 'public-new', body: request.body });
      },
    );
  }

  for (const path of [R.segments, R.segmentsOlder]) {
    api.post(
      path,
      { config: visitor, schema: { params: ConversationParamsSchema, querystring: SessionQuerySchema, body: PublicFollowUpBodySchema } },
      async (request, reply) => {
        const sent = request.body.session?.sessionIdentifier ?? sessionOfRequest(request, request.query);
        const { open, visitor: v } = await byConversation(request, reply, request.params.conversationId, sent);
        requireQuestionLength(open.endpoint, request.body.question);
        return stream(request, reply, open, v, { kind: 'follow-up', conversationId: request.params.conversationId, body: request.body });
      },
    );
  }

  for (const path of [R.details, R.detailsByEndpoint]) {
    api.get(
      path,
      { config: visitor, schema: { params: PublicEndpointParamsSchema, querystring: SessionQuerySchema, response: { 200: PublicEndpointDetailsSchema } } },
      async (request, reply) => {
        const open = await byName(request, reply, request.params.endpointName);
        // details do not ask for a token even where questions need one (the embed's token may come after the page
        // loaded), but refuse one that is not valid; a signed visitor's conversations are listed from any device
        const signed = await signedOf(request, open).catch(requiredOnly);
        const sent = sessionOfRequest(request, request.query);
        void reply.header('cache-control', 'no-store');
        const session = signed ? signedSessionIdentifier(open.endpoint.endpointName, signed.subject) : sent === null ? null : requireSessionIdentifier(sent);
        const [details, widget] = await Promise.all([endpointDetails(ctx, open, session), botCheck.widgetFor(open.endpoint, session)]);
        return { ...details, botCheck: widget };
      },
    );
  }

  for (const path of [R.promptsForConversation, R.promptsForConversationByEndpoint]) {
    api.get(
      path,
      { config: visitor, schema: { params: PublicEndpointParamsSchema, response: { 200: ConversationPromptListSchema } } },
      async (request, reply) => {
        const open = await byName(request, reply, request.params.endpointName);
        return starterPromptsForVisitors(ctx, open.agent.gptSystemId);
      },
    );
  }

  for (const path of [R.conversation, R.conversationOlder]) {
    api.get(
      path,
      { config: visitor, schema: { params: ConversationParamsSchema, querystring: SessionQuerySchema, response: { 200: ConversationSchema } } },
      async (request, reply) => {
        const { open, visitor: v } = await byConversation(request, reply, request.params.conversationId, sessionOfRequest(request, request.query));
        void reply.header('cache-control', 'no-store');
        const conversation = await conversations.getConversation(contextOf(request), v, request.params.conversationId);
        return open.endpoint.showCitations ? conversation : withoutCitations(conversation);
      },
    );
  }

  for (const path of [R.exportText, R.exportTextOlder]) {
    api.get(path, { config: visitor, schema: { params: ConversationParamsSchema, querystring: SessionQuerySchema } }, async (request, reply) => {
      const { visitor: v } = await byConversation(request, reply, request.params.conversationId, sessionOfRequest(request, request.query));
      const file = await conversations.exportConversation(contextOf(request), v, request.params.conversationId, timeZoneOf(request));
      return sendTextDownload(reply, file);
    });
  }

  for (const path of [R.citations, R.citationsOlder]) {
    api.get(
      path,
      { config: visitor, schema: { params: ConversationParamsSchema, querystring: SessionQuerySchema, response: { 200: SegmentCitationsSchema } } },
      async (request, reply) => {
        const { open, visitor: v } = await byConversation(request, reply, request.params.conversationId, sessionOfRequest(request, request.query));
        const list = await conversations.listCitations(contextOf(request), v, request.params.conversationId);
        return open.endpoint.showCitations ? list : { ...list, items: list.items.map((i) => ({ ...i, citations: [] })) };
      },
    );
  }

  for (const path of [R.feedback, R.feedbackOlder]) {
    api.post(
      path,
      {
        config: visitor,
        schema: { params: SegmentParamsSchema, querystring: SessionQuerySchema, body: FeedbackBodySchema, response: { 200: FeedbackSchema } },
      },
      async (request, reply) => {
        const { visitor: v } = await byConversation(request, reply, request.params.conversationId, sessionOfRequest(request, request.query));
        return conversations.giveFeedback(contextOf(request), v, request.params.conversationId, request.params.segmentId, request.body);
      },
    );
  }

  for (const path of [R.removeFeedback, R.removeFeedbackOlder]) {
    api.delete(
      path,
      { config: visitor, schema: { params: SegmentParamsSchema, querystring: SessionQuerySchema.merge(RemoveFeedbackInputSchema) } },
      async (request, reply) => {
        const { visitor: v } = await byConversation(request, reply, request.params.conversationId, sessionOfRequest(request, request.query));
        await conversations.removeFeedback(contextOf(request), v, request.params.conversationId, request.params.segmentId);
        return reply.status(204).send();
      },
    );
  }

  for (const path of [R.selectedLeaf, R.selectedLeafOlder]) {
    api.put(
      path,
      { config: visitor, schema: { params: ConversationParamsSchema, querystring: SessionQuerySchema, body: UpdateSelectedLeafBodySchema } },
      async (request, reply) => {
        const { visitor: v } = await byConversation(request, reply, request.params.conversationId, sessionOfRequest(request, request.query));
        const segmentId = (request.body.selectedLeafSegmentId ?? request.body.segmentId)!;
        await conversations.updateSelectedLeaf(contextOf(request), v, request.params.conversationId, segmentId);
        return reply.status(204).send();
      },
    );
  }

  // a visitor's vision images: multipart parsing only in this scope (another module may have registered it already)
  await api.register(async (child) => {
    const scope = child as Api;
    if (!scope.hasRequestDecorator('isMultipart')) await scope.register(multipart);
    const limit = ctx.config.uploads.visionImageMaxBytes;
    const imageConfig = { ...visitor, upload: { maxBytes: limit, what: 'image', tooLarge: () => uploads.tooLarge('image', limit) } };
    const ownerOf = (v: conversations.Visitor) => ({ endpointName: v.endpointName, sessionIdentifier: v.sessionIdentifier });
    for (const [upload, base64] of [
      [R.visionImages, R.visionImageBase64],
      [R.visionImagesByEndpoint, R.visionImageBase64ByEndpoint],
    ] as const) {
      scope.post(
        upload,
        {
          config: imageConfig,
          schema: {
            description: `A visitor's image for a question (multipart field \`file\`: PNG, JPEG, GIF or WebP, at most the server's vision image size), named by the session identifier (\`SessionIdentifier\` header or \`sessionIdentifier\` query) or a signed visitor's token; its id goes into the question's \`visionImageIds\`. 400 images_not_accepted when the endpoint's agent deployment cannot read images; 400 unsupported_file_type; 413 too large; where the endpoint asks a bot check, the session must have passed it or send the widget's token in the \`${BotCheckTokenHeader}\` header (403 bot_check_required); 429 beyond ${VisitorImagesPerSessionPerDay} images per session or ${VisitorImagesPerAddressPerDay} per network address in a day.`,
            params: PublicEndpointParamsSchema,
            querystring: SessionQuerySchema,
            response: { 200: VisionImageSchema },
          },
        },
        async (request, reply) => {
          const open = await byName(request, reply, request.params.endpointName);
          const v = visitorOf(open, sessionOfRequest(request, request.query), request, await signedOf(request, open));
          await requireImages(ctx, open);
          const token = request.headers[BotCheckTokenHeader.toLowerCase()];
          await botCheck.require(open.endpoint, v.sessionIdentifier, Array.isArray(token) ? token[0] : token, request.ip, request.log);
          const file = await readSingleUpload(request);
          // refused before it counts: empty, too large, not an image
          uploads.checkVisionImage(ctx, file);
          const admitted = await limits.admitImage(open.endpoint, { sessionIdentifier: v.sessionIdentifier, address: request.ip });
          try {
            return await uploads.uploadVisitorVisionImage(ctx, ownerOf(v), file);
          } catch (e) {
            await admitted.refund();
            throw e;
          }
        },
      );

      scope.get(
        base64,
        {
          config: visitor,
          schema: {
            description: "A visitor's own image (its blobFileName) or thumbnail (thumbnailBlobFileName) in base64; 404 for any other session or endpoint.",
            params: PublicEndpointParamsSchema.merge(VisionImageBlobParamsSchema),
            querystring: SessionQuerySchema,
            response: { 200: VisionImageBase64Schema },
          },
        },
        async (request, reply) => {
          const open = await byName(request, reply, request.params.endpointName);
          const v = visitorOf(open, sessionOfRequest(request, request.query), request, await signedOf(request, open));
          void reply.header('cache-control', 'private, no-store');
          return uploads.getVisitorVisionImageBase64(ctx, ownerOf(v), request.params.visionImageId, request.params.blobFileName);
        },
      );
    }
  });

  // CORS preflights: an allowed Origin gets the CORS headers, any other none (the browser then refuses the call)
  const preflight = (find: (params: Record<string, string>) => Promise<OpenEndpoint>) => async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    const open = typeof origin === 'string' ? await find(request.params as Record<string, string>).catch(() => null) : null;
    if (open && typeof origin === 'string' && originAllowed(ctx, origin, open.endpoint, request)) corsHeaders(reply, origin);
    return reply.status(204).send();
  };
  // /public-conversations/:endpointName and /public-conversations/:conversationId are one pattern to the router: the
  // value names a visitor's conversation, or else an endpoint
  const byParam = async (p: Record<string, string>) => {
    const value = p.conversationId ?? p.endpointName ?? '';
    const conversation = await openEndpointOfConversation(ctx, value).catch(() => null);
    return conversation ?? openEndpoint(ctx, value);
  };
  const seen = new Set<string>();
  for (const path of Object.values(R)) {
    const pattern = path.replace(/:\w+/g, ':p').toLowerCase();
    if (seen.has(pattern)) continue;
    seen.add(pattern);
    api.options(path, { config: visitor }, preflight(byParam));
  }
};
