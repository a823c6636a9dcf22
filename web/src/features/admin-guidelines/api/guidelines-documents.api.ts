// Admin guidelinesDocuments (docs/product.md §7): documents and templates, their sections and order, and the
// agents a document can be attached to.
import {
  GuidelinesRoutes,
  pathTo,
  type GuidelinesDocument,
  type GuidelinesDocumentCreate,
  type GuidelinesDocumentList,
  type GuidelinesDocumentUpdate,
  type GuidelinesOptions,
  type GuidelinesSection,
  type GuidelinesSectionInput,
} from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['GuidelinesDocument'] });

export const guidelinesDocumentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listGuidelinesDocuments: build.query<GuidelinesDocumentList, { isTemplate: boolean }>({
      query: ({ isTemplate }) => ({ url: GuidelinesRoutes.documents, params: { isTemplate } }),
      providesTags: ['GuidelinesDocument'],
    }),
    getGuidelinesDocument: build.query<GuidelinesDocument, string>({
      query: (id) => pathTo(GuidelinesRoutes.document, { guidelinesDocumentId: id }),
      providesTags: ['GuidelinesDocument'],
    }),
    guidelinesOptions: build.query<GuidelinesOptions, void>({
      query: () => GuidelinesRoutes.options,
      providesTags: ['GuidelinesDocument'],
    }),
    createGuidelinesDocument: build.mutation<GuidelinesDocument, GuidelinesDocumentCreate>({
      query: (body) => ({ url: GuidelinesRoutes.documents, method: 'POST', body }),
      invalidatesTags: ['GuidelinesDocument', 'Agent'],
    }),
    updateGuidelinesDocument: build.mutation<GuidelinesDocument, { id: string; body: GuidelinesDocumentUpdate }>({
      query: ({ id, body }) => ({ url: pathTo(GuidelinesRoutes.document, { guidelinesDocumentId: id }), method: 'PUT', body }),
      invalidatesTags: ['GuidelinesDocument', 'Agent'],
    }),
    deleteGuidelinesDocument: build.mutation<void, string>({
      query: (id) => ({ url: pathTo(GuidelinesRoutes.document, { guidelinesDocumentId: id }), method: 'DELETE' }),
      invalidatesTags: ['GuidelinesDocument', 'Agent'],
    }),
    addGuidelinesSection: build.mutation<GuidelinesSection, { id: string; body: GuidelinesSectionInput }>({
      query: ({ id, body }) => ({ url: pathTo(GuidelinesRoutes.sections, { guidelinesDocumentId: id }), method: 'POST', body }),
      invalidatesTags: ['GuidelinesDocument'],
    }),
    updateGuidelinesSection: build.mutation<GuidelinesSection, { id: string; sectionId: string; body: Partial<GuidelinesSectionInput> }>({
      query: ({ id, sectionId, body }) => ({
        url: pathTo(GuidelinesRoutes.section, { guidelinesDocumentId: id, documentSectionId: sectionId }),
        method: 'PUT',
        body,
      }),
      invalidatesTags: ['GuidelinesDocument'],
    }),
    deleteGuidelinesSection: build.mutation<void, { id: string; sectionId: string }>({
      query: ({ id, sectionId }) => ({ url: pathTo(GuidelinesRoutes.section, { guidelinesDocumentId: id, documentSectionId: sectionId }), method: 'DELETE' }),
      invalidatesTags: ['GuidelinesDocument'],
    }),
    reorderGuidelinesSections: build.mutation<GuidelinesDocument, { id: string; documentSectionIds: string[] }>({
      query: ({ id, documentSectionIds }) => ({
        url: pathTo(GuidelinesRoutes.reorderSections, { guidelinesDocumentId: id }),
        method: 'PUT',
        body: { documentSectionIds },
      }),
      invalidatesTags: ['GuidelinesDocument'],
    }),
  }),
});

export const {
  useListGuidelinesDocumentsQuery,
  useGetGuidelinesDocumentQuery,
  useGuidelinesOptionsQuery,
  useCreateGuidelinesDocumentMutation,
  useUpdateGuidelinesDocumentMutation,
  useDeleteGuidelinesDocumentMutation,
  useAddGuidelinesSectionMutation,
  useUpdateGuidelinesSectionMutation,
  useDeleteGuidelinesSectionMutation,
  useReorderGuidelinesSectionsMutation,
} = guidelinesDocumentsApi;
