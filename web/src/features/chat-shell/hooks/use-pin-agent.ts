// Pin and unpin with docs/product.md §4's notices (the unpin notice only where the caller asks, i.e. the Recent
// list) and §8's failures. The busy state lingers 1000 ms (§9) so the toggle does not flicker.
import type { GptSystemListItem } from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { useSetAgentPinnedMutation } from '../api/pin-agent.api';

export const PinLoadingLingerMs = 1000;

export function usePinAgent({ unpinNotice }: { unpinNotice: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [setPinned] = useSetAgentPinnedMutation();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

  const settle = (id: string) => setTimeout(() => setBusy((prev) => new Set([...prev].filter((x) => x !== id))), PinLoadingLingerMs);

  const toggle = async (agent: Pick<GptSystemListItem, 'gptSystemId' | 'isPinned'>) => {
    const id = agent.gptSystemId;
    if (busy.has(id)) return;
    setBusy((prev) => new Set(prev).add(id));
    const pinned = !agent.isPinned;
    const result = await setPinned({ gptSystemId: id, pinned });
    if (result.error) enqueueSnackbar(t(pinned ? 'chat.pinFailed' : 'chat.unpinFailed'), { variant: 'error' });
    else if (pinned) enqueueSnackbar(t('chat.agentPinned'), { variant: 'success' });
    else if (unpinNotice) enqueueSnackbar(t('chat.agentUnpinned'), { variant: 'success' });
    settle(id);
  };

  return { toggle, isBusy: (id: string) => busy.has(id) };
}
