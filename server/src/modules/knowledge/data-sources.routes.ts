// Routes of the older Admin dataSources calls (docs/product.md §7) under /admin/dataSources: the file libraries of
// file-libraries.routes.ts in the older shape (data-sources.service.ts), with the same actions. Reads need one of
// the DataSources actions; changes a DataSources action that may write (the service checks …Specific scopes and
// creators). External search indexes, storage containers to sync and graph indexes are not served yet.
import multipart from '@fastify/multipart';
import {
  AdminDataSourceRoutes,
  DataSourceFileDeleteQuerySchema,
  DataSourceFileListQuerySchema,
  DataSourceFileListSchema,
  DataSourceFileParamsSchema,
  DataSourceFilesUploadResultSchema,
  DataSourceListSchema,
  DataSourceParamsSchema,
  DataSourceSchema,
  DataSourceWithDefaultEndpointsInputSchema,
  DataSourceWithExplicitEndpointsInputSchema,
  MaxFilesPerUpload,
} from '@atrium/contract';
import type { Api, AppContext } from '../../platform/context.js';
import { principalOf } from '../../platform/access.js';
import { LibraryRouteAccess } from './knowledge.policy.js';
import { readUploads } from '../../platform/uploads.js';
import { contentDisposition } from '../../platform/downloads.js';
import { checkMayChange } from './file-libraries.service.js';
import * as service from './data-sources.service.js';

const { read, create, edit } = LibraryRouteAccess;

const R = AdminDataSourceRoutes;

/** Registered by fileLibrariesRoutes, beside the libraries' own routes. */
export async function dataSourcesRoutes(api: Api, ctx: AppContext): Promise<void> {
  // multipart parsing only in this scope; another module may already have registered it app-wide
  if (!api.hasRequestDecorator('isMultipart')) await api.register(multipart);
  const params = DataSourceParamsSchema;

  api.get(R.dataSources, { config: read, schema: { response: { 200: DataSourceListSchema } } }, (request) =>
    service.listDataSources(ctx, principalOf(request)),
  );

  // ---- default endpoints: the platform's own index and the instance's default embedding deployment

  api.post(
    R.withDefaultEndpoints,
    { config: create, schema: { body: DataSourceWithDefaultEndpointsInputSchema, response: { 201: DataSourceSchema } } },
    async (request, reply) => reply.status(201).send(await service.createWithDefaultEndpoints(ctx, principalOf(request), request.body)),
  );
  api.get(R.withDefaultEndpointsOne, { config: read, schema: { params, response: { 200: DataSourceSchema } } }, (request) =>
    service.getDataSource(ctx, principalOf(request), request.params.dataSourceId),
  );
  api.put(
    R.withDefaultEndpointsOne,
    { config: edit, schema: { params, body: DataSourceWithDefaultEndpointsInputSchema, response: { 200: DataSourceSchema } } },
    (request) => service.updateWithDefaultEndpoints(ctx, principalOf(request), request.params.dataSourceId, request.body),
  );
  api.delete(R.withDefaultEndpointsOne, { config: edit, schema: { params } }, async (request, reply) => {
    await service.deleteDataSource(ctx, principalOf(request), request.params.dataSourceId);
    return reply.status(204).send();
  });

  // ---- explicit endpoints: a chosen embedding deployment

  api.post(
    R.withExplicitEndpoints,
    { config: create, schema: { body: DataSourceWithExplicitEndpointsInputSchema, response: { 201: DataSourceSchema } } },
    async (request, reply) => reply.status(201).send(await service.createWithExplicitEndpoints(ctx, principalOf(request), request.body)),
  );
  api.get(R.withExplicitEndpointsOne, { config: read, schema: { params, response: { 200: DataSourceSchema } } }, (request) =>
    service.getDataSource(ctx, principalOf(request), request.params.dataSourceId),
  );
  api.put(
    R.withExplicitEndpointsOne,
    { config: edit, schema: { params, body: DataSourceWithExplicitEndpointsInputSchema, response: { 200: DataSourceSchema } } },
    (request) => service.updateWithExplicitEndpoints(ctx, principalOf(request), request.params.dataSourceId, request.body),
  );
  api.delete(R.withExplicitEndpointsOne, { config: edit, schema: { params } }, async (request, reply) => {
    await service.deleteDataSource(ctx, principalOf(request), request.params.dataSourceId);
    return reply.status(204).send();
  });

  // ---- uploaded files

  api.get(
    R.uploadedFiles,
    { config: read, schema: { params, querystring: DataSourceFileListQuerySchema, response: { 200: DataSourceFileListSchema } } },
    (request) => service.listUploadedFiles(ctx, principalOf(request), request.params.dataSourceId, request.query),
  );

  const maxBytes = ctx.config.uploads.libraryFileMaxBytes;
  api.post(
    R.uploadedFiles,
    { config: { ...edit, upload: { maxBytes, what: 'file' } }, schema: { params, response: { 200: DataSourceFilesUploadResultSchema } } },
    async (request) => {
      // checked before the body is read: a library the caller may not change refuses without taking the files
      await checkMayChange(ctx, principalOf(request), request.params.dataSourceId);
      const files = await readUploads(request, { maxFiles: MaxFilesPerUpload, maxTotalBytes: 2 * maxBytes });
      return service.uploadFiles(ctx, principalOf(request), request.params.dataSourceId, files);
    },
  );

  api.delete(R.uploadedFiles, { config: edit, schema: { params, querystring: DataSourceFileDeleteQuerySchema } }, async (request, reply) => {
    await service.deleteFilesNamed(ctx, principalOf(request), request.params.dataSourceId, request.query.fileName);
    return reply.status(204).send();
  });

  api.get(R.uploadedFile, { config: read, schema: { params: DataSourceFileParamsSchema } }, async (request, reply) => {
    const { dataSourceId, base64FileName } = request.params;
    const file = await service.downloadFileNamed(ctx, principalOf(request), dataSourceId, base64FileName);
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-disposition', contentDisposition('attachment', file.fileName))
      .header('x-content-type-options', 'nosniff')
      .type(file.mimeType)
      .send(file.data);
  });
}
