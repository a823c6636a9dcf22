// Routes of the code-interpreter module: GET a file the code interpreter made, for the conversation's owner (a
// download: the web client fetches it with the person's token). Also starts finding the sandbox engine at start-up,
// so that the first run or agent editor does not wait for it.
import { z } from 'zod';
import { CodeInterpreterRoutes } from '@atrium/contract';
import type { Module } from '../../platform/context.js';
import { principalOf } from '../../platform/access.js';
import { contentDisposition } from '../../platform/downloads.js';
import { codeSandbox } from '../../platform/sandbox/sandbox.js';
import { readCodeFile } from './code-files.service.js';

// Plain strings: any malformed part is a 404 from the service, never a 400 that tells which part is wrong.
const FileParams = z.object({ conversationId: z.string(), segmentId: z.string(), fileId: z.string(), fileName: z.string() });

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
};
