// Instance-wide data every screen may need: settings, feature flags and build info.
import { InstanceSettingsCacheSeconds, Routes, type BuildInfo, type FeatureFlag, type InstanceSettings } from '@atrium/contract';
import { baseApi } from './base-api';

export const instanceApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getInstanceSettings: build.query<InstanceSettings, void>({
      query: () => Routes.instanceSettings,
      keepUnusedDataFor: InstanceSettingsCacheSeconds,
      providesTags: ['InstanceSettings'],
    }),
    getBuildInfo: build.query<BuildInfo, void>({ query: () => Routes.buildInfo }),
    getFeatureFlags: build.query<FeatureFlag[], void>({
      query: () => Routes.features,
      transformResponse: (response: { items: FeatureFlag[] }) => response.items,
      providesTags: ['Features'],
    }),
  }),
});

export const { useGetInstanceSettingsQuery, useGetBuildInfoQuery, useGetFeatureFlagsQuery } = instanceApi;
