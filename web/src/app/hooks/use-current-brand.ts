import { useGetBrandQuery } from '../api/brand.api';
import { useInstanceSettings } from './use-instance';

/** The brand of this instance (defaults.defaultBrandKey, else "default"). */
export function useCurrentBrand() {
  const { brandKey, isLoading: settingsLoading } = useInstanceSettings();
  const { data, isLoading } = useGetBrandQuery(brandKey, { skip: settingsLoading });
  return { brand: data, isLoading: settingsLoading || isLoading };
}
