// A library's full-text index (docs/knowledge.md, "Text index and metadata filters"): its definition, turning it on
// (building it again) or off, and which file metadata filters may name. Each change reloads the library, whose
// retrieval mode and filterable fields follow.
import { AdminFileLibraryRoutes, pathTo, type TextIndexDefinition, type TextIndexFiltersInput } from '@atrium/contract';
import { fileLibrariesApi } from './file-libraries.api';

const R = AdminFileLibraryRoutes;

export const textIndexApi = fileLibrariesApi.enhanceEndpoints({ addTagTypes: ['TextIndex'] }).injectEndpoints({
  endpoints: (build) => ({
    getTextIndexDefinition: build.query<TextIndexDefinition, string>({
      query: (dataSourceId) => pathTo(R.textIndexDefinition, { dataSourceId }),
      providesTags: ['TextIndex'],
    }),
    createTextIndex: build.mutation<TextIndexDefinition, string>({
      query: (dataSourceId) => ({ url: pathTo(R.textIndex, { dataSourceId }), method: 'POST' }),
      invalidatesTags: ['TextIndex', 'FileLibrary'],
    }),
    deleteTextIndex: build.mutation<void, string>({
      query: (dataSourceId) => ({ url: pathTo(R.textIndex, { dataSourceId }), method: 'DELETE' }),
      invalidatesTags: ['TextIndex', 'FileLibrary'],
    }),
    setTextIndexFilters: build.mutation<TextIndexDefinition, { dataSourceId: string; body: TextIndexFiltersInput }>({
      query: ({ dataSourceId, body }) => ({ url: pathTo(R.textIndexFilters, { dataSourceId }), method: 'PUT', body }),
      invalidatesTags: ['TextIndex', 'FileLibrary'],
    }),
  }),
});

export const { useGetTextIndexDefinitionQuery, useCreateTextIndexMutation, useDeleteTextIndexMutation, useSetTextIndexFiltersMutation } = textIndexApi;
