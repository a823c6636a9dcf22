// Admin brands (docs/product.md §7): list, CRUD, image uploads per slot, uploaded files and the instance default.
// Changes invalidate the public brand too, so the app re-themes itself at once when the current brand changes.
import {
  AdminBrandRoutes,
  pathTo,
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
      query: () => AdminBrandRoutes.brands,
      providesTags: (r) => [ListTag, ...(r?.items ?? []).map((b) => ({ type: 'Brand' as const, id: `ADMIN-${b.brandKey}` }))],
    }),
    getAdminBrand: build.query<AdminBrand, string>({
      query: (brandKey) => pathTo(AdminBrandRoutes.brand, { brandKey }),
      providesTags: (_r, _e, brandKey) => [{ type: 'Brand', id: `ADMIN-${brandKey}` }],
    }),
    createBrand: build.mutation<AdminBrand, { brandKey: string; body: BrandCreate }>({
      query: ({ brandKey, body }) => ({ url: pathTo(AdminBrandRoutes.brand, { brandKey }), method: 'POST', body }),
      invalidatesTags: [ListTag],
    }),
    updateBrand: build.mutation<AdminBrand, { brandKey: string; body: BrandUpdate }>({
      query: ({ brandKey, body }) => ({ url: pathTo(AdminBrandRoutes.brand, { brandKey }), method: 'PUT', body }),
      invalidatesTags: (_r, _e, { brandKey }) => brandTags(brandKey),
    }),
    deleteBrand: build.mutation<void, string>({
      query: (brandKey) => ({ url: pathTo(AdminBrandRoutes.brand, { brandKey }), method: 'DELETE' }),
      invalidatesTags: (_r, _e, brandKey) => brandTags(brandKey),
    }),
    uploadBrandImage: build.mutation<AdminBrand, { brandKey: string; slot: BrandImageSlot; file: File }>({
      query: ({ brandKey, slot, file }) => {
        const form = new FormData();
        form.append('file', file);
        return { url: pathTo(AdminBrandRoutes.brandImages[slot], { brandKey }), method: 'POST', body: form, timeout: 60_000 };
      },
      invalidatesTags: (_r, _e, { brandKey }) => brandTags(brandKey),
    }),
    deleteBrandFile: build.mutation<AdminBrand, { brandKey: string; fileName: string }>({
      query: ({ brandKey, fileName }) => ({ url: pathTo(AdminBrandRoutes.brandFile, { brandKey, fileName }), method: 'DELETE' }),
      invalidatesTags: (_r, _e, { brandKey }) => brandTags(brandKey),
    }),
    getBrandInstanceDefaults: build.query<BrandInstanceDefaults, void>({
      query: () => AdminBrandRoutes.instanceDefaults,
      providesTags: [{ type: 'Brand', id: 'INSTANCE-DEFAULTS' }],
    }),
    setBrandInstanceDefaults: build.mutation<BrandInstanceDefaults, BrandInstanceDefaults>({
      query: (body) => {
        // the default brand is part of /InstanceSettings: the refetch after this must pass the browser's 7-day cache
        bumpInstanceSettingsVersion();
        return { url: AdminBrandRoutes.instanceDefaults, method: 'PUT', body };
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
