// Admin FileLibraries (docs/knowledge.md): libraries, their files (list, detail, text read, chunks, latest log,
// reprocess, delete), what the create form offers, and "Try a question". Uploads and downloads go through the
// fetch client directly (library-files.ts): they report progress or save a file, which a cached query does not.
import {
  AdminFileLibraryRoutes,
  pathTo,
  type FileLibrary,
  type FileLibraryDetailsForCreate,
  type FileLibraryInput,
  type FileLibraryList,
  type FileUploadConfiguration,
  type LibraryChunk,
  type LibraryFigureList,
  type LibraryFile,
  type LibraryFileExtraction,
  type LibraryFileList,
  type LibraryFileLog,
  type LibraryFileMetadata,
  type LibraryFileStatus,
  type LibrarySearchBody,
  type LibrarySearchResult,
} from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';

const R = AdminFileLibraryRoutes;

export interface FileRef {
  dataSourceId: string;
  fileId: string;
}

/**
 * A file's text, chunks and log change with each step of its processing: `version` (the file's updatedAt) is part
 * of the cache key, so that a file that moved on is read again while one that did not is served from the cache.
 */
export interface VersionedFileRef extends FileRef {
  version: string;
}

export interface FileListArgs {
  dataSourceId: string;
  top: number;
  keywords?: string;
  status?: LibraryFileStatus;
  continuationToken?: string;
}

export const fileLibrariesApi = baseApi.enhanceEndpoints({ addTagTypes: ['FileLibrary', 'LibraryFile'] }).injectEndpoints({
  endpoints: (build) => ({
    listFileLibraries: build.query<FileLibraryList, void>({ query: () => R.libraries, providesTags: ['FileLibrary'] }),
    getFileLibrary: build.query<FileLibrary, string>({
      query: (dataSourceId) => pathTo(R.library, { dataSourceId }),
      providesTags: ['FileLibrary'],
    }),
    getFileLibraryDetailsForCreate: build.query<FileLibraryDetailsForCreate, void>({ query: () => R.detailsForCreate, keepUnusedDataFor: 300 }),
    getFileUploadConfiguration: build.query<FileUploadConfiguration, void>({ query: () => R.fileUploadConfiguration, keepUnusedDataFor: 300 }),
    createFileLibrary: build.mutation<FileLibrary, FileLibraryInput>({
      query: (body) => ({ url: R.libraries, method: 'POST', body }),
      invalidatesTags: ['FileLibrary'],
    }),
    updateFileLibrary: build.mutation<FileLibrary, { dataSourceId: string; body: FileLibraryInput }>({
      query: ({ dataSourceId, body }) => ({ url: pathTo(R.library, { dataSourceId }), method: 'PUT', body }),
      invalidatesTags: ['FileLibrary'],
    }),
    deleteFileLibrary: build.mutation<void, string>({
      query: (dataSourceId) => ({ url: pathTo(R.library, { dataSourceId }), method: 'DELETE' }),
      invalidatesTags: ['FileLibrary', 'LibraryFile'],
    }),
    listLibraryFiles: build.query<LibraryFileList, FileListArgs>({
      query: ({ dataSourceId, ...params }) => ({ url: pathTo(R.files, { dataSourceId }), params }),
      providesTags: ['LibraryFile'],
    }),
    getLibraryFile: build.query<LibraryFile, FileRef>({
      query: (ref) => pathTo(R.file, ref),
      providesTags: ['LibraryFile'],
    }),
    deleteLibraryFile: build.mutation<void, FileRef>({
      query: (ref) => ({ url: pathTo(R.file, ref), method: 'DELETE' }),
      invalidatesTags: ['LibraryFile', 'FileLibrary'],
    }),
    // replaces the file's custom metadata; the library's filterable fields list the keys its files use
    updateLibraryFileMetadata: build.mutation<LibraryFile, FileRef & { metadata: LibraryFileMetadata }>({
      query: ({ metadata, ...ref }) => ({ url: pathTo(R.file, ref), method: 'PUT', body: { metadata } }),
      invalidatesTags: ['LibraryFile', 'FileLibrary'],
    }),
    reprocessLibraryFile: build.mutation<LibraryFile, FileRef>({
      query: (ref) => ({ url: pathTo(R.fileReprocess, ref), method: 'PUT' }),
      invalidatesTags: ['LibraryFile', 'FileLibrary'],
    }),
    cancelLibraryFile: build.mutation<LibraryFile, FileRef>({
      query: (ref) => ({ url: pathTo(R.fileCancel, ref), method: 'PUT' }),
      invalidatesTags: ['LibraryFile', 'FileLibrary'],
    }),
    getLibraryFileExtraction: build.query<LibraryFileExtraction, VersionedFileRef>({
      query: ({ dataSourceId, fileId }) => pathTo(R.fileExtraction, { dataSourceId, fileId }),
    }),
    // a file's content never changes: its figures are read once per file
    getLibraryFileFigures: build.query<LibraryFigureList, FileRef>({
      query: ({ dataSourceId, fileId }) => pathTo(R.fileFigures, { dataSourceId, fileId }),
    }),
    getLibraryFileChunk: build.query<LibraryChunk, VersionedFileRef & { index: number }>({
      query: ({ dataSourceId, fileId, index }) => pathTo(R.fileChunk, { dataSourceId, fileId, index: String(index) }),
    }),
    getLibraryFileLog: build.query<LibraryFileLog, VersionedFileRef>({
      query: ({ dataSourceId, fileId }) => pathTo(R.fileLatestLog, { dataSourceId, fileId }),
    }),
    // changes nothing, but each press must ask again: a mutation
    searchFileLibrary: build.mutation<LibrarySearchResult, { dataSourceId: string; body: LibrarySearchBody }>({
      query: ({ dataSourceId, body }) => ({ url: pathTo(R.search, { dataSourceId }), method: 'POST', body }),
    }),
  }),
});

export const {
  useListFileLibrariesQuery,
  useGetFileLibraryQuery,
  useGetFileLibraryDetailsForCreateQuery,
  useGetFileUploadConfigurationQuery,
  useCreateFileLibraryMutation,
  useUpdateFileLibraryMutation,
  useDeleteFileLibraryMutation,
  useListLibraryFilesQuery,
  useGetLibraryFileQuery,
  useDeleteLibraryFileMutation,
  useUpdateLibraryFileMetadataMutation,
  useReprocessLibraryFileMutation,
  useCancelLibraryFileMutation,
  useGetLibraryFileExtractionQuery,
  useGetLibraryFileFiguresQuery,
  useGetLibraryFileChunkQuery,
  useGetLibraryFileLogQuery,
  useSearchFileLibraryMutation,
} = fileLibrariesApi;
