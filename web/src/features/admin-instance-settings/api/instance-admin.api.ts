// Admin instance settings (docs/product.md §7): keys (only whether one is set ever comes back), Claude, HIPAA,
// agent settings with feature flags, branding and favicons. Changes that show in /InstanceSettings or
// /features/List bump the settings version first, so the refetch passes the browser's 7-day cache.
import {
  InstanceAdminRoutes,
  InstanceRoutes,
  pathTo,
  type ApiKeyStatus,
  type BrandingSettings,
  type ClaudeEnabled,
  type Favicon,
  type FaviconList,
  type GptInstanceSettings,
  type GptInstanceSettingsUpdate,
  type HipaaSettings,
  type InstanceApiKeyProvider,
  type RetentionDays,
  type RetentionRunQueued,
  type RetentionSettings,
} from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';
import { bumpInstanceSettingsVersion } from '../../../app/api/instance.api';

const tag = (id: string) => ({ type: 'InstanceSettings' as const, id: `ADMIN-${id}` });

export const instanceAdminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getApiKeyStatus: build.query<ApiKeyStatus, InstanceApiKeyProvider>({
      query: (provider) => pathTo(InstanceAdminRoutes.apiKey, { provider }),
      providesTags: (_r, _e, provider) => [tag(`key-${provider}`)],
    }),
    setApiKey: build.mutation<ApiKeyStatus, { provider: InstanceApiKeyProvider; apiKey: string }>({
      query: ({ provider, apiKey }) => ({ url: pathTo(InstanceAdminRoutes.apiKey, { provider }), method: 'PUT', body: { apiKey } }),
      invalidatesTags: (_r, _e, { provider }) => [tag(`key-${provider}`), tag('claude-enabled')],
    }),
    deleteApiKey: build.mutation<void, InstanceApiKeyProvider>({
      query: (provider) => ({ url: pathTo(InstanceAdminRoutes.apiKey, { provider }), method: 'DELETE' }),
      invalidatesTags: (_r, _e, provider) => [tag(`key-${provider}`), tag('claude-enabled')],
    }),
    getClaudeEnabled: build.query<ClaudeEnabled, void>({ query: () => InstanceAdminRoutes.claudeEnabled, providesTags: [tag('claude-enabled')] }),
    getHipaa: build.query<HipaaSettings, void>({ query: () => InstanceAdminRoutes.hipaa, providesTags: [tag('hipaa')] }),
    setHipaa: build.mutation<HipaaSettings, HipaaSettings>({
      query: (body) => {
        bumpInstanceSettingsVersion();
        return { url: InstanceAdminRoutes.hipaa, method: 'PUT', body };
      },
      // HIPAA mode's retention defaults apply while no retention settings were saved
      invalidatesTags: [tag('hipaa'), tag('retention'), 'InstanceSettings'],
    }),
    getRetention: build.query<RetentionSettings, void>({ query: () => InstanceAdminRoutes.retention, providesTags: [tag('retention')] }),
    setRetention: build.mutation<RetentionSettings, RetentionDays>({
      query: (body) => ({ url: InstanceAdminRoutes.retention, method: 'PUT', body }),
      invalidatesTags: [tag('retention')],
    }),
    resetRetention: build.mutation<RetentionSettings, void>({
      query: () => ({ url: InstanceAdminRoutes.retention, method: 'DELETE' }),
      invalidatesTags: [tag('retention')],
    }),
    runRetention: build.mutation<RetentionRunQueued, void>({ query: () => ({ url: InstanceAdminRoutes.retentionRun, method: 'POST' }) }),
    getGptInstanceSettings: build.query<GptInstanceSettings, void>({ query: () => InstanceAdminRoutes.gptInstanceSettings, providesTags: [tag('gpt')] }),
    setGptInstanceSettings: build.mutation<GptInstanceSettings, GptInstanceSettingsUpdate>({
      query: (body) => {
        bumpInstanceSettingsVersion();
        return { url: InstanceAdminRoutes.gptInstanceSettings, method: 'PUT', body };
      },
      invalidatesTags: [tag('gpt'), 'InstanceSettings', 'Features'],
    }),
    getBranding: build.query<BrandingSettings, void>({ query: () => InstanceAdminRoutes.branding, providesTags: [tag('branding')] }),
    setBranding: build.mutation<BrandingSettings, BrandingSettings>({
      query: (body) => {
        bumpInstanceSettingsVersion();
        return { url: InstanceAdminRoutes.branding, method: 'PUT', body };
      },
      invalidatesTags: [tag('branding'), 'InstanceSettings'],
    }),
    listFavicons: build.query<FaviconList, void>({ query: () => InstanceRoutes.customFavicons, providesTags: [tag('favicons')] }),
    uploadFavicon: build.mutation<Favicon, { file: File; fileName?: string }>({
      query: ({ file, fileName }) => {
        bumpInstanceSettingsVersion();
        const form = new FormData();
        form.append('file', file);
        return { url: InstanceAdminRoutes.favicons, method: 'PUT', body: form, ...(fileName ? { params: { fileName } } : {}), timeout: 60_000 };
      },
      invalidatesTags: [tag('favicons'), 'InstanceSettings'],
    }),
    deleteFavicons: build.mutation<void, void>({
      query: () => {
        bumpInstanceSettingsVersion();
        return { url: InstanceAdminRoutes.favicons, method: 'DELETE' };
      },
      invalidatesTags: [tag('favicons'), 'InstanceSettings'],
    }),
  }),
});

export const {
  useGetApiKeyStatusQuery,
  useSetApiKeyMutation,
  useDeleteApiKeyMutation,
  useGetClaudeEnabledQuery,
  useGetHipaaQuery,
  useSetHipaaMutation,
  useGetRetentionQuery,
  useSetRetentionMutation,
  useResetRetentionMutation,
  useRunRetentionMutation,
  useGetGptInstanceSettingsQuery,
  useSetGptInstanceSettingsMutation,
  useGetBrandingQuery,
  useSetBrandingMutation,
  useListFaviconsQuery,
  useUploadFaviconMutation,
  useDeleteFaviconsMutation,
} = instanceAdminApi;
