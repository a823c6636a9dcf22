// The documents citations open (KnowledgeSourceRoutes): the text page by page, and the original file.
import { KnowledgeSourceRoutes, pathTo, type SourceFile } from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';
import { http } from '../../../app/api/http';
import type { DownloadResult, HttpResult } from '../../../lib/http/http.types';

export const sourcesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSourceFile: build.query<SourceFile, string>({ query: (fileId) => pathTo(KnowledgeSourceRoutes.sourceFile, { fileId }) }),
  }),
});

export const { useGetSourceFileQuery } = sourcesApi;

/** The document as uploaded, with the person's token (a plain link would carry none). */
export const downloadSourceFile = (fileId: string): Promise<HttpResult<DownloadResult>> =>
  http().request<DownloadResult>({ url: pathTo(KnowledgeSourceRoutes.sourceFileDownload, { fileId }), responseKind: 'download', timeout: 0 });
