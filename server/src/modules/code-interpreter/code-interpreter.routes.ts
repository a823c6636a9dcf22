// Routes of the code-interpreter module: GET a file the code interpreter made, for the conversation's owner (a
// download: the web client fetches it with the person's token), and the list of a conversation's files
// (openAIFiles), for its owner and for an administrator's preview conversation. Also starts finding the sandbox
// engine at start-up, so that the first run or agent editor does not wait for it.
import { z } from 'zod';
import { CodeInterpreterFileListSchema, CodeInterpreterRoutes } from '@atrium/contract';
import type { Module } from '../../platform/context.js';
import { principalOf, requireArea } from '../../platform/access.js';
import { contentDisposition } from '../../platform/downloads.js';
import { notFound } from '../../platform/errors.js';
import { codeSandbox } from '../../platform/sandbox/sandbox.js';
import { createPreviewDirectory } from '../agents/drafts/config-states.previews.js';
import { ownConversation } from '../conversations/conversations.service.js';
import { listCodeFiles, readCodeFile } from './code-files.service.js';

// Plain strings: any malformed part is a 404 from the service, never a 400 that tells which part is wrong.
const FileParams = z.object({ conversationId: z.string(), segmentId: z.string(), fileId: z.string(), fileName: z.string() });
const ConversationParams = z.object({ conversationId: z.string().uuid() });
const PreviewParams = ConversationParams.extend({ configStateId: z.string().uuid() });

export const codeInterpreterRoutes: Module = (api, ctx) => {
  // production loads Pyodide's first process ahead; tests and development find the engine when first asked
  if (ctx.config.isProduction) void codeSandbox(ctx.config.codeInterpreter, { prewarm: true });

  api.get(CodeInterpreterRoutes.file, { config: { access: 'authenticated' }, schema: { params: FileParams } }, async (request, reply) => {
    const file = await readCodeFile(ctx, principalOf(request), request.params);
    return reply
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', contentDisposition('attachment', file.fileName))
      .type(file.contentType)
      .send(file.data);
  });

  // the person's own conversation (someone else's, a deleted one or none: 404)
  api.get(
    CodeInterpreterRoutes.openAIFiles,
    { config: { access: 'authenticated' }, schema: { params: ConversationParams, response: { 200: CodeInterpreterFileListSchema } } },
    async (request) => {
      const row = await ownConversation(ctx, principalOf(request), request.params.conversationId);
      return listCodeFiles(ctx, row.id);
    },
  );

  // an administrator's preview of a configuration state they may still preview (as its other preview routes check)
  const previews = createPreviewDirectory(ctx);
  api.get(
    CodeInterpreterRoutes.previewOpenAIFiles,
    { config: { access: requireArea('agents', 'editDraft') }, schema: { params: PreviewParams, response: { 200: CodeInterpreterFileListSchema } } },
    async (request) => {
      const principal = principalOf(request);
      await previews.getDraftForPreview(principal, request.params.configStateId, 'admin');
      const row = await ownConversation(ctx, principal, request.params.conversationId, { allowDeleted: true });
      if (row.configStateId !== request.params.configStateId) throw notFound('The conversation');
      return listCodeFiles(ctx, row.id);
    },
  );
};
