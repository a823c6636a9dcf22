// The moderation filters live in the address (?reportStatus=Open&gptSystemId=…), so a filtered view can be linked and
// survives a reload. Without any, the page shows the open reports: what a moderator has to do.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ModerationFilters } from '../api/moderation.api';

const FilterKeys = ['reportStatus', 'gptSystemId', 'createdFrom', 'createdTo'] as const;
/** ?reportStatus=Any shows both statuses; no reportStatus at all means Open */
const AnyStatus = 'Any';

export function useModerationFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo((): ModerationFilters => {
    const status = params.get('reportStatus') ?? 'Open';
    return {
      reportStatus: status === AnyStatus ? '' : status,
      gptSystemId: params.get('gptSystemId') ?? '',
      createdFrom: params.get('createdFrom') ?? '',
      createdTo: params.get('createdTo') ?? '',
    };
  }, [params]);
  const setFilters = useCallback(
    (patch: Partial<ModerationFilters>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [k, v] of Object.entries(patch)) {
            if (k === 'reportStatus') {
              if (v === 'Open') next.delete(k);
              else next.set(k, v || AnyStatus);
            } else if (v) next.set(k, v);
            else next.delete(k);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const clear = useCallback(() => setParams({}, { replace: true }), [setParams]);
  const active = FilterKeys.some((k) => params.has(k));
  return { filters, setFilters, clear, active };
}
