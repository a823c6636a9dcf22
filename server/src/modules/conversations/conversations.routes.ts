// Routes of the user conversations API (docs/wire-protocol.md, docs/product.md §7 UserConversations). Every route is for a
// signed-in person; the service answers 404 for a conversation that is not theirs.
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import {
  ConnectionRoutes,
  ConversationRoutes,
  PreviewConversationRoutes,
  ConversationListQuerySchema,
  ConversationListSchema,
  ConfigStateParamsSchema,
  ConversationParamsSchema,
  ConversationSchema,
  ExecutionDetailsSchema,
  FeedbackBodySchema,
  FeedbackSchema,
  FollowUpBodySchema,
  GptSystemParamsSchema,
  NewConversationBodySchema,
  OpenConversationBodySchema,
  OpenedConversationSchema,
  ProviderErrorParamsSchema,
  ProviderErrorSchema,
  RegenerateBodySchema,
  RemoveFeedbackInputSchema,
  SegmentCitationsSchema,
  SegmentParamsSchema,
  TraceLogsSchema,
  UpdateSelectedLeafBodySchema,
  UpdateTitleBodySchema,
  UpdateTitleByIdBodySchema,
  UsageNoticeHeader,
} from '@atrium/contract';
import { sendTextDownload } from '../../platform/downloads.js';
import type { AppContext, Module } from '../../platform/context.js';
import { principalOf, requireArea } from '../../platform/access.js';
import { notFound } from '../../platform/errors.js';
import { openSseStream } from '../../platform/sse.js';
import { timeZoneOf } from '../../platform/timezone.js';
import { sseTransport, type ChatTransport } from '../../ai/chat-updates.js';
import { createAgentDirectory } from '../agents/agents.service.js';
import { createPreviewDirectory } from '../agents/drafts/config-states.previews.js';
import { createUploadDirectory } from '../uploads/uploads.turns.js';
import { createGeneratedImageStore } from '../generated-images/generated-images.service.js';
import { createKnowledgeDirectory } from '../knowledge/knowledge.directory.js';
import { createWebSearchDirectory } from '../instance/web-search.directory.js';
import { codeSandbox } from '../../platform/sandbox/sandbox.js';
import { createCodeFileStore } from '../code-interpreter/code-files.service.js';
import * as service from './conversations.service.js';
import { planTurn, type TurnRequest } from './conversations.turns.js';
import { providerErrorOf } from './conversations.lookup.js';
import { defineTitleJob } from './conversations.titles.js';
import { registerAnswerRoutes } from './conversations.resume.js';
import { startAnswerTakeover } from './conversations.takeover.js';

const R = ConversationRoutes;
const auth = { access: 'authenticated' } as const;

/** The conversations services' context per request, with the other modules' directories made once (per app). */
export function conversationsContexts(ctx: AppContext): (request: { log: FastifyBaseLogger }) => service.ConversationsContext {
  const agents = createAgentDirectory(ctx);
  const previews = createPreviewDirectory(ctx);
  const uploads = createUploadDirectory(ctx);
  const generatedImages = createGeneratedImageStore(ctx);
  const knowledge = createKnowledgeDirectory(ctx);
  const webSearch = { ...createWebSearchDirectory(ctx), config: ctx.config.webSearch };
  const codeInterpreter = { sandbox: () => codeSandbox(ctx.config.codeInterpreter), files: createCodeFileStore(ctx) };
  // read per request, so that the model gateway can be swapped at run time (connections change)
  return (request) => ({
    db: ctx.db,
    caches: ctx.caches,
    models: ctx.models,
    logger: request.log,
    jobs: ctx.jobs,
    agents,
    uploads,
    previews,
    generatedImages,
    knowledge,
    webSearch,
    codeInterpreter,
    moderationApiKey: ctx.config.moderationApiKey,
  });
}

export const conversationsRoutes: Module = (api, ctx) => {
  const contextOf = conversationsContexts(ctx);
  const previews = createPreviewDirectory(ctx);
  defineTitleJob(ctx);
  // with Redis: the answers of a process that died are taken over here (one of the live processes claims each)
  startAnswerTakeover(ctx, contextOf);

  const stream = async (request: FastifyRequest, reply: FastifyReply, turn: TurnRequest) => {
    const startedAt = performance.now() - reply.elapsedTime;
    const planned = await planTurn(contextOf(request), principalOf(request), turn, startedAt, timeZoneOf(request));
    await streamTurn(ctx, request, reply, planned);
  };

  api.post(R.byGptSystem, { config: auth, schema: { params: GptSystemParamsSchema, body: NewConversationBodySchema } }, (request, reply) =>
    stream(request, reply, { kind: 'new', gptSystemId: request.params.gptSystemId, body: request.body }),
  );

  api.post(R.segments, { config: auth, schema: { params: ConversationParamsSchema, body: FollowUpBodySchema } }, (request, reply) =>
    stream(request, reply, { kind: 'follow-up', conversationId: request.params.conversationId, body: request.body }),
  );

  api.post(R.regenerate, { config: auth, schema: { params: SegmentParamsSchema, body: RegenerateBodySchema } }, (request, reply) =>
    stream(request, reply, { kind: 'regenerate', conversationId: request.params.conversationId, segmentId: request.params.segmentId, body: request.body }),
  );

  api.post(R.conversations, { config: auth, schema: { body: OpenConversationBodySchema, response: { 200: OpenedConversationSchema } } }, (request) =>
    service.openConversation(contextOf(request), principalOf(request), request.body),
  );

  api.get(
    R.conversations,
    { config: auth, schema: { querystring: ConversationListQuerySchema, response: { 200: ConversationListSchema } } },
    (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return service.listConversations(contextOf(request), principalOf(request), request.query);
    },
  );

  api.get(R.archived, { config: auth, schema: { querystring: ConversationListQuerySchema, response: { 200: ConversationListSchema } } }, (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return service.listConversations(contextOf(request), principalOf(request), request.query, true);
  });

  api.get(R.conversation, { config: auth, schema: { params: ConversationParamsSchema, response: { 200: ConversationSchema } } }, (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return service.getConversation(contextOf(request), principalOf(request), request.params.conversationId);
  });

  api.delete(R.conversation, { config: auth, schema: { params: ConversationParamsSchema } }, async (request, reply) => {
    await service.deleteConversation(contextOf(request), principalOf(request), request.params.conversationId);
    return reply.status(204).send();
  });

  for (const [path, archived] of [
    [R.archive, true],
    [R.unArchive, false],
  ] as const) {
    api.put(path, { config: auth, schema: { params: ConversationParamsSchema } }, async (request, reply) => {
      await service.setArchived(contextOf(request), principalOf(request), request.params.conversationId, archived);
      return reply.status(204).send();
    });
  }

  api.put(R.updateTitle, { config: auth, schema: { body: UpdateTitleBodySchema } }, async (request, reply) => {
    await service.updateTitle(contextOf(request), principalOf(request), request.body.conversationId, request.body.title);
    return reply.status(204).send();
  });

  api.put(R.conversationTitle, { config: auth, schema: { params: ConversationParamsSchema, body: UpdateTitleByIdBodySchema } }, async (request, reply) => {
    await service.updateTitle(contextOf(request), principalOf(request), request.params.conversationId, request.body.title);
    return reply.status(204).send();
  });

  api.put(R.selectedLeaf, { config: auth, schema: { params: ConversationParamsSchema, body: UpdateSelectedLeafBodySchema } }, async (request, reply) => {
    const segmentId = (request.body.selectedLeafSegmentId ?? request.body.segmentId)!;
    await service.updateSelectedLeaf(contextOf(request), principalOf(request), request.params.conversationId, segmentId);
    return reply.status(204).send();
  });

  api.get(R.exportText, { config: auth, schema: { params: ConversationParamsSchema } }, async (request, reply) => {
    const file = await service.exportConversation(contextOf(request), principalOf(request), request.params.conversationId, timeZoneOf(request));
    return sendTextDownload(reply, file);
  });

  api.post(R.feedback, { config: auth, schema: { params: SegmentParamsSchema, body: FeedbackBodySchema, response: { 200: FeedbackSchema } } }, (request) =>
    service.giveFeedback(contextOf(request), principalOf(request), request.params.conversationId, request.params.segmentId, request.body),
  );

  api.delete(R.removeSegmentFeedback, { config: auth, schema: { params: SegmentParamsSchema } }, async (request, reply) => {
    await service.removeFeedback(contextOf(request), principalOf(request), request.params.conversationId, request.params.segmentId);
    return reply.status(204).send();
  });

  api.delete(
    R.removeFeedback,
    { config: auth, schema: { params: ConversationParamsSchema, querystring: RemoveFeedbackInputSchema, body: RemoveFeedbackInputSchema.nullish() } },
    async (request, reply) => {
      const segmentId = request.body?.segmentId ?? request.body?.conversationSegmentId ?? request.query.segmentId ?? request.query.conversationSegmentId;
      await service.removeFeedback(contextOf(request), principalOf(request), request.params.conversationId, segmentId);
      return reply.status(204).send();
    },
  );

  api.get(R.citations, { config: auth, schema: { params: ConversationParamsSchema, response: { 200: SegmentCitationsSchema } } }, (request) =>
    service.listCitations(contextOf(request), principalOf(request), request.params.conversationId),
  );

  api.get(R.executionDetails, { config: auth, schema: { params: SegmentParamsSchema, response: { 200: ExecutionDetailsSchema } } }, (request) =>
    service.executionDetails(contextOf(request), principalOf(request), request.params.conversationId, request.params.segmentId),
  );

  // Previews of configuration states (docs/wire-protocol.md): the personal agent's owner, or an administrator who may
  // manage the agent; answered with the draft and kept out of the conversation list.
  const previewAccess = { personal: auth, admin: { access: requireArea('agents', 'editDraft') } } as const;
  for (const via of ['personal', 'admin'] as const) {
    const P = PreviewConversationRoutes[via];
    const config = previewAccess[via];
    const PreviewParams = ConfigStateParamsSchema.extend(ConversationParamsSchema.shape);
    api.post(P.conversations, { config, schema: { params: ConfigStateParamsSchema, body: NewConversationBodySchema } }, (request, reply) =>
      stream(request, reply, { kind: 'preview-new', configStateId: request.params.configStateId, via, body: request.body }),
    );
    api.post(P.segments, { config, schema: { params: PreviewParams, body: FollowUpBodySchema } }, (request, reply) =>
      stream(request, reply, {
        kind: 'preview-follow-up',
        configStateId: request.params.configStateId,
        conversationId: request.params.conversationId,
        via,
        body: request.body,
      }),
    );
    /** the caller's preview conversation of this configuration state, which they may still preview */
    const ownPreview = async (request: FastifyRequest, p: { configStateId: string; conversationId: string }) => {
      const principal = principalOf(request);
      await previews.getDraftForPreview(principal, p.configStateId, via);
      const row = await service.ownConversation(ctx, principal, p.conversationId, { allowDeleted: true });
      if (row.configStateId !== p.configStateId) throw notFound('The conversation');
      return { principal, row };
    };
    const PreviewSegmentParams = PreviewParams.extend({ segmentId: SegmentParamsSchema.shape.segmentId });
    api.get(P.conversation, { config, schema: { params: PreviewParams, response: { 200: ConversationSchema } } }, async (request, reply) => {
      const { principal, row } = await ownPreview(request, request.params);
      void reply.header('cache-control', 'no-store');
      return service.getConversation(contextOf(request), principal, row.id);
    });
    api.get(P.exportText, { config, schema: { params: PreviewParams } }, async (request, reply) => {
      const { principal, row } = await ownPreview(request, request.params);
      const file = await service.exportConversation(contextOf(request), principal, row.id, timeZoneOf(request));
      return sendTextDownload(reply, file);
    });
    api.get(P.citations, { config, schema: { params: PreviewParams, response: { 200: SegmentCitationsSchema } } }, async (request) => {
      const { principal, row } = await ownPreview(request, request.params);
      return service.listCitations(contextOf(request), principal, row.id);
    });
    api.get(P.traceLogs, { config, schema: { params: PreviewParams, response: { 200: TraceLogsSchema } } }, async (request) => {
      const { principal, row } = await ownPreview(request, request.params);
      return service.traceLogs(contextOf(request), principal, row.id);
    });
    api.get(P.executionDetails, { config, schema: { params: PreviewSegmentParams, response: { 200: ExecutionDetailsSchema } } }, async (request) => {
      const { principal, row } = await ownPreview(request, request.params);
      return service.executionDetails(contextOf(request), principal, row.id, request.params.segmentId);
    });
    api.put(P.selectedLeaf, { config, schema: { params: PreviewParams, body: UpdateSelectedLeafBodySchema } }, async (request, reply) => {
      const { principal, row } = await ownPreview(request, request.params);
      await service.updateSelectedLeaf(contextOf(request), principal, row.id, (request.body.selectedLeafSegmentId ?? request.body.segmentId)!);
      return reply.status(204).send();
    });
  }

  registerAnswerRoutes(api, ctx);

  api.get(R.traceLogs, { config: auth, schema: { params: ConversationParamsSchema, response: { 200: TraceLogsSchema } } }, (request) =>
    service.traceLogs(contextOf(request), principalOf(request), request.params.conversationId),
  );

  // people were given the failed answer's id as the reference; those who look after connections read the provider's words
  api.get(
    ConnectionRoutes.providerError,
    { config: { access: requireArea('connections', 'read') }, schema: { params: ProviderErrorParamsSchema, response: { 200: ProviderErrorSchema } } },
    async (request) => (await providerErrorOf(ctx, request.params.reference)) ?? Promise.reject(notFound('The provider error')),
  );
};

/**
 * Streams a planned turn; from here on every failure is an event, never an HTTP error. `transport` may wrap the SSE
 * transport (a public endpoint that hides citations leaves them out of the response-model event).
 */
export async function streamTurn(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  planned: Awaited<ReturnType<typeof planTurn>>,
  transport: (sse: ChatTransport) => ChatTransport = (sse) => sse,
) {
  // a limit near its end: the turn goes ahead, the web shows the notice (docs/usage-limits.md)
  if (planned.usageNotice) reply.raw.setHeader(UsageNoticeHeader, encodeURIComponent(planned.usageNotice));
  // teed into the answer log and stoppable from any process (ai/resumable-answers.ts)
  const writer = ctx.answers.open(planned.turn.segmentId, planned.owner, openSseStream(request, reply));
  // another process takes the answer over if this one dies (platform/answer-leases.ts)
  const release = planned.lease && ctx.answers.leases.shared ? ctx.answers.leases.hold(planned.lease) : null;
  try {
    await ctx.chat.run(planned.turn, planned.store, transport(sseTransport(writer)), { models: ctx.models, logger: request.log });
  } catch (e) {
    request.log.error({ err: e }, 'chat stream failed');
    writer.send('internal-server-error', 'Something went wrong while answering. Please try again.');
    writer.send('no-more-data');
  } finally {
    writer.end();
    release?.();
  }
}
