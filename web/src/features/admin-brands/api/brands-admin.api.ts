// Admin brands (docs/product.md §7): list, CRUD, image uploads per slot, uploaded files and the instance default.
// Changes invalidate the public brand too, so the app re-themes itself at once when the current brand changes.
import {
  BrandRoutes,
  type AdminBrand,
  type AdminBrandList,
  type BrandCreate,
  type BrandImageSlot,
  type BrandInstanceDefaults,
  type BrandUpdate,
} from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';
import { bumpInstanceSettingsVersion } from '../../../app/api/instance.api';

const ListTag = { type: 'Brand' as const, id: 'ADMIN-LIST' };
const brandTags = (brandKey: string) => [ListTag, { type: 'Brand' as const, id: brandKey }, { type: 'Brand' as const, id: `ADMIN-${brandKey}` }];

export const brandsAdminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listAdminBrands: build.query<AdminBrandList, void>({
      query: () => BrandRoutes.adminBrands,
      providesTags: (r) => [ListTag, ...(r?.items ?? []).map((b) => ({ type: 'Brand' as const, id: `ADMIN-${b.brandKey}` }))],
    }),
    getAdminBrand: build.query<AdminBrand, string>({
      query: (brandKey) => BrandRoutes.adminBrand(brandKey),
      providesTags: (_r, _e, brandKey) => [{ type: 'Brand', id: `ADMIN-${brandKey}` }],
    }),
    createBrand: build.mutation<AdminBrand, { brandKey: string; body: BrandCreate }>({
      query: ({ brandKey, body }) => ({ url: BrandRoutes.adminBrand(brandKey), method: 'POST', body }),
      invalidatesTags: [ListTag],
    }),
    updateBrand: build.mutation<AdminBrand, { brandKey: string; body: BrandUpdate }>({
      query: ({ brandKey, body }) => ({ url: BrandRoutes.adminBrand(brandKey), method: 'PUT', body }),
      invalidatesTags: (_r, _e, { brandKey }) => brandTags(brandKey),
    }),
    deleteBrand: build.mutation<void, string>({
      query: (brandKey) => ({ url: BrandRoutes.adminBrand(brandKey), method: 'DELETE' }),
      invalidatesTags: (_r, _e, brandKey) => brandTags(brandKey),
    }),
    uploadBrandImage: build.mutation<AdminBrand, { brandKey: string; slot: BrandImageSlot; file: File }>({
      query: ({ brandKey, slot, file }) => {
        const form = new FormData();
        form.append('file', file);
        return { url: BrandRoutes.adminBrandImage(brandKey, slot), method: 'POST', body: form, timeout: 60_000 };
      },
      invalidatesTags: (_r, _e, { brandKey }) => brandTags(brandKey),
    }),
    deleteBrandFile: build.mutation<AdminBrand, { brandKey: string; fileName: string }>({
      query: ({ brandKey, fileName }) => ({ url: BrandRoutes.adminBrandFile(brandKey, fileName), method: 'DELETE' }),
      invalidatesTags: (_r, _e, { brandKey }) => brandTags(brandKey),
    }),
    getBrandInstanceDefaults: build.query<BrandInstanceDefaults, void>({
      query: () => BrandRoutes.instanceDefaults,
      providesTags: [{ type: 'Brand', id: 'INSTANCE-DEFAULTS' }],
    }),
    setBrandInstanceDefaults: build.mutation<BrandInstanceDefaults, BrandInstanceDefaults>({
      query: (body) => {
        // the default brand is part of /InstanceSettings: the refetch after this must pass the browser's 7-day cache
        bumpInstanceSettingsVersion();
        return { url: BrandRoutes.instanceDefaults, method: 'PUT', body };
      },
      invalidatesTags: [ListTag, { type: 'Brand', id: 'INSTANCE-DEFAULTS' }, 'InstanceSettings'],
    }),
  }),
});

export const {
  useListAdminBrandsQuery,
  useGetAdminBrandQuery,
  useCreateBrandMutation,
  useUpdateBrandMutation,
  useDeleteBrandMutation,
  useUploadBrandImageMutation,
  useDeleteBrandFileMutation,
  useGetBrandInstanceDefaultsQuery,
  useSetBrandInstanceDefaultsMutation,
} = brandsAdminApi;
