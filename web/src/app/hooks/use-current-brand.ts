import { useGetBrandQuery } from '../api/brand.api';
import { useAppSelector } from '../state/hooks';
import { useInstanceSettings } from './use-instance';

/**
 * The brand the app themes itself from: the brand of the agent on screen in the chat (chat state
 * currentBrandKey), else the instance's (defaults.defaultBrandKey, else "default"). While an agent's
 * brand loads, or when it fails, the instance brand stays on screen.
 */
export function useCurrentBrand() {
  const { brandKey, isLoading: settingsLoading } = useInstanceSettings();
  const chatBrandKey = useAppSelector((s) => s.chat.currentBrandKey);
  const instanceBrand = useGetBrandQuery(brandKey, { skip: settingsLoading });
  const agentBrand = useGetBrandQuery(chatBrandKey ?? '', { skip: !chatBrandKey || chatBrandKey === brandKey });
  return { brand: (chatBrandKey && chatBrandKey !== brandKey && agentBrand.data) || instanceBrand.data, isLoading: settingsLoading || instanceBrand.isLoading };
}
