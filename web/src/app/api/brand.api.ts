// The current brand (theme, logos, login layout) and the URLs of its files.
import { ApiBase, BrandRoutes, pathTo, type Brand } from '@atrium/contract';
import { baseApi } from './base-api';

export const brandApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBrand: build.query<Brand, string>({
      query: (brandKey) => pathTo(BrandRoutes.brand, { brandKey }),
      providesTags: (_r, _e, brandKey) => [{ type: 'Brand', id: brandKey }],
    }),
  }),
});

export const { useGetBrandQuery } = brandApi;

/** Brand files change name when replaced; the modification time busts caches of same-named files. */
export const brandFileUrl = (brand: Pick<Brand, 'brandKey' | 'lastModifiedAt'>, fileName: string | null): string | null =>
  fileName ? `${ApiBase}${pathTo(BrandRoutes.brandFile, { brandKey: brand.brandKey, fileName })}?v=${encodeURIComponent(brand.lastModifiedAt)}` : null;
