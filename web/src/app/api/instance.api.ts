// Instance-wide data every screen may need: settings, feature flags and build info.
import {
  InstanceRoutes,
  InstanceSettingsCacheSeconds,
  InstanceSettingsVersionKey,
  type BuildInfo,
  type FeatureFlag,
  type InstanceSettings,
} from '@atrium/contract';
import { baseApi } from './base-api';

/**
 * Browsers may keep /InstanceSettings for 7 days (docs/product.md §9). After this browser changed a setting it
 * asks with a new version query, which no cache holds; the version is kept so that reloads do too.
 */
const settingsVersion = (): string | null => {
  try {
    return localStorage.getItem(InstanceSettingsVersionKey);
  } catch {
    return null;
  }
};

/** Call before a change of instance settings; the next fetch of /InstanceSettings then passes every cache. */
export function bumpInstanceSettingsVersion(): void {
  try {
    localStorage.setItem(InstanceSettingsVersionKey, String(Date.now()));
  } catch {
    // storage unavailable: the refetch may then come from the browser cache until it expires
  }
}

export const instanceApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getInstanceSettings: build.query<InstanceSettings, void>({
      query: () => {
        const v = settingsVersion();
        return v ? { url: InstanceRoutes.instanceSettings, params: { v } } : InstanceRoutes.instanceSettings;
      },
      keepUnusedDataFor: InstanceSettingsCacheSeconds,
      providesTags: ['InstanceSettings'],
    }),
    getBuildInfo: build.query<BuildInfo, void>({ query: () => InstanceRoutes.buildInfo }),
    getFeatureFlags: build.query<FeatureFlag[], void>({
      query: () => InstanceRoutes.features,
      transformResponse: (response: { items: FeatureFlag[] }) => response.items,
      providesTags: ['Features'],
    }),
  }),
});

export const { useGetInstanceSettingsQuery, useGetBuildInfoQuery, useGetFeatureFlagsQuery } = instanceApi;
