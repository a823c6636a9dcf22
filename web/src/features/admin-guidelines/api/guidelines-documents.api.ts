// Admin guidelinesDocuments (docs/product.md §7): documents and templates, their sections and order, and the
// agents a document can be attached to.
import type {
  GuidelinesDocument,
  GuidelinesDocumentCreate,
  GuidelinesDocumentList,
  GuidelinesDocumentUpdate,
  GuidelinesOptions,
  GuidelinesSection,
  GuidelinesSectionInput,
} from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';

const Base = '/admin/guidelinesDocuments';
const api = baseApi.enhanceEndpoints({ addTagTypes: ['GuidelinesDocument'] });

export const guidelinesDocumentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listGuidelinesDocuments: build.query<GuidelinesDocumentList, { isTemplate: boolean }>({
      query: ({ isTemplate }) => ({ url: Base, params: { isTemplate } }),
      providesTags: ['GuidelinesDocument'],
    }),
    getGuidelinesDocument: build.query<GuidelinesDocument, string>({
      query: (id) => `${Base}/${id}`,
      providesTags: ['GuidelinesDocument'],
    }),
    guidelinesOptions: build.query<GuidelinesOptions, void>({
      query: () => `${Base}/options`,
      providesTags: ['GuidelinesDocument'],
    }),
    createGuidelinesDocument: build.mutation<GuidelinesDocument, GuidelinesDocumentCreate>({
      query: (body) => ({ url: Base, method: 'POST', body }),
      invalidatesTags: ['GuidelinesDocument', 'Agent'],
    }),
    updateGuidelinesDocument: build.mutation<GuidelinesDocument, { id: string; body: GuidelinesDocumentUpdate }>({
      query: ({ id, body }) => ({ url: `${Base}/${id}`, method: 'PUT', body }),
      invalidatesTags: ['GuidelinesDocument', 'Agent'],
    }),
    deleteGuidelinesDocument: build.mutation<void, string>({
      query: (id) => ({ url: `${Base}/${id}`, method: 'DELETE' }),
      invalidatesTags: ['GuidelinesDocument', 'Agent'],
    }),
    addGuidelinesSection: build.mutation<GuidelinesSection, { id: string; body: GuidelinesSectionInput }>({
      query: ({ id, body }) => ({ url: `${Base}/${id}/sections`, method: 'POST', body }),
      invalidatesTags: ['GuidelinesDocument'],
    }),
    updateGuidelinesSection: build.mutation<GuidelinesSection, { id: string; sectionId: string; body: Partial<GuidelinesSectionInput> }>({
      query: ({ id, sectionId, body }) => ({ url: `${Base}/${id}/sections/${sectionId}`, method: 'PUT', body }),
      invalidatesTags: ['GuidelinesDocument'],
    }),
    deleteGuidelinesSection: build.mutation<void, { id: string; sectionId: string }>({
      query: ({ id, sectionId }) => ({ url: `${Base}/${id}/sections/${sectionId}`, method: 'DELETE' }),
      invalidatesTags: ['GuidelinesDocument'],
    }),
    reorderGuidelinesSections: build.mutation<GuidelinesDocument, { id: string; documentSectionIds: string[] }>({
      query: ({ id, documentSectionIds }) => ({ url: `${Base}/${id}/reorderSections`, method: 'PUT', body: { documentSectionIds } }),
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
