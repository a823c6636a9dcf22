// Routes of knowledge.sources.ts: "Try a question" (an administrator who may read the library) and the documents
// citations open (any signed-in person; the service decides who may read which).
import {
  AdminFileLibraryRoutes,
  FileLibraryParamsSchema,
  KnowledgeSourceRoutes,
  LibrarySearchBodySchema,
  LibrarySearchResultSchema,
  SourceFileParamsSchema,
  SourceFileSchema,
} from '@atrium/contract';
import type { Api, AppContext } from '../../platform/context.js';
import { principalOf, requireArea } from '../../platform/access.js';
import { contentDisposition } from '../../platform/downloads.js';
import { createAgentDirectory } from '../agents/agents.service.js';
import * as sources from './knowledge.sources.js';

export function knowledgeSourcesRoutes(api: Api, ctx: AppContext): void {
  const agents = createAgentDirectory(ctx);

  api.post(
    AdminFileLibraryRoutes.search,
    {
      config: { access: requireArea('dataSources', 'read') },
      schema: { params: FileLibraryParamsSchema, body: LibrarySearchBodySchema, response: { 200: LibrarySearchResultSchema } },
    },
    (request) => sources.searchLibrary(ctx, principalOf(request), request.params.dataSourceId, request.body),
  );

  const auth = { access: 'authenticated' } as const;
  api.get(KnowledgeSourceRoutes.sourceFile, { config: auth, schema: { params: SourceFileParamsSchema, response: { 200: SourceFileSchema } } }, (request) =>
    sources.sourceFile(ctx, agents, principalOf(request), request.params.fileId),
  );

  api.get(KnowledgeSourceRoutes.sourceFileDownload, { config: auth, schema: { params: SourceFileParamsSchema } }, async (request, reply) => {
    const file = await sources.sourceFileContent(ctx, agents, principalOf(request), request.params.fileId);
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-disposition', contentDisposition('inline', file.fileName))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .type(file.mimeType)
      .send(file.data);
  });
}
