// The audit filters live in the address (?type=User&aggregateRootId=…), so a filtered view can be
// linked and survives a reload. Text inputs reach the address after 300 ms of quiet.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { AuditFilters } from '../api/audit.api';

export const FilterKeys = ['type', 'aggregateRootId', 'userName', 'domainOperation', 'details', 'timeStampFrom', 'timeStampTo'] as const;

export function useAuditFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => Object.fromEntries(FilterKeys.map((k) => [k, params.get(k) ?? ''])) as unknown as AuditFilters, [params]);
  const setFilters = useCallback(
    (patch: Partial<AuditFilters>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [k, v] of Object.entries(patch)) {
            if (v) next.set(k, v);
            else next.delete(k);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const clear = useCallback(() => setParams({}, { replace: true }), [setParams]);
  return { filters, setFilters, clear, active: FilterKeys.some((k) => filters[k]) };
}
