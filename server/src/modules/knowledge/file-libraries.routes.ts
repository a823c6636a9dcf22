// Routes of file libraries: Admin FileLibraries (docs/product.md §7) under /admin/fileLibraries. Reads need one of
// the DataSources actions; changes a DataSources action that may write (the service checks …Specific scopes and
// creators). The knowledge module also defines its ingestion jobs here, when it is mounted.
import multipart from '@fastify/multipart';
import {
  AdminFileLibraryRoutes,
  AreaActions,
  FileLibraryDetailsForCreateSchema,
  FileLibraryInputSchema,
  FileLibraryListSchema,
  FileLibraryParamsSchema,
  FileLibrarySchema,
  FileUploadConfigurationSchema,
  LibraryChunkParamsSchema,
  LibraryChunkSchema,
  LibraryFileExtractionSchema,
  LibraryFileListQuerySchema,
  LibraryFileListSchema,
  LibraryFileLogSchema,
  LibraryFileParamsSchema,
  LibraryFileSchema,
  LibraryFileUpdateSchema,
  LibraryFileUploadResultSchema,
  LibraryFigureListSchema,
  LibraryFigureParamsSchema,
  MaxFilesPerUpload,
  StorageContainerListSchema,
  TextIndexDefinitionSchema,
  TextIndexFiltersInputSchema,
} from '@atrium/contract';
import type { Api, AppContext, Module } from '../../platform/context.js';
import { principalOf } from '../../platform/access.js';
import { LibraryRouteAccess } from './knowledge.policy.js';
import { readUploads } from '../../platform/uploads.js';
import { contentDisposition } from '../../platform/downloads.js';
import * as service from './file-libraries.service.js';
import * as textIndex from './text-index.service.js';
import { defineIngestion, startSweeping } from './knowledge.ingestion.js';
import { knowledgeSourcesRoutes } from './knowledge.sources.routes.js';
import { dataSourcesRoutes } from './data-sources.routes.js';
import { defineLibraryBlobSweep } from './library-blob-sweep.js';

const { read, create, edit } = LibraryRouteAccess;

const R = AdminFileLibraryRoutes;

export const fileLibrariesRoutes: Module = async (api, ctx) => {
  defineIngestion(ctx);
  textIndex.defineTextIndexJobs(ctx);
  // blobs of files whose rows are gone (a process that died between a deletion's rows and its blobs)
  defineLibraryBlobSweep(ctx);
  const stopSweeping = startSweeping(ctx);
  api.addHook('onClose', async () => stopSweeping());
  ctx.overview.register({ key: 'fileLibraries', anyOf: AreaActions.dataSources.read, count: async (c) => ({ count: await service.countLibraries(c) }) });
  ctx.aggregateNames.register(service.AggregateType, service.libraryName);
  await api.register(async (scope) => routes(scope as Api, ctx));
  await api.register(async (scope) => knowledgeSourcesRoutes(scope as Api, ctx));
  await api.register(async (scope) => textIndexRoutes(scope as Api, ctx));
  // the older /admin/dataSources calls over the same libraries
  await api.register(async (scope) => dataSourcesRoutes(scope as Api, ctx));
};

/** The full-text index of a library and its metadata filters (text-index.service.ts). */
function textIndexRoutes(api: Api, ctx: AppContext): void {
  const params = FileLibraryParamsSchema;
  api.post(R.textIndex, { config: edit, schema: { params, response: { 200: TextIndexDefinitionSchema } } }, (request) =>
    textIndex.createTextIndex(ctx, principalOf(request), request.params.dataSourceId),
  );
  api.delete(R.textIndex, { config: edit, schema: { params } }, async (request, reply) => {
    await textIndex.deleteTextIndex(ctx, principalOf(request), request.params.dataSourceId);
    return reply.status(204).send();
  });
  api.put(
    R.textIndexFilters,
    { config: edit, schema: { params, body: TextIndexFiltersInputSchema, response: { 200: TextIndexDefinitionSchema } } },
    (request) => textIndex.setFilterableFields(ctx, principalOf(request), request.params.dataSourceId, request.body),
  );
  api.get(R.textIndexDefinition, { config: read, schema: { params, response: { 200: TextIndexDefinitionSchema } } }, (request) =>
    textIndex.indexDefinition(ctx, principalOf(request), request.params.dataSourceId),
  );
}

async function routes(api: Api, ctx: AppContext): Promise<void> {
  // multipart parsing only in this scope; another module may already have registered it app-wide
  if (!api.hasRequestDecorator('isMultipart')) await api.register(multipart);

  api.get(R.libraries, { config: read, schema: { response: { 200: FileLibraryListSchema } } }, (request) => service.listLibraries(ctx, principalOf(request)));

  api.post(R.libraries, { config: create, schema: { body: FileLibraryInputSchema, response: { 201: FileLibrarySchema } } }, async (request, reply) =>
    reply.status(201).send(await service.createLibrary(ctx, principalOf(request), request.body)),
  );

  api.get(R.detailsForCreate, { config: read, schema: { response: { 200: FileLibraryDetailsForCreateSchema } } }, () => service.detailsForCreate(ctx));

  api.get(R.fileUploadConfiguration, { config: read, schema: { response: { 200: FileUploadConfigurationSchema } } }, () =>
    service.fileUploadConfiguration(ctx),
  );

  // no storage containers can be configured yet (syncing from them comes later): the list is empty
  api.get(R.storageContainers, { config: read, schema: { response: { 200: StorageContainerListSchema } } }, () => ({ items: [], continuationToken: null }));

  api.get(R.library, { config: read, schema: { params: FileLibraryParamsSchema, response: { 200: FileLibrarySchema } } }, (request) =>
    service.getLibrary(ctx, principalOf(request), request.params.dataSourceId),
  );

  api.put(
    R.library,
    { config: edit, schema: { params: FileLibraryParamsSchema, body: FileLibraryInputSchema, response: { 200: FileLibrarySchema } } },
    (request) => service.updateLibrary(ctx, principalOf(request), request.params.dataSourceId, request.body),
  );

  api.delete(R.library, { config: edit, schema: { params: FileLibraryParamsSchema } }, async (request, reply) => {
    await service.deleteLibrary(ctx, principalOf(request), request.params.dataSourceId);
    return reply.status(204).send();
  });

  api.get(
    R.files,
    { config: read, schema: { params: FileLibraryParamsSchema, querystring: LibraryFileListQuerySchema, response: { 200: LibraryFileListSchema } } },
    (request) => service.listFiles(ctx, principalOf(request), request.params.dataSourceId, request.query),
  );

  const maxBytes = ctx.config.uploads.libraryFileMaxBytes;
  api.post(
    R.files,
    {
      config: { ...edit, upload: { maxBytes, what: 'file' } },
      schema: { params: FileLibraryParamsSchema, response: { 200: LibraryFileUploadResultSchema } },
    },
    async (request) => {
      // checked before the body is read: a library the caller may not change refuses without taking the files
      await service.checkMayChange(ctx, principalOf(request), request.params.dataSourceId);
      const fields: Record<string, string> = {};
      const files = await readUploads(request, { maxFiles: MaxFilesPerUpload, maxTotalBytes: 2 * maxBytes, fields });
      // the optional field `metadata`: JSON of the metadata every file of the request gets
      const metadata = service.uploadMetadata(fields.metadata);
      return service.uploadFiles(ctx, principalOf(request), request.params.dataSourceId, files, metadata);
    },
  );

  api.get(R.file, { config: read, schema: { params: LibraryFileParamsSchema, response: { 200: LibraryFileSchema } } }, (request) =>
    service.getFile(ctx, principalOf(request), request.params.dataSourceId, request.params.fileId),
  );

  api.put(
    R.file,
    { config: edit, schema: { params: LibraryFileParamsSchema, body: LibraryFileUpdateSchema, response: { 200: LibraryFileSchema } } },
    (request) => service.updateFileMetadata(ctx, principalOf(request), request.params.dataSourceId, request.params.fileId, request.body),
  );

  api.delete(R.file, { config: edit, schema: { params: LibraryFileParamsSchema } }, async (request, reply) => {
    await service.deleteFile(ctx, principalOf(request), request.params.dataSourceId, request.params.fileId);
    return reply.status(204).send();
  });

  api.get(R.fileDownload, { config: read, schema: { params: LibraryFileParamsSchema } }, async (request, reply) => {
    const file = await service.downloadFile(ctx, principalOf(request), request.params.dataSourceId, request.params.fileId);
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-disposition', contentDisposition('attachment', file.fileName))
      .header('x-content-type-options', 'nosniff')
      .type(file.mimeType)
      .send(file.data);
  });

  api.get(R.fileExtraction, { config: read, schema: { params: LibraryFileParamsSchema, response: { 200: LibraryFileExtractionSchema } } }, (request) =>
    service.fileExtraction(ctx, principalOf(request), request.params.dataSourceId, request.params.fileId),
  );

  api.get(R.fileFigures, { config: read, schema: { params: LibraryFileParamsSchema, response: { 200: LibraryFigureListSchema } } }, (request) =>
    service.fileFigures(ctx, principalOf(request), request.params.dataSourceId, request.params.fileId),
  );

  api.get(R.fileFigure, { config: read, schema: { params: LibraryFigureParamsSchema } }, async (request, reply) => {
    const { dataSourceId, fileId, index } = request.params;
    const image = await service.fileFigure(ctx, principalOf(request), dataSourceId, fileId, index);
    return reply.header('cache-control', 'private').header('x-content-type-options', 'nosniff').type(image.contentType).send(image.data);
  });

  api.get(R.fileChunk, { config: read, schema: { params: LibraryChunkParamsSchema, response: { 200: LibraryChunkSchema } } }, (request) =>
    service.fileChunk(ctx, principalOf(request), request.params.dataSourceId, request.params.fileId, request.params.index),
  );

  api.get(R.fileLatestLog, { config: read, schema: { params: LibraryFileParamsSchema, response: { 200: LibraryFileLogSchema } } }, (request) =>
    service.fileLatestLog(ctx, principalOf(request), request.params.dataSourceId, request.params.fileId),
  );

  api.put(R.fileReprocess, { config: edit, schema: { params: LibraryFileParamsSchema, response: { 200: LibraryFileSchema } } }, (request) =>
    service.reprocessFile(ctx, principalOf(request), request.params.dataSourceId, request.params.fileId),
  );

  api.put(R.fileCancel, { config: edit, schema: { params: LibraryFileParamsSchema, response: { 200: LibraryFileSchema } } }, (request) =>
    service.cancelFile(ctx, principalOf(request), request.params.dataSourceId, request.params.fileId),
  );
}
