// Instance settings, feature flags and the current brand key, for any screen.
import { DefaultBrandKey, type FeatureFlag } from '@atrium/contract';
import { useGetFeatureFlagsQuery, useGetInstanceSettingsQuery } from '../api/instance.api';

export function useInstanceSettings() {
  const { data, isLoading, isError, refetch } = useGetInstanceSettingsQuery();
  return { settings: data, isLoading, isError, refetch, brandKey: data?.defaults.defaultBrandKey || DefaultBrandKey };
}

type KnownFlag = 'ShowFooter' | 'ShowReleaseNotes' | 'ShowQuickStartTour';

/** A flag counts as off until the list says otherwise. */
export function useFeatureFlag(name: KnownFlag): boolean {
  const { data } = useGetFeatureFlagsQuery();
  return data?.some((flag: FeatureFlag) => flag.name === name && flag.enabled) ?? false;
}
